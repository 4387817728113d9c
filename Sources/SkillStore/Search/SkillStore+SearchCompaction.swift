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
    /// The most time a publish spends merging each index: a step of a
    /// merge of large segments takes 60 to 75 ms at 100,000 skills, and 64
    /// steps in each of two indexes made a publish of 20 skills take 9.7 s
    /// (docs/benchmarks.md, "Eighteenth pass"). Each index has its own, so
    /// that a long merge in one does not starve the others; a merge not
    /// finished within it is carried on by the next publish.
    static let searchMergeTime: Duration = .seconds(1)

    /// Merges the segments of each search index that has more than
    /// `maxSearchSegments`, a bounded amount of work: segments of the same
    /// level are merged with each other (FTS5's `'merge'` with `usermerge`
    /// 2), so the recent, small ones are merged and the large one that
    /// holds most of the store is left alone, where `'optimize'` would
    /// rewrite all of it (15 to 20 s for the three at 100,000 skills; see
    /// `optimizeSearchIndexes`). Steps of `pagesPerStep` pages, until at
    /// most half of `maxSearchSegments` are left, a step merges nothing,
    /// `searchMergeSteps` are spent, or a step ends past `time` from the
    /// index's start (the first step is always taken). Runs after a
    /// publish has committed: the publish stands whether or not this
    /// succeeds. Returns the steps that merged something, in all.
    @discardableResult
    func compactSearchIndexes(
        pagesPerStep: Int = SkillStore.searchMergeStep, time: Duration = SkillStore.searchMergeTime
    ) throws -> Int {
        var merged = 0
        let clock = ContinuousClock()
        for index in Self.searchIndexes {
            var segments = try searchSegments(index)
            guard segments > Self.maxSearchSegments else { continue }
            let deadline = clock.now + time
            try database.execute("INSERT INTO \(index) (\(index), rank) VALUES ('usermerge', 2)")
            for _ in 0..<Self.searchMergeSteps where segments > Self.maxSearchSegments / 2 {
                // A merge of large segments takes many steps before the
                // count of segments moves (the output grows beside its
                // inputs until it is whole), so a step's work is told from
                // the rows it changed: FTS5 counts at least two for a step
                // that merged anything, fewer for one that found nothing.
                // (Judged by the count, the merge stopped after two steps,
                // and a store published in one go kept nine segments.)
                let before = database.totalChanges
                try database.execute("INSERT INTO \(index) (\(index), rank) VALUES ('merge', \(pagesPerStep))")
                guard database.totalChanges - before >= 2 else { break }
                merged += 1
                segments = try searchSegments(index)
                if clock.now >= deadline { break }
            }
        }
        return merged
    }

    /// How many segments an FTS5 index has: each segment's terms are rows
    /// of its `_idx` table, keyed by segment first.
    func searchSegments(_ index: String) throws -> Int {
        try database.queryFirst("SELECT count(DISTINCT segid) AS segments FROM \(index)_idx")?.int("segments") ?? 0
    }

    /// Merges each search index that has more than one segment into one
    /// (FTS5's `'optimize'`), each in a transaction of its own. A search
    /// reads each of its words' lists from every segment of an index, and
    /// publishing leaves up to `maxSearchSegments` of them (merging them
    /// all after each publish would rewrite the whole index each time): at
    /// 100,000 skills with six segments, one made the median search 5 to
    /// 7% cheaper, all of them 10%, and the slowest up to half
    /// (docs/benchmarks.md). Rewrites each index whole, about 20 s for the
    /// three at that size, holding the store's write lock meanwhile (a
    /// writer waits out its busy timeout, 5 s, and fails; readers, such as
    /// a server, read on); then asks for the write-ahead log, which holds
    /// the rewritten pages until a checkpoint, to be emptied (while a
    /// reader holds an old snapshot it is not, and it is left to SQLite).
    /// Records the row sizes of `search_sizes` again as well.
    /// `progress` is told the indexes done and their count before each one
    /// and at the end.
    public func optimizeSearchIndexes(progress: (Int, Int) -> Void = { _, _ in }) throws -> [SearchIndexSegments] {
        var report: [SearchIndexSegments] = []
        for (done, index) in Self.searchIndexes.enumerated() {
            progress(done, Self.searchIndexes.count)
            let before = try searchSegments(index)
            if before > 1 {
                try database.transaction { try database.execute("INSERT INTO \(index) (\(index)) VALUES ('optimize')") }
            }
            report.append(SearchIndexSegments(index: index, before: before, after: try searchSegments(index)))
        }
        // The row sizes bm25 reads, recorded again from FTS5's (what `fsck`
        // checks them against).
        try database.transaction { try recordSearchSizes(of: nil) }
        if report.contains(where: { $0.before != $0.after }) { try? database.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        progress(Self.searchIndexes.count, Self.searchIndexes.count)
        return report
    }
}
