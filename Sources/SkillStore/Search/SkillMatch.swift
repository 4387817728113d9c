/// One skill a search by skill found: the skill, its best passages, and
/// where else the same SKILL.md is published.
public struct SkillMatch: Sendable, Codable, Equatable {
    public var namespace: String
    public var skill: String
    /// The skill's name, qualified outside the default namespace (`acme/pdf`).
    public var address: String
    /// The version label of the version searched (the latest, unless all versions were).
    public var version: String
    /// The version's SKILL.md blob.
    public var id: BlobID
    public var description: String
    /// Higher is better; comparable within one search only (see `SearchExplanation`).
    public var score: Double
    /// Other skills (addresses) whose latest SKILL.md is this one's bytes,
    /// published under another namespace or name: shown once, here.
    public var alsoIn: [String]
    /// The sections, rules or claims that match best, best first.
    public var passages: [SearchHit]
    /// Why it ranked where it did, when asked for.
    public var explanation: SearchExplanation?
    /// The version's bundle (manifest) id: what its scan verdict is kept
    /// under (`verdicts(for:)`).
    public var bundle: BlobID
}

/// How a skill's score was made: which of the query's words it holds, in
/// which fields, and how bm25 and coverage combine.
public struct SearchExplanation: Sendable, Codable, Equatable {
    public struct Word: Sendable, Codable, Equatable {
        /// The word as the query has it (a group of `OR` alternatives joined by ` OR `).
        public var word: String
        /// The fields it matched in: name, description, headings, rules, body, files, code.
        public var fields: [String]
        /// Its weight in coverage: its rarity across the skills searched
        /// (idf); 0 for two words of the query as one (`statusline`), which
        /// counts as both.
        public var weight: Double
    }

    public var words: [Word]
    /// FTS5's bm25 over the skill's fields, with their weights (higher is better).
    public var bm25: Double
    /// The weighted share of the query's words the skill holds, 0 to 1; a
    /// word only in its bundle's files or code counts for half.
    public var coverage: Double
    /// The share of the words of the skill's name that the query holds.
    public var name: Double
    /// The weighted share of the query's words the skill's description holds.
    public var description: Double
    /// Whether the query is the skill's exact name, which ranks first.
    public var exactName: Bool
    /// The score: coverage, bm25 (as a share of the best candidate's), name
    /// and description combined (`SkillStore.coverageShare` and the others).
    public var score: Double
}

extension SkillStore {
    /// The bundle of each match's version, in the matches' order.
    @available(*, deprecated, message: "read SkillMatch.bundle")
    public func bundles(of matches: [SkillMatch]) throws -> [BlobID] { matches.map(\.bundle) }
}
