struct CrossLink: Sendable, Codable, Equatable {
    enum Kind: String, Sendable, Codable {
        case skill, rule
    }

    var kind: Kind
    /// The skill pointed at, by name.
    var skill: String
    /// For a rule link: `R4`.
    var rule: String?
    var location: SourceLocation
    /// False for a bare word in backticks (`frame`): a link only if such a skill exists.
    var certain: Bool
}
