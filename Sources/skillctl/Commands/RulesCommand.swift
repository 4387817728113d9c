import SkillStore

struct RulesCommand: SkillVersionCommand {
    static let name = "rules"
    static let summary = "List a skill's numbered rules, with the labels of their claims."
    static let discussion = """
        One line per rule: its id, line, the labels of the claims inside it,
        and its title (the item's leading bold text).
        """
    let reference: SkillReference

    func run(_ context: Context) throws -> ExitCode {
        let catalog = try context.catalog()
        let version = try catalog.version(reference)
        let entries = try catalog.ruleEntries(of: version)
        if context.json {
            context.output.json(entries)
        } else if entries.isEmpty {
            context.output.error("\(version.key) \(version.label) has no rules (a numbered list under a 'Rules' heading)")
        } else {
            context.output.table(entries.map {
                [$0.id, "line \($0.line)", $0.labels.joined(separator: ","), $0.title ?? ""]
            })
        }
        return .success
    }
}
