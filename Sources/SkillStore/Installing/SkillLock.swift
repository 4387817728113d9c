import Foundation

/// `skills.lock.json`: what a folder of installed skills holds, exactly.
/// Per skill its namespace, name, version label and bundle (manifest) id,
/// and each file's path, size, mode and full SHA-256. Written sorted
/// (skills by name, files by path, keys alphabetically), one key per line,
/// so that it diffs well and the same install always gives the same bytes.
///
/// Each entry also records the safety-scan verdict the pull accepted
/// (`scan`: scanner version and highest severity), an optional key that
/// older readers skip.
///
/// Format `skillstore.lock.v2` added the namespace. A `v1` lock, written
/// before namespaces, still reads: its skills are in the default namespace.
public struct SkillLock: Codable, Sendable, Equatable {
    public struct File: Codable, Sendable, Equatable {
        public var path: String
        public var size: Int
        public var executable: Bool
        var sha256: String

        public init(path: String, size: Int, executable: Bool, sha256: String) {
            self.path = path
            self.size = size
            self.executable = executable
            self.sha256 = sha256
        }
    }

    /// The safety scan's verdict a pull accepted for a skill: which
    /// scanner judged the bundle and the highest severity it found.
    public struct AcceptedVerdict: Codable, Sendable, Equatable {
        public var scannerVersion: String
        /// nil (`"none"` in the file) when nothing was found.
        public var highest: ScanSeverity?

        public init(_ summary: ScanSummary) {
            scannerVersion = summary.scannerVersion
            highest = summary.highest
        }

        private enum CodingKeys: String, CodingKey {
            case scannerVersion = "scanner_version"
            case highest
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            scannerVersion = try container.decode(String.self, forKey: .scannerVersion)
            highest = try ScanSummary.decodeHighest(container.decode(String.self, forKey: .highest))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(scannerVersion, forKey: .scannerVersion)
            try container.encode(highest?.rawValue ?? ScanSummary.clean, forKey: .highest)
        }
    }

    public struct Skill: Codable, Sendable, Equatable {
        /// Files in path order with lowercase digests, for comparing.
        static func normalized(_ files: [File]) -> [File] {
            files.map { file in
                var file = file
                file.sha256 = file.sha256.lowercased()
                return file
            }.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        }

        public var namespace: String
        public var name: String
        public var label: String
        /// The bundle manifest's id: one id pins every file.
        public var manifest: BlobID
        public var files: [File]
        /// The verdict accepted when it was pulled; absent in locks written
        /// before verdicts, and kept as it was by `pull --locked`.
        public var scan: AcceptedVerdict?

        public var key: SkillKey { SkillKey(namespace: namespace, name: name) }

        init(_ key: SkillKey, label: String, manifest: BlobID, files: [File]) {
            namespace = key.namespace
            name = key.name
            self.label = label
            self.manifest = manifest
            self.files = files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        }

