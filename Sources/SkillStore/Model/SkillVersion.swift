/// One published version of a skill.
public struct SkillVersion: Sendable, Codable, Equatable {
    public var name: String
    public var label: String
    /// The publish sequence number, across the whole store.
    public var sequence: Int
    /// The SKILL.md blob's 16-hex id.
    public var id: String
    /// The SKILL.md blob's full SHA-256.
    public var digest: String
    /// The bundle manifest blob's 16-hex id.
    public var manifest: String
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
    public var id: String
    public var manifest: String
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

    public var id: String { digest.id }
}

/// Version labels name a publish: 1-128 printable characters with no space,
/// `@` (it separates name and label in `name@label`) or `/` (labels appear in
/// URL paths).
public enum VersionLabel {
    public static let maxLength = 128

    public static func problem(with label: String) -> String? {
        if label.isEmpty { return "is empty" }
        if label.count > maxLength { return "is longer than \(maxLength) characters" }
        if label.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            return "may not contain spaces or control characters"
        }
        if label.contains("@") || label.contains("/") { return "may not contain '@' or '/'" }
        return nil
    }
}
