/// A maintenance command that takes no arguments and one option,
/// `--progress` (`fsck`, `optimize`): the declaration and the parsing they
/// would otherwise each write out.
protocol ProgressOnlyCommand: Command {
    init(forceProgress: Bool)
}

extension ProgressOnlyCommand {
    static var options: [Option] { [Option.progress] }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.refusePositionals(command: Self.name)
        self.init(forceProgress: arguments.has(Option.progress))
    }
}
