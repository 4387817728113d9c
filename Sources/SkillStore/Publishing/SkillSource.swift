import Foundation

/// Where a skill to publish lives on disk: a folder holding `SKILL.md` (the
/// whole folder is its bundle) or a single Markdown file (a bundle of one).
public struct SkillSource: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case folder, file }
    var kind: Kind
    /// The folder, or the file, as a path.
    public var path: String
    /// The namespace the skill is published into.
    public var namespace = Namespace.defaultName
    /// Where the skill sits in its pack: its folder's path below the folder
    /// named to `publish` (or an archive's top-level folder), "" for that
    /// folder itself or a single file. The same wherever the pack is
    /// checked out, and the same sent as an archive.
    public var placeInPack = ""
    /// The names of up to three folders nearest above the skill's folder,
    /// or around its lone file, outermost first: what names it apart from a
    /// skill of the same name when the folders of its pack do not
    /// (`PreparedSkill.namedApart`). Set by `discover`, and by an
    /// archive's reader from what its sender recorded; empty otherwise.
    public var namingFolders: [String] = []

    init(kind: Kind, path: String, namespace: String = Namespace.defaultName, placeInPack: String = "") {
        self.kind = kind
        self.path = path
        self.namespace = namespace
        self.placeInPack = placeInPack
    }

    /// `namingFolders` of a skill folder, or of a lone file, at `path`.
    static func namingFolders(of path: String) -> [String] {
        namingFolders(standardized: URL(fileURLWithPath: path).standardizedFileURL.pathComponents)
    }

    /// `namingFolders` from the components of a standardized path: those
    /// above its last.
    private static func namingFolders(standardized components: [String]) -> [String] {
        Array(components.dropLast().filter { $0 != "/" }.suffix(3))
    }

    /// The path of the skill's Markdown file.
    public var skillFilePath: String {
        kind == .folder ? (path as NSString).appendingPathComponent("SKILL.md") : path
    }

    /// The folder's name, which a skill published from a folder must carry.
    public var folderName: String? {
        kind == .folder ? URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent : nil
    }

    /// Finds the skills under each path: a SKILL.md or other Markdown file, a
    /// skill folder, or a folder holding skill folders at any depth (a pack).
    /// A skill folder inside another skill's folder is a skill too (real
    /// packs nest them, and the MCP Skills extension reads them so), and
    /// its files stay in the outer skill's bundle as well. Skills nearer the
    /// pack's root come first, each followed by those inside its folder
    /// (`nearestRootFirst`). Hidden entries (names starting
    /// with `.`) and symlinked folders are not searched, except that a
    /// folder with no skill outside hidden folders is searched in them too
    /// (never in `.git`). Throws when a path does not exist or holds no skill.
    ///
    /// Each skill goes into `namespace` when it is given, else into the one
    /// its pack declares (`PackSettings`), else into the default namespace.
    public static func discover(_ paths: [String], namespace: String? = nil) throws(InputRefused) -> [SkillSource] {
        var problems: [Diagnostic] = []
        var settings: [String: PackSettings?] = [:]
        // Each path's skills, with their standardized paths.
        var everyFound: [[(source: SkillSource, standardized: String)]] = []
        for path in paths {
            var found: [SkillSource] = []
            everyFound.append([])
            // A path named on the command line is followed if it is a symlink;
            // only links inside a skill folder are held to its bounds.
            switch FileKind(path, followingLinks: true) {
            case .missing:
                problems.append(Diagnostic(path: path, location: nil, message: "no such file or folder", code: "path-missing"))
            case .file:
                found = [SkillSource(kind: .file, path: path)]
            case .directory:
                // A pack that keeps its skills only in hidden folders
                // (`.claude/skills/`, `.curated/`) is searched there too.
                var folders = skillFolders(under: path, hidden: false)
                if folders.isEmpty { folders = skillFolders(under: path, hidden: true) }
                if folders.isEmpty {
                    problems.append(Diagnostic(
                        path: path, location: nil,
                        message: "no SKILL.md in this folder or any folder below it", code: "skill-missing"))
                }
                found = nearestRootFirst(
                    folders.map { SkillSource(kind: .folder, path: $0.path, placeInPack: $0.place) }, place: \.placeInPack)
            case .symlink, .other:
                problems.append(Diagnostic(
                    path: path, location: nil, message: "not a regular file or folder", code: "path-kind"))
            }
            let root = found.first?.kind == .file ? (path as NSString).deletingLastPathComponent : path
            for var source in found {
                if let namespace {
                    source.namespace = namespace
                } else {
                    let folder = source.kind == .folder ? source.path : (source.path as NSString).deletingLastPathComponent
                    do {
                        if let declared = try PackSettings.applying(
                            to: folder.isEmpty ? "." : folder, below: root.isEmpty ? "." : root, cache: &settings)?.namespace {
                            source.namespace = declared
                        }
                    } catch {
                        // One broken settings file is reported once, not once per skill of its pack.
                        problems += error.diagnostics.filter { problem in !problems.contains { $0.description == problem.description } }
                    }
                }
                let standardized = URL(fileURLWithPath: source.path).standardizedFileURL
                source.namingFolders = Self.namingFolders(standardized: standardized.pathComponents)
                everyFound[everyFound.count - 1].append((source, standardized.path))
            }
        }
        guard problems.isEmpty else { throw InputRefused(problems) }
        // A skill named twice (`publish pack pack/pdf`) is one skill,
        // published once: where a path's walk found it inside its pack (in
        // its pack's order, and in its outer skill's bundle when sent to a
        // server), not as a path of its own, else where first found.
        let foundInside = Set(everyFound.joined().filter { !$0.source.placeInPack.isEmpty }.map(\.standardized))
        var seen: Set<String> = []
        return everyFound.joined().filter { found in
            !(found.source.placeInPack.isEmpty && foundInside.contains(found.standardized)) && seen.insert(found.standardized).inserted
        }.map(\.source)
    }

    /// Skill folders in the order a publish takes them, from `folders` in
    /// walk order (an outer skill folder before those inside it; `place` is
    /// each one's path in the pack): the skills nearest the pack's root
    /// first, each followed by the skills inside its folder, in the same
    /// order. Of two skills declaring one name, the first keeps it and the
    /// other is named apart (`PreparedSkill.namedApart`): the copy nearest
    /// the root is the pack's own, the deeper ones vendored or backed-up
    /// copies (`backups/2025-10-19/plugins/...`). A skill inside another's
    /// folder travels in that one's bundle to a server, which finds it
    /// there: keeping it with its outer skill keeps the order a server
    /// takes.
    static func nearestRootFirst<Folder>(_ folders: [Folder], place: (Folder) -> String) -> [Folder] {
        let places = folders.map(place)
        let depths = places.map { place in place.isEmpty ? 0 : place.utf8.count { $0 == UInt8(ascii: "/") } + 1 }
        // Each folder's nearest outer skill folder: the walk visits it last before.
        var inside = [[Int]](repeating: [], count: folders.count + 1)  // the last is the pack
        var open: [Int] = []
        for index in folders.indices {
            while let outer = open.last, !(places[outer].isEmpty || places[index].utf8.starts(with: (places[outer] + "/").utf8)) {
                open.removeLast()
            }
            inside[open.last ?? folders.count].append(index)
            open.append(index)
        }
        func nearestFirst(_ indices: [Int]) -> [Int] { indices.sorted { (depths[$0], $0) < (depths[$1], $1) } }
        // Depth first, without recursion: an archive's nesting is the sender's to choose.
        var ordered: [Int] = []
        var pending = Array(nearestFirst(inside[folders.count]).reversed())
        while let next = pending.popLast() {
            ordered.append(next)
            pending += nearestFirst(inside[next]).reversed()
        }
        return ordered.map { folders[$0] }
    }

    /// The skill folders at and below `root`, outer first, paths sorted,
    /// each with its path below the first `root` (`place`, "" for it).
    /// With `hidden`, folders whose names start with `.` are searched too,
    /// but never a version control system's own (`.git`, `.hg`, `.svn`).
    private static func skillFolders(under root: String, place: String = "", hidden: Bool) -> [(path: String, place: String)] {
        var found: [(path: String, place: String)] = []
        if FileKind((root as NSString).appendingPathComponent("SKILL.md")) != .missing { found.append((root, place)) }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for entry in entries.sorted() where hidden ? ![".git", ".hg", ".svn"].contains(entry) : !entry.hasPrefix(".") {
            let child = (root as NSString).appendingPathComponent(entry)
            if FileKind(child) == .directory {
                found += skillFolders(under: child, place: place.isEmpty ? entry : place + "/" + entry, hidden: hidden)
            }
        }
        return found
    }
}
