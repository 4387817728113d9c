import Foundation
import SkillStore

struct ProvenanceCommand: Command {
    static let name = "provenance"
    static let summary = "A reviewer's view: what a skill (or one rule) claims, and what backs each claim."
    static let discussion = """
        A summary (claims by label, and the share that is unlabelled: the
        provenance gap), then each claim with its label and citations. A
        citation whose URL is a stored source (skillctl publish --source)
        shows the opening of the section its #fragment names.
        """
    static let arguments = [Argument("SKILL[@LABEL][#R6]")]
    static let worksWithServer = true

    let reference: SkillReference

    init(_ arguments: ParsedArguments) throws(UsageError) {
        reference = try SkillReference(arguments.positionals, command: Self.name, allowsRule: true)
    }

    func run(_ context: Context) throws -> ExitCode {
        let catalog = try context.catalog()
        let version = try catalog.version(reference)
        let rule = reference.rule
        let report = try catalog.provenance(of: version, rule: rule)
        let items = report.items
        let byLabel = report.byLabel

        if context.json {
            context.output.json(report)
            return .success
        }
        let title = rule.map { "\(version.key)#\($0)" } ?? version.key.description
        context.output.line("\(title) \(version.label): \(plural(items.count, "claim"))")
        for label in ClaimLabel.allCases where byLabel[label.rawValue] != nil {
            context.output.line("  \(label.rawValue.padded(to: 11)) \(byLabel[label.rawValue]!)")
        }
        context.output.line(String(printf: "  unlabelled share: %.0f%%", report.unlabelledShare * 100))
        for item in items {
            context.output.line("")
            context.output.line("\(item.address)  \(item.label)\(item.rule.map { " \($0)" } ?? "")")
            context.output.line("  \(item.text)")
            for citation in item.citations {
                context.output.line("  -> [\(citation.text)] \(citation.url)")
                if let section = citation.section, let opening = citation.sectionOpening {
                    context.output.line("     \(section): \(opening)")
                }
            }
        }
        return .success
    }

}
