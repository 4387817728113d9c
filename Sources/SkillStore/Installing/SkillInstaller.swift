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
        public private(set) var entry: SkillLock.Skill
        let contents: [(BundleManifest.Entry, [UInt8])]

        /// This scanner's verdict on the fetched bytes, for when the store
        /// they came from has none.
        public func scanned() -> ScanVerdict {
            ScanVerdict(
                bundle: entry.manifest,
                findings: SkillScanner().scan(contents.map { (path: $0.0.path, bytes: $0.1) }))
        }

        /// The name its SKILL.md declares, as written and as the skill id it
        /// gives, when that id is not the name it is installed under
        /// (`DIR/<name>/`): a copy a publish named apart from another skill
        /// of its pack (`2025-10-19-pdf` declaring `pdf`). An agent that
        /// reads a skill's name from its SKILL.md knows it by the declared
        /// one. Nil when they agree (a declared `PDF Tools` published as
        /// `pdf-tools` does), when SKILL.md names no id (the folder's name
        /// is used), or when SKILL.md cannot be read.
        public var declaredNameApart: (declared: String, id: String)? {
            guard let file = contents.first(where: { $0.0.path == "SKILL.md" }),
                  let document = try? SkillDocument.parse(file.1, path: "SKILL.md", folderName: entry.name),
                  document.name != entry.name else { return nil }
            return (document.declaredName ?? document.name, document.name)
        }

        /// The same skill, its lock entry recording `verdict` as accepted.
        public func accepting(_ verdict: ScanSummary) -> Fetched {
            var accepted = self
            accepted.entry.scan = SkillLock.AcceptedVerdict(verdict)
            return accepted
        }
    }

    /// Installs `name` at `label` from the manifest with id `manifestID`,
    /// replacing what is at `DIR/<name>/`, and returns its lock entry.
    func install(_ skill: SkillKey, label: String, manifestID: BlobID) throws -> SkillLock.Skill {
        try write(try fetch(skill, label: label, manifestID: manifestID))
    }

    /// Fetches the manifest and every file and checks them; writes nothing.
    /// With `expecting`, the manifest must list exactly those files (a lock
    /// entry), else nothing is fetched further.
    public func fetch(
        _ skill: SkillKey, label: String, manifestID: BlobID, expecting: [SkillLock.File]? = nil
    ) throws -> Fetched {
        let name = skill.name
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
        return Fetched(entry: SkillLock.Skill(skill, label: label, manifest: manifestID, files: files), contents: contents)
    }

    /// Why skills cannot be installed into `path` (`is a file, not a
    /// folder`), or nil when it is a writable folder or one that can be
    /// created. Asked before anything is fetched, so that a wrong `--to` is
    /// said as such rather than as the error of the first write.
    public static func problem(withFolder path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                return info.st_mode & S_IFMT == S_IFREG ? "is a file, not a folder" : "is not a folder"
            }
            guard access(path, W_OK | X_OK) == 0 else { return "cannot be written to: \(String(cString: strerror(errno)).lowercased())" }
            return nil
        }
        // Missing: it is created below the nearest existing folder, which must be one and be writable.
        var ancestor = path
        while true {
            let parent = (ancestor as NSString).deletingLastPathComponent
            ancestor = parent.isEmpty ? "." : parent
            if lstat(ancestor, &info) == 0 || errno != ENOENT || ancestor == "/" || ancestor == "." { break }
        }
        guard stat(ancestor, &info) == 0 else { return "cannot be created: \(String(cString: strerror(errno)).lowercased())" }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "cannot be created: \(ancestor) is a file, not a folder" }
        guard access(ancestor, W_OK | X_OK) == 0 else {
            return "cannot be created in \(ancestor): \(String(cString: strerror(errno)).lowercased())"
        }
        return nil
    }

    /// Writes a fetched skill to `DIR/<name>/` and returns its lock entry.
    public func write(_ fetched: Fetched) throws -> SkillLock.Skill {
        do {
            return try writeUnchecked(fetched)
        } catch let error as InstallError {
            throw error
        } catch {
            throw InstallError(cannot: "install \(fetched.entry.name) into", folder, error)
        }
    }

    private func writeUnchecked(_ fetched: Fetched) throws -> SkillLock.Skill {
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
