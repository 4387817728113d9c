/// What changed between two versions of a skill, at the level a reviewer
/// reads: claims added, removed, reworded or relabelled, citations added or
/// removed, rules added, removed or retitled.
public struct GraphChange: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case claimAdded = "claim-added", claimRemoved = "claim-removed", claimRelabelled = "claim-relabelled"
        /// Reworded: most words kept, some changed (label words and link text aside).
        case claimChanged = "claim-changed"
        case citationAdded = "citation-added", citationRemoved = "citation-removed"
        case ruleAdded = "rule-added", ruleRemoved = "rule-removed", ruleRetitled = "rule-retitled"
    }

    public var kind: Kind
    /// The line in the old version (removals) or the new one (everything else).
    public var line: Int
    /// The claim's text or the rule's id and title.
    public var subject: String
    /// `unverified -> measured`, a URL, or `old title -> new title`.
    public var detail: String?
}
