public struct CrossLink: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case skill, rule
    }

    public var kind: Kind
    /// The skill pointed at, by name.
    public var skill: String
    /// For a rule link: `R4`.
    public var rule: String?
    public var location: SourceLocation
    /// False for a bare word in backticks (`frame`): a link only if such a skill exists.
    public var certain: Bool
}
