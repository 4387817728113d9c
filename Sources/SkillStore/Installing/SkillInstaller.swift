import CLinux
import Foundation

/// Writes skills into a folder, `DIR/<name>/`, from a manifest and a way to
/// fetch blobs (a local store or a server). Every file's SHA-256 is checked
/// against the manifest before anything is written, and each skill lands
/// whole or not at all: it is written into a hidden temporary folder beside
/// its place, then renamed into place.
public struct SkillInstaller {
    public let folder: String
    /// The bytes of a blob by its id; whatever it returns is checked.
    public let fetch: (BlobID) throws -> [UInt8]

    public init(folder: String, fetch: @escaping (BlobID) throws -> [UInt8]) {
        self.folder = folder
        self.fetch = fetch
    }

    /// A skill fetched and checked, not yet written.
    public struct Fetched {
        public let entry: SkillLock.Skill
        let contents: [(BundleManifest.Entry, [UInt8])]
    }

    /// Installs `name` at `label` from the manifest with id `manifestID`,
    /// replacing what is at `DIR/<name>/`, and returns its lock entry.
    public func install(name: String, label: String, manifestID: BlobID) throws -> SkillLock.Skill {
        try write(try fetch(name: name, label: label, manifestID: manifestID))
    }

    /// Fetches the manifest and every file and checks them; writes nothing.
    /// With `expecting`, the manifest must list exactly those files (a lock
    /// entry), else nothing is fetched further.
    public func fetch(
        name: String, label: String, manifestID: BlobID, expecting: [SkillLock.File]? = nil
    ) throws -> Fetched {
        if let problem = SkillName.problem(with: name) {
            throw InstallError("'\(name)' is not a skill name: it \(problem)")
        }
        let manifestBytes = try fetch(manifestID)
        guard BlobDigest(of: manifestBytes).id == manifestID else {
            throw InstallError("the bytes received for manifest \(manifestID) of \(name) do not hash to that id; nothing was written")
        }
        guard let manifest = BundleManifest.decode(manifestBytes) else {
            throw InstallError("blob \(manifestID) is not a bundle manifest")
        }
        try Self.refuseUnsafePaths(manifest, skill: name)
        let files = manifest.files.map {
            SkillLock.File(path: $0.path, size: $0.size, executable: $0.executable, sha256: $0.sha256.lowercased())
        }
        if let expecting, SkillLock.Skill.normalized(expecting) != SkillLock.Skill.normalized(files) {
            throw InstallError(
                "manifest \(manifestID) of \(name) lists other files than the lock file does; nothing was written")
        }

        // Everything is fetched and checked before the first write.
        var contents: [(BundleManifest.Entry, [UInt8])] = []
        for entry in manifest.files {
            let bytes = try fetch(entry.id)
            let digest = BlobDigest(of: bytes)
            guard digest.hex == entry.sha256.lowercased(), bytes.count == entry.size else {
                throw InstallError(
                    "\(name)/\(entry.path): the bytes received hash to \(digest), not to the manifest's "
                        + "sha256:\(entry.sha256); nothing was written")
            }
            contents.append((entry, bytes))
        }
        return Fetched(entry: SkillLock.Skill(name: name, label: label, manifest: manifestID, files: files), contents: contents)
    }

