/// A cross-link with whether it resolves in the store now.
public struct ResolvedLink: Sendable, Codable, Equatable {
    public var link: CrossLink
    /// The skill that holds the link.
    public var from: String
    public var resolved: Bool
    /// The id of the target's latest SKILL.md, when the skill exists.
    public var targetID: String?
}
