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
