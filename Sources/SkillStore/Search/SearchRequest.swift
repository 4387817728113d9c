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
    /// Only hits in skills of this namespace; excludes sources.
    public var namespace: String?
    public var limit: Int
    /// Every version of each skill, not only the latest.
    public var allVersions: Bool
    /// A search by skill says why each skill ranked where it did.
    public var explain: Bool

    /// Whether the answer is skills (`SkillStore.searchSkills`) rather than
    /// rows: when no kind or label asks for rows.
    public var bySkill: Bool { kind == nil && label == nil }

    public static let defaultLimit = 10
    static let maxLimit = 1000

    public init(
        query: String, kind: SearchKind? = nil, label: ClaimLabel? = nil, skill: String? = nil, namespace: String? = nil,
        limit: Int = SearchRequest.defaultLimit, allVersions: Bool = false, explain: Bool = false
    ) {
        self.namespace = namespace
        self.query = query
        self.kind = kind
        self.label = label
        self.skill = skill
        self.limit = limit
        self.allVersions = allVersions
        self.explain = explain
    }
}

extension SearchRequest {
    /// What a user sets, named differently by each front end (`--kind` on
    /// the command line, `kind` in the API).
    public enum Parameter: Sendable { case query, kind, label, skill, namespace, limit }

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
        userQuery query: String, kind: String?, label: String?, skill: String?, namespace: String? = nil, limit: String?,
        allVersions: Bool, explain: Bool = false
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
        if let namespace, !Namespace.isValid(namespace) {
            throw Refusal { name in
                "\(name(.namespace)) '\(namespace)' is not a namespace: 1-64 of a-z, 0-9 and '-', such as 'acme'"
            }
        }
        var count = Self.defaultLimit
        if let limit {
            guard let number = Int(limit), (1...Self.maxLimit).contains(number) else {
                throw Refusal { name in "\(name(.limit)) takes a whole number from 1 to \(Self.maxLimit), not '\(limit)'" }
            }
            count = number
        }
        self.init(
            query: query, kind: parsedKind, label: parsedLabel, skill: skill, namespace: namespace, limit: count,
            allVersions: allVersions, explain: explain)
    }
}
