public struct Rule: Sendable, Codable, Equatable {
    /// `R6`.
    public var id: String
    public var number: Int
    /// The item's leading bold text, if it has one.
    public var title: String?
    public var text: String
    public var location: SourceLocation
    /// The heading path of the section holding the rule.
    public var section: [String]
    /// That section, as an index into the graph's sections.
    public var sectionIndex: Int?
}
