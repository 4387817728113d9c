/// A command about one version of a skill and nothing else: its one
/// argument is `SKILL[@LABEL]`, and it works with a server as with a database.
protocol SkillVersionCommand: Command {
    init(reference: SkillReference)
}

extension SkillVersionCommand {
    static var arguments: [Argument] { [Argument("SKILL[@LABEL]")] }
    static var worksWithServer: Bool { true }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        self.init(reference: try SkillReference(arguments.positionals, command: Self.name))
    }
}
