/// A claim with its label, location and the citations that back it.
public struct ClaimEntry: Sendable, Codable, Equatable {
    public struct CitationEntry: Sendable, Codable, Equatable {
        public var text: String
        public var url: String
        public var target: String
        public var kind: String
        var fragment: String?
        public var line: Int
        public var column: Int
        var urlTime: Int?
        var textTimes: [Int]
        /// For a citation that resolves to a stored source's section: that section's opening.
        public var section: String?
        public var sectionOpening: String?
    }

    public var address: String
    public var label: String
    public var labels: [String]
    public var text: String
    var qualifier: String?
    var unit: String
    public var line: Int
    public var column: Int
    public var section: [String]
    public var rule: String?
    public var context: String?
    public var citations: [CitationEntry]

    init(_ claim: Claim, graph: SkillGraph, skill: String) {
        address = "\(skill):\(claim.location.line):\(claim.location.column)"
        label = claim.label.rawValue
        labels = claim.labels.map(\.rawValue)
        text = claim.text
        qualifier = claim.qualifier
        unit = claim.unit.rawValue
        line = claim.location.line
        column = claim.location.column
        section = claim.section
        rule = claim.rule
        context = claim.context
        citations = claim.citations.map { index in
            let citation = graph.citations[index]
            return CitationEntry(
                text: citation.text, url: citation.url, target: citation.target, kind: citation.kind.rawValue,
                fragment: citation.fragment, line: citation.location.line, column: citation.location.column,
                urlTime: citation.urlTime, textTimes: citation.textTimes)
        }
    }
}
