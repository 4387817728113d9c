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
    public var files: [BundleManifest.Entry]
}

/// A skill and its latest version, for listings.
public struct SkillSummary: Sendable, Codable, Equatable {
    public var name: String
    public var description: String
    public var latestLabel: String
    public var id: BlobID
    public var manifest: BlobID
    public var versions: Int
    public var publishedAt: String
}

/// A stored byte string.
public struct Blob: Sendable, Equatable {
    public init(digest: BlobDigest, bytes: [UInt8]) {
        self.digest = digest
        self.bytes = bytes
    }

    public var digest: BlobDigest
    public var bytes: [UInt8]

    public var id: BlobID { digest.id }
}
