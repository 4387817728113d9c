struct CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "Print a shell completion script for bash, zsh or fish."
    static let discussion = """
        The script completes command names, each command's options and the
        global ones, the words a value takes when they are fixed (the agent
        names after --agent), and files and folders where a value is a
        path. It is made from the same declarations as the help, so it
        always matches this skillctl. To try it in the current shell:

          source <(skillctl completions bash)

        README.md says where each shell looks for it, to keep it.
        """
    static let arguments = [Argument(Shell.allCases.map(\.rawValue).joined(separator: "|"))]

    let shell: Shell

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let supported = HelpText.list(Shell.allCases.map(\.rawValue))
        guard arguments.positionals.count == 1, let name = arguments.positionals.first else {
            throw UsageError("completions needs exactly one shell: \(supported)", command: Self.name)
        }
        guard let shell = Shell(rawValue: name) else {
            throw UsageError("unknown shell '\(name)'; the supported shells are \(supported)", command: Self.name)
        }
        self.shell = shell
    }

    func run(_ context: Context) throws -> ExitCode {
        context.output.write(Array(shell.completionScript().utf8))
        return .success
    }
}
