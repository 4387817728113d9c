import Foundation

extension PreparedSkill {
    /// This skill under an id no other skill of the publish has taken, when
    /// its declared name is taken by `earlier`, published before it in the
    /// same run (real packs ship copies: `skills/autoplan` and
    /// `skills/gstack/autoplan` both declare `autoplan`). The first free of:
    ///
    /// 1. the nearest folder above it in its pack whose name is not that of
    ///    a folder above the earlier one in its pack (nor the skill's name)
    ///    in front of the name: `gstack-autoplan`, and for a copy kept in
    ///    `backups/2025-10-19/plugins/docs/skills/pdf` beside
    ///    `plugins/docs/skills/pdf`, `2025-10-19-pdf`;
    /// 2. the names of the one, two or three folders nearest above it in
    ///    front of the name: `skills-pdf`, `docs-skills-pdf`;
    /// 3. the name and the first 8 hex of the SHA-256 of its place in its
    ///    pack (`SkillSource.placeInPack`): `pdf-1f2e3d4c`.
    ///
    /// The first and third depend only on where the skills sit in their
    /// packs; the second, for a skill less than three folders deep, also on
    /// the folders holding its pack. So publishing the pack again, from
    /// here or through a server, gives the same ids. The declared name is
    /// kept for display, with a `name-duplicate` warning. Nil only when all
    /// are taken; the skill is then refused.
    func namedApart(from earlier: SkillSource, taken: (SkillKey) -> Bool) -> PreparedSkill? {
        var candidates: [(id: String, how: String)] = []
        let theirs = Set(Self.foldersAbove(inPack: earlier))
        if let folder = Self.foldersAbove(inPack: source).last(where: { folder in
            guard let id = SkillName.derivedID(from: folder) else { return false }
            return id != name && !theirs.contains(folder)
        }), let id = prefixed(by: [folder]) {
            candidates.append((id, "named by the nearest folder above it that is not above the other"))
        }
        var folders = source.namingFolders
        var prefix: [String] = []
        while prefix.count < 3, let folder = folders.popLast() {
            prefix.insert(folder, at: 0)
            if let id = prefixed(by: prefix) {
                candidates.append((id, "named by the folders above it"))
            }
        }
        let digest = BlobDigest(of: Array(source.placeInPack.utf8)).hex.prefix(8)
        var stem = String(name.prefix(FrontMatterRules.maxNameLength - digest.count - 1))
        while stem.hasSuffix("-") { stem.removeLast() }
        candidates.append(("\(stem)-\(digest)", "named by its place in the pack ('\(source.placeInPack)')"))
        guard let (id, how) = candidates.first(where: { !taken(SkillKey(namespace: source.namespace, name: $0.id)) }) else {
            return nil
        }
        var renamed = self
        renamed.name = id
        renamed.declaredName = declaredName ?? name
        renamed.warnings.append(Diagnostic(
            path: source.skillFilePath, location: nameLocation, severity: .warning,
            // Kept with the version, so no path of the publisher's disk.
            message: "another skill of the same publish declares the name '\(name)' (from the folder "
                + "'\((earlier.path as NSString).lastPathComponent)'); this one is published as '\(id)', \(how)",
            code: "name-duplicate"))
        return renamed
    }

    /// The name with `folders` in front, as an id: the folders' part cut
    /// short when the whole would pass 64 characters, so that the name
    /// stays whole at the end (a search tells such copies by that
    /// ending, `NearDuplicate`). Nil when the folders give no id or no room
    /// is left for them.
    private func prefixed(by folders: [String]) -> String? {
        let room = FrontMatterRules.maxNameLength - name.utf8.count - 1
        guard room > 0, let whole = SkillName.derivedID(from: folders.joined(separator: "-")) else { return nil }
        var front = whole.prefix(room)
        while front.hasSuffix("-") { front = front.dropLast() }
        return front.isEmpty ? nil : front + "-" + name
    }

    /// The folders above a skill's folder (or holding its lone file) in its pack, outermost first.
    private static func foldersAbove(inPack source: SkillSource) -> [String] {
        source.placeInPack.split(separator: "/").dropLast(source.kind == .folder ? 1 : 0).map(String.init)
    }
}
