/// One ranked hit.
public struct SearchHit: Sendable, Codable, Equatable {
    public var kind: SearchKind
    /// Where it is: `oven-spring` (skill), `oven-spring#R6` (rule),
    /// `oven-spring:42` (section or claim, by line), `https://example.org/page#anchor` (source).
    /// A skill outside the default namespace is qualified: `acme/oven-spring#R6`.
    public var address: String
    /// The skill's namespace, for every kind but source.
    public var namespace: String?
    /// The skill's name, for every kind but source.
    public var skill: String?
    /// The skill's version label.
    public var version: String?
    /// The blob the hit is in: the version's SKILL.md, or the source page.
    public var id: BlobID
    /// For a source: its URL.
    public var url: String?
    /// For a claim: its provenance label.
    public var label: ClaimLabel?
    /// The line it starts on (sections, claims, source sections).
    public var line: Int?
    /// For a rule: its id.
    public var rule: String?
    /// The heading path it sits under (for a section: its own).
    public var section: [String]
    /// The text around the matched words; `matched` runs are query terms.
    public var snippet: [SnippetRun]
    /// bm25 relevance: higher is better. Comparable within one search only.
    public var score: Double

    public struct SnippetRun: Sendable, Codable, Equatable {
        public var text: String
        /// Whether the run is a query term (the CLI highlights it).
        public internal(set) var matched: Bool
    }

    /// The snippet with each matched run between `open` and `close`.
    public func snippetText(open: String = "[", close: String = "]") -> String {
        snippet.map { $0.matched ? open + $0.text + close : $0.text }.joined()
    }
}
