import Foundation

/// A bundle's way over the wire: packed into the entries of an archive to
/// upload, and unpacked from one on the server (`ArchiveBundles`).
extension SkillBundle {
    /// The skills of an uploaded tar archive, one result per skill: its
    /// bundle, or why that skill cannot be published. Throws when the
    /// archive as a whole cannot be read or holds no skill.
    public static func bundles(
        inArchive archive: [UInt8], limits: BundleReader.Limits = .init()
    ) throws(InputRefused) -> [Result<SkillBundle, InputRefused>] {
        try ArchiveBundles(try TarArchive.read(archive), limits: limits).bundles()
    }

    /// The bundle as entries of an archive to upload, the inverse of
    /// `bundles(inArchive:)`: a folder's files under the folder `name`, a
    /// lone file as the file `name`, and what git said of the skill (when
    /// it was asked) in pax records on its SKILL.md.
    ///
    /// Each SKILL.md also carries its skill's place in the pack and its
    /// naming folders, so that the server names copies apart as a local
    /// publish does.
    ///
    /// `nestedGitLabels` are those of the skills nested in this one's folder,
    /// by their folder's path within it (`skills/inner`): they travel inside
    /// this bundle, each on its own SKILL.md.
    public func archiveEntries(
        named name: String, gitLabel: GitVersionLabel.Outcome?,
        nestedGitLabels: [String: GitVersionLabel.Outcome] = [:]
    ) -> [TarArchive.Entry] {
        var attributes = gitLabel.map(TarArchive.attributes) ?? [:]
        attributes[TarArchive.namingFoldersKey] = source.namingFolders.joined(separator: "/")
        guard source.kind == .folder else {
            return files.prefix(1).map { TarArchive.Entry(path: name, bytes: $0.bytes, executable: false, attributes: attributes) }
        }
        return files.map { file in
            var fileAttributes: [String: String] = [:]
            if file.path == "SKILL.md" {
                fileAttributes = attributes
                fileAttributes[TarArchive.placeKey] = source.placeInPack
            } else if file.path.hasSuffix("/SKILL.md") {
                // A skill nested in this one's folder: its place is below this one's.
                let folder = String(file.path.dropLast("/SKILL.md".count))
                if let label = nestedGitLabels[folder] { fileAttributes = TarArchive.attributes(for: label) }
                fileAttributes[TarArchive.placeKey] = source.placeInPack.isEmpty ? folder : source.placeInPack + "/" + folder
                fileAttributes[TarArchive.namingFoldersKey] = SkillSource.namingFolders(
                    of: (source.path as NSString).appendingPathComponent(folder)).joined(separator: "/")
            }
            return TarArchive.Entry(
                path: name + "/" + file.path, bytes: file.bytes, executable: file.executable, attributes: fileAttributes)
        }
    }
}
