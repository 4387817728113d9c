/// What a skill says, extracted from its Markdown tree at publish time:
/// sections, rules, claims with their provenance labels, citations and
/// cross-links. Every item keeps the file line and column it starts at.
public struct SkillGraph: Sendable, Codable, Equatable {
    public var sections: [Section] = []
    public var rules: [Rule] = []
    public var claims: [Claim] = []
    /// Every link of the skill, each tied to the claim it belongs to, if any.
    public var citations: [Citation] = []
    public var links: [CrossLink] = []
    /// The labels the skill's legend declares ("*Measured* means ..."), canonical names, in order.
    public var legend: [String] = []
    /// Where the legend's sentences are, for diagnostics.
    public var legendLocations: [SourceLocation] = []

    public init() {}
}

public struct Section: Sendable, Codable, Equatable {
    /// Heading titles from the top (`["Rules"]`, `["What to do", "Tent"]`).
    public var path: [String]
    public var level: Int
    public var location: SourceLocation
    /// The last line of the section's own text, before the next heading; its
    /// text is those lines of the file (stored once, in the blob).
    public var endLine: Int

    public var title: String { path.last ?? "" }
}

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

/// The provenance labels. A pack may add its own words for these in the
/// database's vocabulary; the canonical names are these.
public enum ClaimLabel: String, Sendable, Codable, CaseIterable, Comparable {
    case measured, derived, judgement, unverified
    /// No label, but a link backs it ("a link means the source says it").
    case cited
    case unlabelled

    /// Weakest first: where a sentence carries several labels, the claim
    /// takes the weakest (`(derived; unverified)` is unverified).
    private var strength: Int {
        switch self {
        case .unverified: 0
        case .judgement: 1
        case .derived: 2
        case .measured: 3
        case .cited: 4
        case .unlabelled: 5
        }
    }

    public static func < (lhs: ClaimLabel, rhs: ClaimLabel) -> Bool { lhs.strength < rhs.strength }

    /// A label as a user types it: any case, and `judgment` for `judgement`.
    public init?(userText text: String) {
        let word = text.lowercased()
        self.init(rawValue: word == "judgment" ? "judgement" : word)
    }

    /// The labels' names, for messages: "measured, derived, ...".
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

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

public struct Citation: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
        /// A relative path into the skill's own folder.
        case bundle
        /// An entry of the pack's source registry (`metadata.sources`).
        case registry
        case external
    }

    public var text: String
    /// The URL as written.
    public var url: String
    /// Scheme, host and path, without query or fragment (for a bundle link: the path).
    public var target: String
    public var fragment: String?
    public var kind: Kind
    public var location: SourceLocation
    /// The time in the URL (`?time=70`, `t=1m10s`), in seconds.
    public var urlTime: Int?
    /// Times written in the link text (`1:10`, `0:41 to 1:02`), in seconds.
    public var textTimes: [Int]
    /// The claim the link belongs to, if any.
    public var claim: Int?
}

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