        private enum CodingKeys: String, CodingKey { case namespace, name, label, manifest, files, scan }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // A v1 lock has no namespace: its skills are the default namespace's.
            namespace = try container.decodeIfPresent(String.self, forKey: .namespace) ?? Namespace.defaultName
            name = try container.decode(String.self, forKey: .name)
            label = try container.decode(String.self, forKey: .label)
            manifest = try container.decode(BlobID.self, forKey: .manifest)
            files = try container.decode([File].self, forKey: .files)
            scan = try container.decodeIfPresent(AcceptedVerdict.self, forKey: .scan)
        }
    }

    public static let fileName = "skills.lock.json"
    static let currentFormat = "skillstore.lock.v2"
    /// Formats this release reads: its own, and the one before namespaces.
    static let readableFormats = ["skillstore.lock.v1", currentFormat]

    public var format: String
    public var skills: [Skill]

    init(skills: [Skill] = []) {
        format = Self.currentFormat
        self.skills = skills.sorted { $0.key < $1.key }
    }

    /// Adds `skill`, replacing the entry installed in the same folder (of
    /// the same name).
    public mutating func record(_ skill: Skill) {
        skills.removeAll { $0.name == skill.name }
        skills.append(skill)
        skills.sort { $0.key < $1.key }
    }

    /// The entry installed in the folder `name`.
    public func skill(named name: String) -> Skill? { skills.first { $0.name == name } }

    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { preconditionFailure("a lock is always encodable") }
        return Array(data) + [0x0A]
    }

    /// The lock of `folder`, or an empty one when it has none.
    public static func read(in folder: String) throws -> SkillLock {
        try read(at: (folder as NSString).appendingPathComponent(fileName))
    }

    /// The lock file at `path`, which must exist (`SkillStoreError.notFound`
    /// otherwise, saying how one is made).
    public static func readExisting(at path: String) throws -> SkillLock {
        guard FileManager.default.fileExists(atPath: path) else {
            throw SkillStoreError.notFound("no lock file at \(path); 'skillctl pull ... --to DIR' writes DIR/\(fileName)")
        }
        return try read(at: path)
    }

    /// The lock file of `folder`, which must exist; a `folder` that is a
    /// file is a usage problem, said as such.
    public static func readExisting(in folder: String) throws -> SkillLock {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            throw UsageProblem("\(folder) is a file, not a folder of pulled skills")
        }
        return try readExisting(at: (folder as NSString).appendingPathComponent(fileName))
    }

    /// The lock file at `path`, or an empty lock when there is none.
    public static func read(at path: String) throws -> SkillLock {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                let reason = FileManager.default.isReadableFile(atPath: path) ? "it is not a file" : "permission denied"
                throw InstallError("\(path) cannot be read: \(reason)")
            }
            return SkillLock()
        }
        do {
            var lock = try JSONDecoder().decode(SkillLock.self, from: data)
            guard readableFormats.contains(lock.format) else {
                throw InstallError(
                    "\(path) is in format '\(lock.format)'; this skillctl reads \(readableFormats.joined(separator: " and "))")
            }
            // Written back in the current format, whatever it was read in.
            lock.format = currentFormat
            // A lock names folders and files to read and write: none may leave DIR.
            for skill in lock.skills {
                if let problem = SkillName.problem(with: skill.name) {
                    throw InstallError("\(path) names '\(skill.name)', which is not a skill name: it \(problem)")
                }
                if let problem = SkillName.problem(with: skill.namespace) {
                    throw InstallError("\(path) names the namespace '\(skill.namespace)' for \(skill.name), which is not one: it \(problem)")
                }
                for file in skill.files where !SkillInstaller.isSafe(file.path) {
                    throw InstallError("\(path) lists '\(file.path)' under \(skill.name), a path outside the skill's folder")
                }
            }
            return lock
        } catch let error as InstallError {
            throw error
        } catch let error as DecodingError {
            throw InstallError("\(path) is not a valid lock file: \(Self.reason(error))")
        } catch {
            throw InstallError("\(path) is not a valid lock file")
        }
    }

    /// What is wrong with a lock's JSON, in words (`skills[0] has no "label"`)
    /// rather than as the decoder's debug description.
    static func reason(_ error: DecodingError) -> String {
        func place(_ context: DecodingError.Context) -> String {
            var place = ""
            for key in context.codingPath {
                if let index = key.intValue { place += "[\(index)]" } else { place += (place.isEmpty ? "" : ".") + key.stringValue }
            }
            return place.isEmpty ? "the top level" : place
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(place(context)) has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(place(context)) is not of the expected type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not JSON" : "\(place(context)) is not valid"
        @unknown default:
            return "it is not a lock file's JSON"
        }
    }

    /// Writes the lock into `folder` atomically (a temporary file renamed over it).
    public func write(in folder: String) throws {
        let path = (folder as NSString).appendingPathComponent(Self.fileName)
        do {
            try Data(encoded()).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw InstallError(cannot: "write", path, error)
        }
    }
}
