import SkillStore

struct InitCommand: Command {
    static let name = "init"
    static let summary = "Create a database, or bring an existing one up to date."
    static let discussion = """
        Creates the database file (and its folder) if missing, then applies
        every migration it has not had yet. Running it again changes nothing.
        """

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.refusePositionals(command: Self.name)
    }

    struct Report: Encodable {
        var path: String
        var migrations: [String]
        var applied: [String]
    }

    func run(_ context: Context) throws -> ExitCode {
        let path = context.databasePath
        let store = try context.openForWriting()
        let after = try store.appliedMigrations()
        let applied = store.migrationsApplied
        if context.json {
            context.output.json(Report(path: path, migrations: after, applied: applied))
        } else if store.created {
            context.output.line("Created \(path) (schema: \(after.joined(separator: ", ")))")
        } else if applied.isEmpty {
            context.output.line("\(path) is up to date (schema: \(after.joined(separator: ", ")))")
        } else {
            context.output.line("Migrated \(path): applied \(applied.joined(separator: ", "))")
        }
        return .success
    }
}
