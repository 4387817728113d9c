/// One published version of a skill.
public struct SkillVersion: Sendable, Codable, Equatable {
    public var name: String
    public var label: String
    /// The publish sequence number, across the whole store.
    public var sequence: Int
    /// The SKILL.md blob's id.
    public var id: BlobID
    /// The SKILL.md blob's full SHA-256.
    public var digest: String
    /// The bundle manifest blob's id.
    public var manifest: BlobID
    public var description: String
    public var publishedAt: String
    public var publishedBy: String
    var files: [BundleManifest.Entry]
}
