import SkillStore

/// What the MCP server reads of a store: the latest version of each skill
/// and its files. Every store question goes through the SkillStore library;
/// this type only shapes the answers.
public struct SkillLibrary {
    public let store: SkillStore

    public init(store: SkillStore) { self.store = store }

    /// The latest versions of the skills that sort after `after`, at most
    /// `limit`, in the store's order (name, then namespace). Skills whose
    /// every version is yanked have no latest version and are left out.
    func skills(after: SkillKey?, limit: Int) throws -> [SkillKey] {
        try store.skills(after: after, limit: limit).map(\.key)
    }

    /// The latest version of `key` with its files; nil when there is none
    /// (no such skill, or every version yanked).
    func published(_ key: SkillKey) throws -> PublishedSkill? {
        let version: SkillVersion
        do {
            version = try store.version(of: key)
        } catch SkillStoreError.notFound {
            return nil
        }
        return try published(version)
    }

    /// `version` with its files and front-matter.
    func published(_ version: SkillVersion) throws -> PublishedSkill {
        let manifest = try store.blob(.id(version.manifest)).bytes
        let files = try Self.files(inManifest: manifest)
        let skillFile = try store.blob(.id(version.id)).bytes
        return PublishedSkill(version: version, files: files, frontMatter: Self.frontMatter(of: skillFile, version: version))
    }

    /// The bytes of the file `uri` names, verified against its digest by the store.
    func read(_ uri: SkillURI) throws -> (PublishedSkill, PublishedSkill.File, [UInt8])? {
        guard let skill = try published(uri.skill), let file = skill.files.first(where: { $0.path == uri.path }) else {
            return nil
        }
        let blob = try store.blob(.id(file.id))
        guard blob.digest.hex == file.sha256 else { throw SkillStoreError.corrupt("\(uri) does not match its manifest") }
        return (skill, file, blob.bytes)
    }

    /// The files a bundle manifest lists (its format is documented in
    /// docs/formats.md: `files` of `path`, `size`, `id`, `sha256`).
    static func files(inManifest bytes: [UInt8]) throws -> [PublishedSkill.File] {
        guard let manifest = try? JSONParser().parse(bytes), let entries = manifest["files"]?.arrayValue else {
            throw SkillStoreError.corrupt("a bundle manifest does not read as one")
        }
        return try entries.map { entry in
            guard let path = entry["path"]?.stringValue, let size = entry["size"]?.intValue,
                  let sha256 = entry["sha256"]?.stringValue, let id = entry["id"]?.stringValue.flatMap({ BlobID(hex: $0) })
            else { throw SkillStoreError.corrupt("a bundle manifest entry lacks a field") }
            return PublishedSkill.File(path: path, size: size, sha256: sha256, id: id)
        }
    }

    /// The front-matter of a stored SKILL.md as JSON. The Skills extension
    /// promises `name` and `description` in every entry; a file published
    /// without them (a lenient publish) gets the stored name and description.
    static func frontMatter(of skillFile: [UInt8], version: SkillVersion) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let document = try? SkillDocument.parse(skillFile, path: "SKILL.md", folderName: version.name),
           case .object(let parsed)? = try? JSONParser().parse(Array(document.frontMatterJSON.utf8)) {
            members = parsed
        }
        if !members.contains(where: { $0.0 == "description" }) {
            members.insert(("description", .string(version.description)), at: 0)
        }
        if !members.contains(where: { $0.0 == "name" }) {
            members.insert(("name", .string(version.declaredName ?? version.name)), at: 0)
        }
        return .object(members)
    }
}
