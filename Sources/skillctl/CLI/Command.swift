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
    /// When not, CommandLineTool refuses `--server` for it and sets
    /// SKILLSTORE_SERVER aside; false by default, so a new command that
    /// forgets to say is refused a server rather than quietly run locally.
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
