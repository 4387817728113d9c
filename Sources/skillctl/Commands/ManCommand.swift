struct ManCommand: Command {
    static let name = "man"
    static let summary = "Print skillctl's manual page (roff, section 1)."
    static let discussion = """
        The page is made from the same declarations as the help: every
        command with its usage, description and options, the global options,
        the exit statuses and the environment. To install it:

          skillctl man > ~/.local/share/man/man1/skillctl.1
        """

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.refusePositionals(command: Self.name)
    }

    func run(_ context: Context) throws -> ExitCode {
        context.output.write(Array(ManPage(commands: CommandLineTool.commands).roff.utf8))
        return .success
    }
}
