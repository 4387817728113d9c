import Foundation
import SkillStore

struct ProvenanceCommand: Command {
    static let name = "provenance"
    static let summary = "A reviewer's view: what a skill (or one rule) claims, and what backs each claim."
    static let help = """
        Usage: skillctl provenance SKILL[@LABEL][#R6] [--json]

        A summary (claims by label, and the share that is unlabelled: the
        provenance gap), then each claim with its label and citations. A
        citation whose URL is a stored source (skillctl publish --source)
        shows the opening of the section its #fragment names.
        """

    let reference: SkillReference

    init(_ arguments: ParsedArguments) throws(UsageError) {
        reference = try SkillReference(arguments.positionals, command: Self.name, allowsRule: true)
    }

    struct Report: Encodable {
        var skill: String
        var version: String
        var rule: String?
        var claims: Int
        var byLabel: [String: Int]
        var unlabelledShare: Double
        var items: [ClaimEntry]
    }

    func run(_ context: Context) throws -> ExitCode {
        let store = try context.openForReading()
        let version = try store.version(of: reference.name, label: reference.label)
        let graph = try store.graph(of: version)
        let rule = reference.rule?.uppercased()
        if let rule, !graph.rules.contains(where: { $0.id == rule }) {
            throw SkillStoreError.notFound("\(version.name) \(version.label) has no rule \(rule)")
        }
        var items: [ClaimEntry] = []
        for claim in graph.claims where rule == nil || claim.rule == rule {
            var entry = ClaimEntry(claim, graph: graph, skill: version.name)
            for (position, index) in claim.citations.enumerated() {
                let citation = graph.citations[index]
                guard let fragment = citation.fragment, let source = try store.source(at: citation.target),
                      let section = source.section(forFragment: fragment) else { continue }
                entry.citations[position].section = section.title
                entry.citations[position].sectionOpening = Self.opening(of: section.text)
            }
            items.append(entry)
        }
        var byLabel: [String: Int] = [:]
        for item in items { byLabel[item.label, default: 0] += 1 }
        let report = Report(
            skill: version.name, version: version.label, rule: rule, claims: items.count, byLabel: byLabel,
            unlabelledShare: items.isEmpty ? 0 : Double(byLabel["unlabelled", default: 0]) / Double(items.count),
            items: items)

        if context.json {
            context.output.json(report)
            return .success
        }
        let title = rule.map { "\(version.name)#\($0)" } ?? version.name
        context.output.line("\(title) \(version.label): \(plural(items.count, "claim"))")
        for label in ClaimLabel.allCases where byLabel[label.rawValue] != nil {
            context.output.line("  \(label.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)) \(byLabel[label.rawValue]!)")
        }
        context.output.line(String(format: "  unlabelled share: %.0f%%", report.unlabelledShare * 100))
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

    /// The first sentence or so of a section, for a reviewer to compare.
    static func opening(of text: String, limit: Int = 240) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard flat.count > limit else { return flat }
        return String(flat.prefix(limit)) + "…"
    }
}
