import SkillStore

struct ClaimsCommand: Command {
    static let name = "claims"
    static let summary = "List a skill's claims with their provenance labels and citations."
    static let help = """
        Usage: skillctl claims SKILL[@LABEL] [--label L] [--section TEXT] [--rule R6] [--json]

        One line per claim (a sentence of a paragraph, list item or table
        cell): its location, its label (measured, derived, judgement,
        unverified, cited when only a link backs it, or unlabelled), and its
        text, followed by the links that back it.

        Options:
          --label L       only claims with this label
          --section TEXT  only claims under a heading containing TEXT (any case)
          --rule R6       only claims inside rule R6
        """
    static let options: Set<String> = ["--label", "--section", "--rule"]

    let reference: SkillReference
    let label: ClaimLabel?
    let section: String?
    let rule: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        reference = try SkillReference(arguments.positionals, command: Self.name)
        label = try arguments.claimLabel(command: Self.name)
        section = arguments.value("--section")
        if let text = arguments.value("--rule") {
            guard GraphRuleID.isValid(text) else {
                throw UsageError("--rule takes a rule id such as R6, not '\(text)'", command: Self.name)
            }
            rule = text.uppercased()
        } else {
            rule = nil
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        let store = try context.openForReading()
        let version = try store.version(of: reference.name, label: reference.label)
        let graph = try store.graph(of: version)
        if let rule, !graph.rules.contains(where: { $0.id == rule }) {
            throw SkillStoreError.notFound("\(version.name) \(version.label) has no rule \(rule)")
        }
        let claims = graph.claims.filter { claim in
            (label == nil || claim.label == label || claim.labels.contains(label!))
                && (section == nil || claim.section.contains { $0.localizedCaseInsensitiveContains(section!) })
                && (rule == nil || claim.rule == rule)
        }
        let entries = claims.map { ClaimEntry($0, graph: graph, skill: version.name) }
        if context.json {
            context.output.json(entries)
        } else {
            for entry in entries {
                var line = "\(version.name):\(entry.line):\(entry.column)  \(entry.label)"
                if let rule = entry.rule { line += " \(rule)" }
                context.output.line(line + "  " + entry.text)
                for citation in entry.citations { context.output.line("    -> \(citation.url)") }
            }
            if !context.quiet { context.output.error(plural(entries.count, "claim")) }
        }
        return .success
    }
}

/// A claim as printed by `claims` and `provenance`.
struct ClaimEntry: Encodable {
    struct CitationEntry: Encodable {
        var text: String
        var url: String
        var target: String
        var kind: String
        var fragment: String?
        var line: Int
        var column: Int
        var urlTime: Int?
        var textTimes: [Int]
        /// For a citation that resolves to a stored source's section: that section's opening.
        var section: String?
        var sectionOpening: String?
    }

    var address: String
    var label: String
    var labels: [String]
    var text: String
    var qualifier: String?
    var unit: String
    var line: Int
    var column: Int
    var section: [String]
    var rule: String?
    var context: String?
    var citations: [CitationEntry]

    init(_ claim: Claim, graph: SkillGraph, skill: String) {
        address = "\(skill):\(claim.location.line):\(claim.location.column)"
        label = claim.label.rawValue
        labels = claim.labels.map(\.rawValue)
        text = claim.text
        qualifier = claim.qualifier
        unit = claim.unit.rawValue
        line = claim.location.line
        column = claim.location.column
        section = claim.section
        rule = claim.rule
        context = claim.context
        citations = claim.citations.map { index in
            let citation = graph.citations[index]
            return CitationEntry(
                text: citation.text, url: citation.url, target: citation.target, kind: citation.kind.rawValue,
                fragment: citation.fragment, line: citation.location.line, column: citation.location.column,
                urlTime: citation.urlTime, textTimes: citation.textTimes)
        }
    }
}
