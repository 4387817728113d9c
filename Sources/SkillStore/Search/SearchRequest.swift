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

/// A search as the CLI and the HTTP API take it.
public struct SearchRequest: Sendable, Equatable {
    /// The user's text, in the query language of `SearchQuery`.
    public var query: String
    /// Only hits of this kind.
    public var kind: SearchKind?
    /// Only claims with this label (implies claims).
    public var label: ClaimLabel?
    /// Only hits in skills whose name matches this glob (`duo-*`); excludes sources.
    public var skill: String?
    public var limit: Int
    /// Every version of each skill, not only the latest.
    public var allVersions: Bool

    public static let defaultLimit = 10
    public static let maxLimit = 1000

    public init(
        query: String, kind: SearchKind? = nil, label: ClaimLabel? = nil, skill: String? = nil,
        limit: Int = SearchRequest.defaultLimit, allVersions: Bool = false
    ) {
        self.query = query
        self.kind = kind
        self.label = label
        self.skill = skill
        self.limit = limit
        self.allVersions = allVersions
    }
}

extension SearchRequest {
    /// What a user sets, named differently by each front end (`--kind` on
    /// the command line, `kind` in the API).
    public enum Parameter: Sendable { case query, kind, label, skill, limit }

    /// A value that search does not take. The message names the parameter
    /// as the caller's users know it.
    public struct Refusal: Error, Sendable {
        private let render: @Sendable ((Parameter) -> String) -> String
        init(_ render: @escaping @Sendable ((Parameter) -> String) -> String) { self.render = render }
        public func message(naming name: (Parameter) -> String) -> String { render(name) }
    }

    /// A request from the text a user gave (options or query parameters),
    /// checked the same way wherever it comes from; nil means not given.
    public init(
        userQuery query: String, kind: String?, label: String?, skill: String?, limit: String?, allVersions: Bool
    ) throws(Refusal) {
        guard query.contains(where: { !$0.isWhitespace }) else {
            throw Refusal { name in "the search query (\(name(.query))) is empty" }
        }
        var parsedKind: SearchKind?
        if let kind {
            guard let parsed = SearchKind(rawValue: kind.lowercased()) else {
                let kinds = SearchKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw Refusal { name in "unknown \(name(.kind)) '\(kind)'; use one of \(kinds)" }
            }
            parsedKind = parsed
        }
        var parsedLabel: ClaimLabel?
        if let label {
            guard let parsed = ClaimLabel(userText: label) else {
                throw Refusal { name in "unknown \(name(.label)) '\(label)'; use one of \(ClaimLabel.names)" }
            }
            if let parsedKind, parsedKind != .claim {
                throw Refusal { name in
                    "\(name(.label)) selects claims; it cannot be used with \(name(.kind)) \(parsedKind.rawValue)"
                }
            }
            parsedLabel = parsed
        }
        if skill?.isEmpty == true {
            throw Refusal { name in "\(name(.skill)) needs a name or a glob such as 'dough-*'" }
        }
        var count = Self.defaultLimit
        if let limit {
            guard let number = Int(limit), (1...Self.maxLimit).contains(number) else {
                throw Refusal { name in "\(name(.limit)) takes a whole number from 1 to \(Self.maxLimit), not '\(limit)'" }
            }
            count = number
        }
        self.init(query: query, kind: parsedKind, label: parsedLabel, skill: skill, limit: count, allVersions: allVersions)
    }
}

/// One ranked hit.
public struct SearchHit: Sendable, Codable, Equatable {
    public var kind: SearchKind
    /// Where it is: `oven-spring` (skill), `oven-spring#R6` (rule),
    /// `oven-spring:42` (section or claim, by line), `https://example.org/page#anchor` (source).
    public var address: String
    /// The skill, for every kind but source.
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
        public var matched: Bool
    }

    /// The snippet with each matched run between `open` and `close`.
    public func snippetText(open: String = "[", close: String = "]") -> String {
        snippet.map { $0.matched ? open + $0.text + close : $0.text }.joined()
    }
}
