import SkillStore

/// One skillctl command: it declares its arguments and options (from which
/// the parser and the help are made), validates them in `init`, then runs.
protocol Command {
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// What the command does and prints, for `--help`: the paragraphs
    /// between the usage lines and the options list.
    static var discussion: String { get }
    static var arguments: [Argument] { get }
    static var options: [Option] { get }
    /// Its usage lines; by default one, of its arguments and options.
    static var usageForms: [UsageForm] { get }
    /// Whether `--server URL` makes it work with a server instead of a database.
    static var worksWithServer: Bool { get }
    /// The title of its options list.
    static var optionsHeading: String { get }

    init(_ arguments: ParsedArguments) throws(UsageError)
    func run(_ context: Context) throws -> ExitCode
}

extension Command {
    static var arguments: [Argument] { [] }
    static var options: [Option] { [] }
    static var usageForms: [UsageForm] { [UsageForm(arguments: arguments, options: options)] }
    static var worksWithServer: Bool { false }
    static var optionsHeading: String { "Options:" }
}

/// Everything a command needs from its surroundings.
struct Context {
    var arguments: ParsedArguments
    var output: Output
    var environment: [String: String]

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
