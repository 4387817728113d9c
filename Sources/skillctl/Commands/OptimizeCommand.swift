import SkillStore

struct OptimizeCommand: ProgressOnlyCommand {
    static let name = "optimize"
    static let summary = "Merge each search index into one segment, so that searches read less."
    static let discussion = """
        Each publish adds to the search indexes in segments of their own,
        and publishing merges only the small ones, leaving up to eight; a
        search reads each word's list from every segment. This rewrites
        each index that has more than one as one: searches of a store with
        six segments did 5 to 10% less work, the slowest up to half as
        much. It takes about 20 seconds at 100,000 skills, during which a
        publish started meanwhile waits up to 5 seconds, then fails as busy
        (searches, and a server's reads, go on), so run it when no one
        publishes; run again, it merges what is left. It also records
        again, from the indexes, the size of each skill's rows that search
        reads for bm25 (what 'fsck' checks). Changes no skill, blob or
        result.
        """
    let forceProgress: Bool

    struct Report: Encodable {
        var indexes: [SearchIndexSegments]
    }

    func run(_ context: Context) throws -> ExitCode {
        let store = try context.openExisting()
        let progress = ProgressReporter("merging search indexes", output: context.output, forced: forceProgress, quiet: context.quiet)
        let report = try store.optimizeSearchIndexes(progress: progress.update)
        progress.finish()
        if context.json {
            context.output.json(Report(indexes: report))
        } else {
            for index in report {
                let change = index.before == index.after
                    ? plural(index.after, "segment") + " (unchanged)"
                    : "\(plural(index.before, "segment")) -> \(plural(index.after, "segment"))"
                context.output.line("\(index.index): \(change)")
            }
        }
        return .success
    }
}
