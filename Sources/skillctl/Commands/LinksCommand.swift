import SkillStore

struct LinksCommand: SkillVersionCommand {
    static let name = "links"
    static let summary = "Show a skill's links to other skills and rules, and who links to it."
    static let discussion = """
        Outgoing: skills named in backticks and rule ids (R4) tied to them,
        each marked resolved or unresolved against the store as it is now.
        Incoming: links to this skill from the latest version of every other
        skill.
        """
    let reference: SkillReference

    func run(_ context: Context) throws -> ExitCode {
        let catalog = try context.catalog()
        let version = try catalog.version(reference)
        let report = try catalog.linkReport(of: version)
        if context.json {
            context.output.json(report)
            return .success
        }
        context.output.line("outgoing (\(report.outgoing.count)):")
        context.output.table(report.outgoing.map {
            ["  \($0.to)", $0.resolved ? "resolved" : "unresolved", "line \($0.line)"]
        })
        context.output.line("incoming (\(report.incoming.count)):")
        context.output.table(report.incoming.map {
            ["  \($0.from)", "-> \($0.to)", $0.resolved ? "resolved" : "unresolved", "line \($0.line)"]
        })
        return .success
    }
}
