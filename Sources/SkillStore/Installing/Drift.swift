import Foundation

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
        lock.skills.flatMap { find(in: folder, skill: $0) }
    }

    /// What installing the skills `names` into `folder` would destroy: the
    /// drift of each one's installed folder from its lock entry, and a
    /// `DIR/<name>` the lock does not name at all (reported as added), or that
    /// is not a folder (changed). A skill with nothing at `DIR/<name>` has
    /// nothing to lose.
    public static func overwritten(byInstalling names: [String], in folder: String, lock: SkillLock) -> [Drift] {
        var drift: [Drift] = []
        for name in Set(names).sorted() {
            let root = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(root, &info) == 0 else { continue }
            if info.st_mode & S_IFMT != S_IFDIR {
                drift.append(Drift(kind: .changed, path: name, detail: "not a folder"))
            } else if let skill = lock.skills.first(where: { $0.name == name }) {
                drift += find(in: folder, skill: skill)
            } else {
                drift.append(Drift(kind: .added, path: name + "/", detail: "a folder the lock file does not name"))
            }
        }
        return drift
    }

    /// How one locked skill's folder differs from its entry.
    static func find(in folder: String, skill: SkillLock.Skill) -> [Drift] {
        var drift: [Drift] = []
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
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                drift.append(Drift(kind: .changed, path: shown, detail: "not a regular file"))
                continue
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                drift.append(Drift(kind: .changed, path: shown, detail: "cannot be read"))
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
