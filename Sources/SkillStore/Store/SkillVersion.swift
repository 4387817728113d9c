/// One published version of a skill.
public struct SkillVersion: Sendable, Codable, Equatable {
    /// Who yanked a version, when and why.
    public struct Yank: Sendable, Codable, Equatable {
        public var at: String
        public var by: String
        public var reason: String
    }

    public var namespace: String
    public var name: String
    public var label: String
    /// The publish sequence number, across the whole store.
    public var sequence: Int
    /// The SKILL.md blob's id.
    public var id: BlobID
    /// The SKILL.md blob's full SHA-256.
    public var digest: String
    /// The bundle manifest blob's id: the bundle id, which pins every file.
    public var manifest: BlobID
    public var description: String
    public var publishedAt: String
    public var publishedBy: String
    /// Set when the version is yanked: it is never the latest, and only a
    /// lock that pins it still installs it.
    public var yank: Yank?
    var files: [BundleManifest.Entry]
    /// The front-matter name when it is not a skill id; absent otherwise.
    public var declaredName: String?
    /// What the Agent Skills rules ask but this version breaks, accepted
    /// at publish (paths within the bundle); absent when nothing.
    public var warnings: [Diagnostic]?
    /// The safety scan's verdict on the bundle, in summary; absent when the
    /// bundle has none yet (`skillctl scan --all` judges it).
    public var scan: ScanSummary?

    /// The skill this is a version of.
    public var key: SkillKey { SkillKey(namespace: namespace, name: name) }
}
