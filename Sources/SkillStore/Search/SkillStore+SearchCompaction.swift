extension SkillStore {
    /// The full-text indexes publish writes, each an FTS5 table.
    static let searchIndexes = ["search", "skill_text", "skill_lead"]
    /// A search index with more segments than this after a publish has its
    /// small segments merged. Each publish writes at least one new segment,
    /// and FTS5's own merging, paced by what each transaction writes, does
    /// not keep up with many small publishes: on a 100,000-skill store every
    /// publish of one pack added a segment. A query reads every segment for
    /// each of its words; fifteen segments made searches 40% slower in CPU
    /// time than one (docs/benchmarks.md).
    static let maxSearchSegments = 8
    /// Pages of merge work per step, and the most steps a publish spends.
    static let searchMergeStep = 1000
    static let searchMergeSteps = 64

    /// Merges the segments of each search index that has more than
    /// `maxSearchSegments`, a bounded amount of work: segments of the same
    /// level are merged with each other (FTS5's `'merge'` with `usermerge`
    /// 2), so the recent, small ones are merged and the large one that
    /// holds most of the store is left alone, where `'optimize'` would
    /// rewrite all of it (about 13 s at 100,000 skills). Runs after a
    /// publish has committed: the publish stands whether or not this
    /// succeeds.
    func compactSearchIndexes() throws {
        for index in Self.searchIndexes {
            var segments = try searchSegments(index)
            guard segments > Self.maxSearchSegments else { continue }
            try database.execute("INSERT INTO \(index) (\(index), rank) VALUES ('usermerge', 2)")
            var idle = 0
            for _ in 0..<Self.searchMergeSteps where segments > Self.maxSearchSegments / 2 && idle < 2 {
                try database.execute("INSERT INTO \(index) (\(index), rank) VALUES ('merge', \(Self.searchMergeStep))")
                let now = try searchSegments(index)
                // A merge larger than a step takes several; two steps that
                // change nothing mean there is nothing left to merge.
                idle = now < segments ? 0 : idle + 1
                segments = now
            }
        }
    }

    /// How many segments an FTS5 index has: each segment's terms are rows
    /// of its `_idx` table, keyed by segment first.
    func searchSegments(_ index: String) throws -> Int {
        try database.queryFirst("SELECT count(DISTINCT segid) AS segments FROM \(index)_idx")?.int("segments") ?? 0
    }
}
