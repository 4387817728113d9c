/// The skills of an uploaded tar archive (`TarArchive`), found in memory as
/// a publish from disk finds them in a folder: each top-level folder is a
/// skill folder or a pack of them at any depth, each top-level file a lone
/// SKILL.md, in the order the archive names them. Names starting with `.` are skipped, as on disk (tar on macOS
/// adds `._name` companions, Finder `.DS_Store`). Paths in bundles and
/// diagnostics are the archive's own, which the sender maps back to its
/// folders. A skill's git label travels in its SKILL.md's pax records.
struct ArchiveBundles {
    let limits: BundleReader.Limits
    /// Every visible file, by its path in the archive (a later entry for the
    /// same path replaces an earlier one, as unpacking would).
    private var files: [String: TarArchive.Entry] = [:]
    /// Every folder a visible file implies, with the names directly in it.
    private var children: [String: Set<String>] = [:]
    /// The keys of `files` in order: a folder's files are one run of it.
    private var sortedPaths: [String] = []
    /// The top-level names in the order the archive first names them: the
    /// order the sender listed its paths in, which a local publish keeps.
    private var topLevel: [String] = []

    init(_ entries: [TarArchive.Entry], limits: BundleReader.Limits) throws(InputRefused) {
        self.limits = limits
        guard !entries.isEmpty else { throw Self.refusal("the archive holds no file", code: "skill-missing") }
        for entry in entries {
            let parts = entry.path.split(separator: "/").map(String.init)
            if parts.contains(where: { $0.hasPrefix(".") }) { continue }
            var folder = ""
            for (index, part) in parts.enumerated() {
                let path = folder.isEmpty ? part : folder + "/" + part
                let isFile = index == parts.count - 1
                // A name that is a file in one entry and a folder in another
                // cannot be unpacked, and so cannot be published.
                if isFile ? children[path] != nil : files[path] != nil {
                    throw InputRefused([Diagnostic(
                        path: entry.path, location: nil, message: "cannot be unpacked (a file and a folder of the same name?)",
                        code: "bundle-archive")])
                }
                if folder.isEmpty && !children[folder, default: []].contains(part) { topLevel.append(part) }
                children[folder, default: []].insert(part)
                folder = path
            }
            files[entry.path] = entry
        }
        sortedPaths = files.keys.sorted()
        guard !topLevel.isEmpty else {
            throw Self.refusal("the archive holds no skill (hidden names are skipped)", code: "skill-missing")
        }
    }

    /// One result per skill, in the order a publish from disk would take
    /// them: a bundle, or why it cannot be made. Throws when a top-level
    /// folder holds no skill at all.
    func bundles() throws(InputRefused) -> [Result<SkillBundle, InputRefused>] {
        var found: [Result<SkillBundle, InputRefused>] = []
        var problems: [Diagnostic] = []
        for top in topLevel {
            if let entry = files[top] {
                let source = SkillSource(kind: .file, path: top)
                found.append(Result { () throws(InputRefused) in
                    if let problem = limits.sizeProblem(entry.bytes.count, at: top) { throw InputRefused([problem]) }
                    return SkillBundle(
                        source: source, files: [BundleFile(path: "SKILL.md", bytes: entry.bytes, executable: entry.executable)],
                        gitLabel: .carried(TarArchive.gitLabel(of: entry)))
                })
                continue
            }
            let folders = skillFolders(under: top)
            if folders.isEmpty {
                problems.append(Diagnostic(
                    path: top, location: nil, message: "no SKILL.md in this folder or any folder below it", code: "skill-missing"))
            }
            found += folders.map { folder in Result { () throws(InputRefused) in try bundle(at: folder) } }
        }
        guard problems.isEmpty else { throw InputRefused(problems) }
        return found
    }

    /// `folder` if it holds a SKILL.md, else the skill folders below it.
    private func skillFolders(under folder: String) -> [String] {
        let names = children[folder] ?? []
        if names.contains("SKILL.md") { return [folder] }
        return names.sorted().flatMap { name in
            let path = folder + "/" + name
            return children[path] == nil ? [] : skillFolders(under: path)
        }
    }

    /// Every file below `folder`, held to the same limits as a folder on disk.
    private func bundle(at folder: String) throws(InputRefused) -> SkillBundle {
        let prefix = folder + "/"
        var bundleFiles: [BundleFile] = []
        var problems: [Diagnostic] = []
        var total = 0
        var low = 0
        var high = sortedPaths.count
        while low < high {
            let middle = (low + high) / 2
            if sortedPaths[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        for path in sortedPaths[low...].prefix(while: { $0.hasPrefix(prefix) }) {
            let entry = files[path]!
            let relative = String(path.dropFirst(prefix.count))
            if let problem = relative.split(separator: "/").lazy.compactMap({ BundleReader.nameProblem($0, at: path) }).first {
                problems.append(problem)
                continue
            }
            if let problem = limits.sizeProblem(entry.bytes.count, at: path) {
                problems.append(problem)
                continue
            }
            total += entry.bytes.count
            if let problem = limits.totalProblem(total, at: path) ?? limits.countProblem(bundleFiles.count + 1, at: path) {
                problems.append(problem)
                break
            }
            bundleFiles.append(BundleFile(path: relative, bytes: entry.bytes, executable: entry.executable))
        }
        guard problems.isEmpty else { throw InputRefused(problems) }
        bundleFiles.sort(by: BundleFile.manifestOrder)
        let skillEntry = files[prefix + "SKILL.md"]
        return SkillBundle(
            source: SkillSource(kind: .folder, path: folder), files: bundleFiles,
            gitLabel: .carried(skillEntry.flatMap(TarArchive.gitLabel(of:))))
    }

    private static func refusal(_ message: String, code: String) -> InputRefused {
        InputRefused([Diagnostic(path: "request body", location: nil, message: message, code: code)])
    }
}

extension SkillBundle {
    /// The skills of an uploaded tar archive, one result per skill: its
    /// bundle, or why that skill cannot be published. Throws when the
    /// archive as a whole cannot be read or holds no skill.
    public static func bundles(
        inArchive archive: [UInt8], limits: BundleReader.Limits = .init()
    ) throws(InputRefused) -> [Result<SkillBundle, InputRefused>] {
        try ArchiveBundles(try TarArchive.read(archive), limits: limits).bundles()
    }
}

extension SkillBundle {
    /// The bundle as entries of an archive to upload, the inverse of
    /// `bundles(inArchive:)`: a folder's files under the folder `name`, a
    /// lone file as the file `name`, and what git said of the skill (when
    /// it was asked) in pax records on its SKILL.md.
    public func archiveEntries(named name: String, gitLabel: GitVersionLabel.Outcome?) -> [TarArchive.Entry] {
        let attributes = gitLabel.map(TarArchive.attributes) ?? [:]
        guard source.kind == .folder else {
            return files.prefix(1).map { TarArchive.Entry(path: name, bytes: $0.bytes, executable: false, attributes: attributes) }
        }
        return files.map { file in
            TarArchive.Entry(
                path: name + "/" + file.path, bytes: file.bytes, executable: file.executable,
                attributes: file.path == "SKILL.md" ? attributes : [:])
        }
    }
}
