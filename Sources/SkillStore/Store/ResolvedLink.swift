/// A cross-link with whether it resolves in the store now.
struct ResolvedLink: Sendable, Codable, Equatable {
    var link: CrossLink
    /// The skill that holds the link.
    var from: String
    var resolved: Bool
    /// The id of the target's latest SKILL.md, when the skill exists.
    var targetID: String?
}
