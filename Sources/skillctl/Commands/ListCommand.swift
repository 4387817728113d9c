import SkillStore

struct ListCommand: Command {
    static let name = "ls"
    static let summary = "List skills with their latest version."
    static let discussion = """
        One line per skill: name, latest version label, SKILL.md blob id,
        bundle id (the manifest's, which pins every file), number of
        versions. Skills outside the default namespace are named
        NAMESPACE/NAME; --json gives every skill's namespace.
        """
    static let namespace = Option.value("--namespace", "NS", "only the skills of this namespace")
    static let options = [namespace]
    static let worksWithServer = true

    let namespace: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.refusePositionals(command: Self.name)
        do {
            namespace = try arguments.value(Self.namespace).map { text throws(InvalidIdentity) in try Namespace.validated(text) }
        } catch {
            throw UsageError(error, command: Self.name)
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        let skills = try context.catalog().skills(namespace: namespace)
        if context.json {
            context.output.json(skills)
        } else if skills.isEmpty {
            if !context.quiet { context.output.error("no skills published yet") }
        } else {
            context.output.table(
                [["NAME", "LATEST", "ID", "BUNDLE", "VERSIONS"]]
                    + skills.map { [$0.key.description, $0.latestLabel, $0.id.hex, $0.manifest.hex, String($0.versions)] })
        }
        return .success
    }
}
