public struct Claim: Sendable, Codable, Equatable {
    public enum Unit: String, Sendable, Codable {
        case paragraph, listItem = "list-item", tableRow = "table-row", parenthetical
    }

    public var text: String
    public var label: ClaimLabel
    /// Every label the sentence carries, weakest first (`[unverified, derived]`).
    public var labels: [ClaimLabel]
    /// What a label's parenthetical adds (`closed and open` in `(*measured*, closed and open)`).
    public var qualifier: String?
    public var unit: Unit
    public var location: SourceLocation
    public var section: [String]
    public var sectionIndex: Int?
    /// The rule the claim is part of, if any (`R2`).
    public var rule: String?
    /// For a table cell: the row's first cell and the column's header.
    public var context: String?
    /// Indexes into the graph's citations.
    public var citations: [Int]
}
