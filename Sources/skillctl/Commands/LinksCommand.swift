import SkillStore

struct LinksCommand: Command {
    static let name = "links"
    static let summary = "Show a skill's links to other skills and rules, and who links to it."
    static let help = """
        Usage: skillctl links SKILL[@LABEL] [--json]

        Outgoing: skills named in backticks and rule ids (R4) tied to them,
        each marked resolved or unresolved against the store as it is now.
        Incoming: links to this skill from the latest version of every other
        skill.
        """

    let reference: SkillReference

    init(_ arguments: ParsedArguments) throws(UsageError) {
        reference = try SkillReference(arguments.positionals, command: Self.name)
    }

    struct Entry: Encodable {
        var from: String
        var to: String
        var kind: String
        var line: Int
        var column: Int
        var resolved: Bool
    }

    struct Report: Encodable {
        var outgoing: [Entry]
        var incoming: [Entry]
    }

    func run(_ context: Context) throws -> ExitCode {
        let store = try context.openForReading()
        let version = try store.version(of: reference.name, label: reference.label)
        func entry(_ link: ResolvedLink) -> Entry {
            Entry(
                from: link.from, to: link.link.rule.map { "\(link.link.skill)#\($0)" } ?? link.link.skill,
                kind: link.link.kind.rawValue, line: link.link.location.line, column: link.link.location.column,
                resolved: link.resolved)
        }
        let report = Report(
            outgoing: try store.outgoingLinks(of: version).map(entry),
            incoming: try store.incomingLinks(to: version.name).map(entry))
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
