import SkillStore

/// The latest version of a skill with what MCP serves of it: every file as
/// its bundle manifest records it, and the SKILL.md's front-matter.
public struct PublishedSkill: Sendable {
    /// One file: its path in the skill folder, its size and full SHA-256.
    public struct File: Sendable, Equatable {
        public var path: String
        public var size: Int
        public var sha256: String
        public var id: BlobID

        public var digest: String { "sha256:\(sha256)" }
    }

    public var version: SkillVersion
    /// In path order, as the manifest lists them.
    public var files: [File]
    /// The SKILL.md's front-matter as JSON, every key the author wrote.
    public var frontMatter: JSONValue

    public var key: SkillKey { version.key }
    public var uri: SkillURI { SkillURI.skillFile(key) }

    public func uri(of file: File) -> SkillURI { SkillURI(skill: key, path: file.path) }

    /// The front-matter's name, else the stored name (a file without
    /// front-matter is named by its folder).
    public var declaredName: String { frontMatter["name"]?.stringValue ?? version.name }
}
