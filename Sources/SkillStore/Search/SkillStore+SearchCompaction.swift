extension SkillStore {
    /// The full-text indexes publish writes, each an FTS5 table.
    static let searchIndexes = ["search", "skill_text"]
    /// A search index with more segments than this after a publish is
    /// merged into one. Each publish flushes at least one new segment, and
    /// FTS5 merges four of a level at a time, so a store published a few
    /// skills at a time holds up to three segments per level; a query reads
    /// every segment for each word, and at 100,000 skills fifteen segments
    /// made a search 40% slower in CPU time than one (docs/benchmarks.md).
    /// Eight are first passed after about fifty publishes; merging all of
    /// a 100,000-skill store takes about 13 s, so it is paid rarely, and a
    /// single large publish (four segments or fewer) does not pay it.
    static let maxSearchSegments = 8

    /// Merges each search index whose segments have piled up past
    /// `maxSearchSegments`. Runs after a publish has committed: the
    /// publish stands whether or not this succeeds.
    func compactSearchIndexes() throws {
        for index in Self.searchIndexes where try searchSegments(index) > Self.maxSearchSegments {
            try database.execute("INSERT INTO \(index) (\(index)) VALUES ('optimize')")
        }
    }

    /// How many segments an FTS5 index has: each segment's terms are rows
    /// of its `_idx` table, keyed by segment first.
    func searchSegments(_ index: String) throws -> Int {
        try database.queryFirst("SELECT count(DISTINCT segid) AS segments FROM \(index)_idx")?.int("segments") ?? 0
    }
}
