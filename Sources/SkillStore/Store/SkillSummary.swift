/// A skill and its latest version, for listings.
public struct SkillSummary: Sendable, Codable, Equatable {
    public var namespace: String
    public var name: String
    public var description: String
    public var latestLabel: String
    public var id: BlobID
    public var manifest: BlobID
    public var versions: Int
    public var publishedAt: String

    public var key: SkillKey { SkillKey(namespace: namespace, name: name) }
}
