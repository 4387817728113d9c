/// What a search hit is.
public enum SearchKind: String, Sendable, Codable, CaseIterable {
    /// A skill's name and description.
    case skill
    /// A section of a skill: its heading path and its sentences.
    case section
    /// A numbered rule: its title and its text.
    case rule
    /// One claim (a sentence, list item or table cell) with its label.
    case claim
    /// A section of a source page published with `publish --source`.
    case source
}
