struct Claim: Sendable, Codable, Equatable {
    enum Unit: String, Sendable, Codable {
        case paragraph, listItem = "list-item", tableRow = "table-row", parenthetical
    }

    var text: String
    var label: ClaimLabel
    /// Every label the sentence carries, weakest first (`[unverified, derived]`).
    var labels: [ClaimLabel]
    /// What a label's parenthetical adds (`closed and open` in `(*measured*, closed and open)`).
    var qualifier: String?
    var unit: Unit
    var location: SourceLocation
    var section: [String]
    var sectionIndex: Int?
    /// The rule the claim is part of, if any (`R2`).
    var rule: String?
    /// For a table cell: the row's first cell and the column's header.
    var context: String?
    /// Indexes into the graph's citations.
    var citations: [Int]
}
