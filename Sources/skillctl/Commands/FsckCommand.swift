import SkillStore

struct FsckCommand: ProgressOnlyCommand {
    static let name = "fsck"
    static let summary = "Re-hash every blob and check every version's manifest."
    static let discussion = """
        Reads every blob and checks that it hashes to its id, that each
        version's files match its bundle manifest and exist, that the row
        sizes search keeps for bm25 are FTS5's, and that no version marked
        as having no copy has one (search would not list it). Prints each
        problem; exits 1 if there is any.
        """
    let forceProgress: Bool

    func run(_ context: Context) throws -> ExitCode {
        let store = try context.openForReading()
        let progress = ProgressReporter("checking blobs", output: context.output, forced: forceProgress, quiet: context.quiet)
        let report = try store.checkIntegrity(progress: progress.update)
        progress.finish()
        if context.json {
            context.output.json(report)
        } else {
            for problem in report.problems { context.output.line(problem.description) }
            let verdict = report.problems.isEmpty ? "ok" : plural(report.problems.count, "problem")
            context.output.line(
                "checked \(plural(report.blobsChecked, "blob")) and \(plural(report.versionsChecked, "version")): \(verdict)")
        }
        return report.problems.isEmpty ? .success : .problems
    }
}
