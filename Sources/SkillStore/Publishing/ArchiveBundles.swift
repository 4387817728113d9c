/// The skills of an uploaded tar archive (`TarArchive`), found in memory as
/// a publish from disk finds them in a folder: each top-level folder is a
/// skill folder or a pack of them at any depth, each top-level file a lone
/// SKILL.md, in the order the archive names them (the order the sender
/// listed its paths in, which a local publish keeps). A skill folder inside
/// another is a skill too, and hidden folders are searched only when a
/// top-level folder has no skill outside them, as on disk; names starting
/// with `.` are never part of a bundle (tar on macOS adds `._name`
/// companions, Finder `.DS_Store`). Paths in bundles and diagnostics are the archive's own,
/// which the sender maps back to its folders. A skill's git label travels
/// in its SKILL.md's pax records.
///
/// The archive is held as a tree of folders, so reading it costs time and
/// memory in proportion to its size however deep its paths; and a path no
/// file system could hold (a name over 255 bytes, a path over 4,096) is
/// refused, as unpacking it would have been.
struct ArchiveBundles {
    static let maxNameBytes = 255
    static let maxPathBytes = 4096

    /// A folder of the archive: its files and folders by name.
    final class Folder {
        var files: [String: TarArchive.Entry] = [:]
        var folders: [String: Folder] = [:]
    }

    let limits: BundleReader.Limits
    private let root = Folder()
    /// The top-level names in the order the archive first names them.
    private var topLevel: [String] = []

    init(_ entries: [TarArchive.Entry], limits: BundleReader.Limits) throws(InputRefused) {
        self.limits = limits
        guard !entries.isEmpty else { throw Self.refusal("the archive holds no file", code: "skill-missing") }
        for entry in entries {
            let parts = entry.path.split(separator: "/").map(String.init)
            // Hidden names below the top are kept in the tree: discovery may
            // search hidden folders (as on disk), and bundles skip them.
            if parts.first?.hasPrefix(".") != false { continue }
            guard entry.path.utf8.count <= Self.maxPathBytes, parts.allSatisfy({ $0.utf8.count <= Self.maxNameBytes }) else {
                throw InputRefused([Diagnostic(
                    path: String(entry.path.prefix(200)) + (entry.path.count > 200 ? "..." : ""), location: nil,
                    message: "cannot be unpacked: a name is over \(Self.maxNameBytes) bytes or the path over \(Self.maxPathBytes)",
                    code: "bundle-archive")])
            }
            try insert(entry, parts: parts)
        }
        guard !topLevel.isEmpty else {
            throw Self.refusal("the archive holds no skill (hidden names are skipped)", code: "skill-missing")
        }
    }

    private mutating func insert(_ entry: TarArchive.Entry, parts: [String]) throws(InputRefused) {
        // A name that is a file in one entry and a folder in another
        // cannot be unpacked, and so cannot be published.
        let conflict = InputRefused([Diagnostic(
            path: entry.path, location: nil, message: "cannot be unpacked (a file and a folder of the same name?)",
            code: "bundle-archive")])
        if root.files[parts[0]] == nil && root.folders[parts[0]] == nil { topLevel.append(parts[0]) }
        var folder = root
        for part in parts.dropLast() {
            if folder.files[part] != nil { throw conflict }
            if let next = folder.folders[part] {
                folder = next
            } else {
                let next = Folder()
                folder.folders[part] = next
                folder = next
            }
        }
        let name = parts[parts.count - 1]
        if folder.folders[name] != nil { throw conflict }
        folder.files[name] = entry
    }

    /// One result per skill, in the order a publish from disk would take
    /// them: a bundle, or why it cannot be made. Throws when a top-level
    /// folder holds no skill at all.
    func bundles() throws(InputRefused) -> [Result<SkillBundle, InputRefused>] {
        var found: [Result<SkillBundle, InputRefused>] = []
        var problems: [Diagnostic] = []
        for top in topLevel {
            if let entry = root.files[top] {
                var source = SkillSource(kind: .file, path: top)
                source.namingFolders = TarArchive.namingFolders(of: entry) ?? []
                found.append(Result { () throws(InputRefused) in
                    if let problem = limits.sizeProblem(entry.bytes.count, at: top) { throw InputRefused([problem]) }
                    return SkillBundle(
                        source: source, files: [BundleFile(path: "SKILL.md", bytes: entry.bytes, executable: entry.executable)],
                        gitLabel: .carried(TarArchive.gitLabel(of: entry)))
                })
                continue
            }
            guard let folder = root.folders[top] else { continue }
            // A pack that keeps its skills only in hidden folders is searched there too.
            var skills = Self.skillFolders(under: folder, path: top, hidden: false)
            if skills.isEmpty { skills = Self.skillFolders(under: folder, path: top, hidden: true) }
            if skills.isEmpty {
                problems.append(Diagnostic(
                    path: top, location: nil, message: "no SKILL.md in this folder or any folder below it", code: "skill-missing"))
            }
            let ordered = SkillSource.nearestRootFirst(skills) { Self.placeInPack(of: $0.folder, at: $0.path) }
            found += ordered.map { skill in Result { () throws(InputRefused) in try bundle(of: skill.folder, at: skill.path) } }
        }
        guard problems.isEmpty else { throw InputRefused(problems) }
        return found
    }

