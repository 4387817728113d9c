import SkillStore

struct VersionsCommand: Command {
    static let name = "versions"
    static let summary = "List a skill's versions, newest first."
    static let discussion = """
        One line per version: publish sequence, label, SKILL.md blob id,
        bundle id (the manifest's, which pins every file), when and by whom it
        was published, and when it was yanked ('-' if it is not). The first
        line is the newest version; the latest is the newest not yanked.
        """
    static let arguments = [Argument("SKILL")]
    static let worksWithServer = true

    let skill: SkillReference

    init(_ arguments: ParsedArguments) throws(UsageError) {
        skill = try SkillReference(arguments.positionals, command: Self.name)
        if skill.label != nil {
            throw UsageError("versions takes a skill ([NAMESPACE/]NAME), not one version of it", command: Self.name)
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        let versions = try context.catalog().versions(of: skill.address)
        if context.json {
            context.output.json(versions)
        } else {
            context.output.table(
                [["SEQ", "LABEL", "ID", "BUNDLE", "PUBLISHED", "BY", "YANKED"]]
                    + versions.map {
                        [String($0.sequence), $0.label, $0.id.hex, $0.manifest.hex, $0.publishedAt, $0.publishedBy,
                         $0.yank?.at ?? "-"]
                    })
        }
        return .success
    }
}
