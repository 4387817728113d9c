import SkillStore

struct DiffCommand: Command {
    static let name = "diff"
    static let summary = "What changed between two versions of a skill, claim by claim."
    static let discussion = """
        A and B are version labels of SKILL. Prints the claims added, removed
        and relabelled (unverified -> measured), citations added or removed,
        and rules added, removed or retitled, going from A to B. Exits 1 when
        there is any change, like diff(1).
        """
    static let arguments = [Argument("SKILL"), Argument("A"), Argument("B")]
    static let worksWithServer = true

    let skill: SkillReference
    let from: String
    let to: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 3 else {
            throw UsageError("diff needs SKILL and two version labels", command: Self.name)
        }
        skill = try SkillReference([arguments.positionals[0]], command: Self.name)
        if skill.label != nil {
            throw UsageError("diff takes a skill ([NAMESPACE/]NAME) and two labels, not NAME@LABEL", command: Self.name)
        }
        from = arguments.positionals[1]
        to = arguments.positionals[2]
    }

    func run(_ context: Context) throws -> ExitCode {
        let changes = try context.catalog().changes(of: skill.address, from: from, to: to)
        if context.json {
            context.output.json(changes)
        } else {
            for change in changes {
                var line = "\(change.kind.rawValue)  \(skill.address):\(change.line)"
                if let detail = change.detail { line += "  \(detail)" }
                context.output.line(line + "  " + String(change.subject.prefix(160)))
            }
            if !context.quiet { context.output.error(plural(changes.count, "change")) }
        }
        return changes.isEmpty ? .success : .problems
    }
}