    /// Writes a fetched skill to `DIR/<name>/` and returns its lock entry.
    public func write(_ fetched: Fetched) throws -> SkillLock.Skill {
        let name = fetched.entry.name
        let contents = fetched.contents

        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let target = (folder as NSString).appendingPathComponent(name)
        let staging = (folder as NSString).appendingPathComponent(".\(name).pulling-\(UUID().uuidString.prefix(8))")
        defer { try? fileManager.removeItem(atPath: staging) }
        for (entry, bytes) in contents {
            let path = (staging as NSString).appendingPathComponent(entry.path)
            try fileManager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            guard fileManager.createFile(
                atPath: path, contents: Data(bytes), attributes: [.posixPermissions: entry.executable ? 0o755 : 0o644])
            else {
                throw InstallError("cannot write \(path)")
            }
        }
        // The new folder and the old one swap places in one step, and the
        // old one (now the staging folder) goes: DIR/<name> is always one
        // whole version or the other, whenever the process stops.
        let hadPrevious = fileManager.fileExists(atPath: target)
        if hadPrevious, skillstore_exchange_paths(staging, target) == 0 { return fetched.entry }
        // No earlier version, or no swap (a file system or kernel without it):
        // the old folder moves aside, the new one in, the old one goes. A
        // crash between those two renames leaves none (and the old one in
        // .<name>.replaced-*); pulling again restores it.
        let previous = (folder as NSString).appendingPathComponent(".\(name).replaced-\(UUID().uuidString.prefix(8))")
        if hadPrevious { try fileManager.moveItem(atPath: target, toPath: previous) }
        do {
            try fileManager.moveItem(atPath: staging, toPath: target)
        } catch {
            if hadPrevious { try? fileManager.moveItem(atPath: previous, toPath: target) }
            throw error
        }
        if hadPrevious { try? fileManager.removeItem(atPath: previous) }
        return fetched.entry
    }

    /// A manifest path must stay inside the skill's folder: relative, no
    /// `..`, `.` or empty parts, no NUL.
    static func refuseUnsafePaths(_ manifest: BundleManifest, skill: String) throws {
        for entry in manifest.files where !isSafe(entry.path) {
            throw InstallError(
                "the manifest of \(skill) names '\(entry.path)', a path outside the skill's folder; nothing was written")
        }
    }

    static func isSafe(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !(path.hasPrefix("/") || path.isEmpty || path.contains("\0")
            || parts.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }))
    }
}

/// How a folder differs from its lock file.
public struct Drift: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// A file the lock does not list.
        case added
        /// A locked file that is missing.
        case removed
        /// A locked file whose bytes or mode differ.
        case changed
    }

    public var kind: Kind
    /// `name/path`, relative to the folder.
    public var path: String
    public var detail: String?

    /// Compares every locked skill's folder with its entry. Hidden files
    /// (names starting with `.`) are not skills' files and are not reported.
    public static func find(in folder: String, lock: SkillLock) -> [Drift] {
        var drift: [Drift] = []
        for skill in lock.skills {
            let root = (folder as NSString).appendingPathComponent(skill.name)
            var present = Set(Self.files(under: root))
            for file in skill.files {
                let path = (root as NSString).appendingPathComponent(file.path)
                let shown = "\(skill.name)/\(file.path)"
                guard present.remove(file.path) != nil else {
                    drift.append(Drift(kind: .removed, path: shown, detail: nil))
                    continue
                }
                // A link is not the file that was pulled, whatever it points at.
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                      let data = FileManager.default.contents(atPath: path)
                else {
                    drift.append(Drift(kind: .changed, path: shown, detail: "not a regular file"))
                    continue
                }
                let digest = BlobDigest(of: data)
                if digest.hex != file.sha256 {
                    drift.append(Drift(
                        kind: .changed, path: shown,
                        detail: "\(data.count) bytes, sha256:\(digest.hex.prefix(16))…; locked \(file.size) bytes, sha256:\(file.sha256.prefix(16))…"))
                } else if FileManager.default.isExecutableFile(atPath: path) != file.executable {
                    drift.append(Drift(kind: .changed, path: shown, detail: file.executable ? "no longer executable" : "now executable"))
                }
            }
            for extra in present.sorted() {
                drift.append(Drift(kind: .added, path: "\(skill.name)/\(extra)", detail: nil))
            }
        }
        return drift
    }

    /// Everything but folders below `root` (files, links), relative,
    /// skipping hidden names; a link to a folder is not followed.
    static func files(under root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            var info = stat()
            if lstat((root as NSString).appendingPathComponent(relative), &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
                found.append(relative)
            }
        }
        return found
    }
}
