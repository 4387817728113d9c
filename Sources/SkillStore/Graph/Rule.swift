struct Rule: Sendable, Codable, Equatable {
    /// `R6`.
    var id: String
    var number: Int
    /// The item's leading bold text, if it has one.
    var title: String?
    var text: String
    var location: SourceLocation
    /// The heading path of the section holding the rule.
    var section: [String]
    /// That section, as an index into the graph's sections.
    var sectionIndex: Int?
}