    /// The skill folders at and below `folder`, outer first, in name order,
    /// as `SkillSource.discover` walks a folder on disk: a skill folder inside
    /// another is a skill too; hidden folders are searched only with
    /// `hidden`, and never a version control system's. A loop, not
    /// recursion: an archive's depth is the sender's to choose.
    private static func skillFolders(under folder: Folder, path: String, hidden: Bool) -> [(folder: Folder, path: String)] {
        var found: [(folder: Folder, path: String)] = []
        var pending = [(folder: folder, path: path)]
        while let (folder, path) = pending.popLast() {
            if folder.files["SKILL.md"] != nil || folder.folders["SKILL.md"] != nil {
                found.append((folder, path))
            }
            // Pushed in reverse, so the first name comes off first.
            for name in folder.folders.keys.sorted().reversed()
            where hidden ? ![".git", ".hg", ".svn"].contains(name) : !name.hasPrefix(".") {
                pending.append((folder.folders[name]!, path + "/" + name))
            }
        }
        return found
    }

    /// Every file below `folder`, held to the same limits and name rules as
    /// a folder on disk (`BundleReader`).
    private func bundle(of folder: Folder, at path: String) throws(InputRefused) -> SkillBundle {
        var files: [BundleFile] = []
        var problems: [Diagnostic] = []
        var total = 0
        // Depth first in name order, as the reader walks a folder on disk:
        // a stack of folders, each with its sorted names and the next one to take.
        // Hidden names are never part of a bundle, as on disk.
        func level(_ folder: Folder, _ relative: String) -> (Folder, String, [String], Int) {
            (folder, relative, (Array(folder.files.keys) + Array(folder.folders.keys)).filter { !$0.hasPrefix(".") }.sorted(), 0)
        }
        var stack = [level(folder, "")]
        walk: while let (current, relative, names, index) = stack.last {
            guard index < names.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].3 = index + 1
            let name = names[index]
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            let shownPath = path + "/" + relativePath
            if let problem = BundleReader.nameProblem(name, at: shownPath) {
                problems.append(problem)
                continue
            }
            if let subfolder = current.folders[name] {
                stack.append(level(subfolder, relativePath))
                continue
            }
            let entry = current.files[name]!
            if let problem = limits.sizeProblem(entry.bytes.count, at: shownPath) {
                problems.append(problem)
                continue
            }
            total += entry.bytes.count
            if let problem = limits.totalProblem(total, at: shownPath) ?? limits.countProblem(files.count + 1, at: shownPath) {
                problems.append(problem)
                break walk
            }
            files.append(BundleFile(path: relativePath, bytes: entry.bytes, executable: entry.executable))
        }
        guard problems.isEmpty else { throw InputRefused(problems) }
        files.sort(by: BundleFile.manifestOrder)
        var source = SkillSource(kind: .folder, path: path, placeInPack: Self.placeInPack(of: folder, at: path))
        // As the SKILL.md says (what skillctl sends), else the folders above
        // it in the archive, below its top-level folder.
        source.namingFolders = folder.files["SKILL.md"].flatMap(TarArchive.namingFolders(of:))
            ?? Array(path.split(separator: "/").dropFirst().dropLast().suffix(3).map(String.init))
        return SkillBundle(
            source: source, files: files,
            gitLabel: .carried(folder.files["SKILL.md"].flatMap(TarArchive.gitLabel(of:))))
    }

    /// A skill folder's place in its pack: as its SKILL.md says (what
    /// skillctl sends), else its path below the archive's top-level folder.
    private static func placeInPack(of folder: Folder, at path: String) -> String {
        folder.files["SKILL.md"].flatMap(TarArchive.placeInPack(of:))
            ?? path.split(separator: "/").dropFirst().joined(separator: "/")
    }

    private static func refusal(_ message: String, code: String) -> InputRefused {
        InputRefused([Diagnostic(path: "request body", location: nil, message: message, code: code)])
    }
}
