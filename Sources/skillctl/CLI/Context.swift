import SkillStore

/// Everything a command needs from its surroundings.
struct Context {
    var arguments: ParsedArguments
    var output: Output
    var environment: Environment

    var json: Bool { arguments.has(GlobalOptions.json) }
    var quiet: Bool { arguments.has(GlobalOptions.quiet) }

    /// `--db`, else `SKILLSTORE_DB`, else `$XDG_DATA_HOME/skillstore/skillstore.db`,
    /// else `~/.local/share/skillstore/skillstore.db`.
    var databasePath: String {
        if let path = arguments.value(GlobalOptions.db), !path.isEmpty { return path }
        if let path = environment["SKILLSTORE_DB"], !path.isEmpty { return path }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/skillstore/skillstore.db" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/.local/share/skillstore/skillstore.db"
    }

    /// The store, for commands that only read: a missing database is an error.
    func openForReading() throws -> SkillStore { try SkillStore(path: databasePath, create: false) }

    /// The store, for commands that write: created when missing.
    func openForWriting() throws -> SkillStore { try SkillStore(path: databasePath, create: true) }
}
