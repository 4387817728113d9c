import SkillStore

/// One skill of a search by skill, as `GET /api/v1/search` (without `kind`
/// or `label`) answers it and `skillctl search --json` prints it: the same
/// shape, so a client sees the same grouping either way. Snippets are text
/// with `[brackets]` around the matched words.
///
/// Each carries its bundle's scan verdict, as a version does, since a
/// list of results is where an agent picks what to install.
public struct SkillSearchEntry: Codable, Sendable, Equatable {
    public var namespace: String
    public var skill: String
    /// `NAME`, or `NAMESPACE/NAME` outside the default namespace.
    public var address: String
    public var version: String
    /// The version's SKILL.md blob id (16 hex).
    public var id: String
    public var description: String
    public var score: Double
    /// Other skills whose latest SKILL.md is these same bytes.
    public var alsoIn: [String]
    public var passages: [Passage]
    /// With `explain`: why the skill ranked where it did.
    public var explain: SearchExplanation?
    /// The safety scan's verdict on the version's bundle, in summary;
    /// absent when the bundle has none yet.
    public var scan: ScanSummary?

    /// A section, rule or claim of the skill that matches.
    public struct Passage: Codable, Sendable, Equatable {
        /// `section`, `rule` or `claim`.
        public var kind: String
        /// `pdf:42` (section or claim, by line), `pdf#R3` (rule).
        public var address: String
        public var line: Int?
        public var rule: String?
        public var label: String?
        /// The heading path it sits under.
        public var section: [String]
        public var snippet: String
    }

    /// The skills `request` finds, each with its verdict: the verdicts of
    /// all of them are looked up together.
    public static func search(_ request: SearchRequest, in store: SkillStore) throws -> [SkillSearchEntry] {
        let matches = try store.searchSkills(request)
        return try entries(matches, in: store)
    }

    /// `matches` with the verdicts on `bundles` (in the same order).
    @available(*, deprecated, message: "use entries(_:in:), which reads each match's bundle")
    public static func entries(_ matches: [SkillMatch], bundles: [BlobID], in store: SkillStore) throws -> [SkillSearchEntry] {
        precondition(matches.count == bundles.count, "one bundle per match")
        return zip(matches, try store.verdicts(for: bundles)).map { match, scan in SkillSearchEntry(match, scan: scan) }
    }

    /// `matches` with the verdicts on their bundles, looked up in one call.
    public static func entries(_ matches: [SkillMatch], in store: SkillStore) throws -> [SkillSearchEntry] {
        zip(matches, try store.verdicts(for: matches.map(\.bundle))).map { match, scan in SkillSearchEntry(match, scan: scan) }
    }

    public init(_ match: SkillMatch, scan: ScanSummary?) {
        namespace = match.namespace
        skill = match.skill
        address = match.address
        version = match.version
        id = match.id.hex
        description = match.description
        score = match.score
        alsoIn = match.alsoIn
        passages = match.passages.map { hit in
            Passage(
                kind: hit.kind.rawValue, address: hit.address, line: hit.line, rule: hit.rule, label: hit.label?.rawValue,
                section: hit.section,
                snippet: hit.snippetText().collapsingWhitespace)
        }
        explain = match.explanation
        self.scan = scan
    }
}
