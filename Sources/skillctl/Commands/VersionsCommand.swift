import SkillStore

struct VersionsCommand: Command {
    static let name = "versions"
    static let summary = "List a skill's versions, newest first."
    static let discussion = """
        One line per version: publish sequence, label, SKILL.md blob id,
        bundle manifest id, when and by whom it was published. The first line
        is the latest version.
        """
    static let arguments = [Argument("NAME")]
    static let worksWithServer = true

    let name: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        name = try arguments.onlyPositional("skill NAME", command: Self.name)
    }

    func run(_ context: Context) throws -> ExitCode {
        let versions = try context.catalog().versions(of: name)
        if context.json {
            context.output.json(versions)
        } else {
            context.output.table(
                [["SEQ", "LABEL", "ID", "MANIFEST", "PUBLISHED", "BY"]]
                    + versions.map { [String($0.sequence), $0.label, $0.id.hex, $0.manifest.hex, $0.publishedAt, $0.publishedBy] })
        }
        return .success
    }
}
