/// The outcome for one skill of a publish.
public struct PublishResult: Sendable, Codable, Equatable {
    public enum Status: String, Sendable, Codable {
        /// A new version was recorded.
        case new
        /// The same bundle was already published as this version; nothing changed.
        case unchanged
    }

    public var namespace: String
    public var name: String
    public var label: String
    public var id: BlobID
    public var manifest: BlobID
    public var sequence: Int
    public var status: Status
    public var path: String
    /// Something the publisher should know about this skill's version, such
    /// as why its label was derived from its content; absent when nothing.
    public var note: String?
    /// What the Agent Skills rules ask but the skill breaks; absent when nothing.
    public var warnings: [Diagnostic]?

    public var key: SkillKey { SkillKey(namespace: namespace, name: name) }
}
