import SkillStore

struct ListCommand: Command {
    static let name = "ls"
    static let summary = "List skills with their latest version."
    static let discussion = """
        One line per skill: name, latest version label, SKILL.md blob id,
        number of versions.
        """
    static let worksWithServer = true

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else {
            throw UsageError("ls takes no arguments", command: Self.name)
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        let skills = try context.catalog().skills()
        if context.json {
            context.output.json(skills)
        } else if skills.isEmpty {
            if !context.quiet { context.output.error("no skills published yet") }
        } else {
            context.output.table(
                [["NAME", "LATEST", "ID", "VERSIONS"]]
                    + skills.map { [$0.name, $0.latestLabel, $0.id.hex, String($0.versions)] })
        }
        return .success
    }
}
