import SkillStore

/// `/.well-known/agent-skills/index.json`, as the Agent Skills Discovery
/// RFC (v0.2) has it: one entry per skill, of type `skill-md`, whose `url`
/// is the immutable blob URL of the latest version's SKILL.md and whose
/// `digest` is that file's SHA-256, so a client verifies what it fetched.
public struct DiscoveryIndex: Codable, Sendable, Equatable {
    public static let schemaURI = "https://schemas.agentskills.io/discovery/0.2.0/schema.json"
    /// The Agent Skills limit on a description.
    public static let maxDescriptionCharacters = 1024

    public struct Entry: Codable, Sendable, Equatable {
        public var name: String
        /// Always `skill-md`: each entry is one SKILL.md (a skill's other
        /// files are listed by its bundle manifest).
        public var type: String
        public var description: String
        public var url: String
        public var digest: String
    }

    public var schema: String
    public var skills: [Entry]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case skills
    }

    /// The index of `versions`, in the order given (the store's: by name,
    /// then namespace). Two namespaces' skills of one name are both listed.
    public init(versions: [SkillVersion]) {
        schema = Self.schemaURI
        skills = versions.map { version in
            Entry(
                name: version.name, type: "skill-md",
                description: String(version.description.prefix(Self.maxDescriptionCharacters)),
                url: APIPath.blob.path(version.id.hex), digest: "sha256:\(version.digest)")
        }
    }
}
