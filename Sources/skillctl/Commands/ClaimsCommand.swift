import SkillStore

struct ClaimsCommand: Command {
    static let name = "claims"
    static let summary = "List a skill's claims with their provenance labels and citations."
    static let discussion = """
        One line per claim (a sentence of a paragraph, list item or table
        cell): its location, its label (measured, derived, judgement,
        unverified, cited when only a link backs it, or unlabelled), and its
        text, followed by the links that back it.
        """
    static let label = Option.value("--label", "L", "only claims with this label")
    static let section = Option.value("--section", "TEXT", "only claims under a heading containing TEXT (any case)")
    static let rule = Option.value("--rule", "R6", "only claims inside rule R6")
    static let options = [label, section, rule]
    static let arguments = [Argument("SKILL[@LABEL]")]
    static let worksWithServer = true

    let reference: SkillReference
    let label: ClaimLabel?
    let section: String?
    let rule: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        reference = try SkillReference(arguments.positionals, command: Self.name)
        label = try arguments.claimLabel(Self.label, command: Self.name)
        section = arguments.value(Self.section)
        if let text = arguments.value(Self.rule) {
            guard let normalized = RuleID.normalized(text) else {
                throw UsageError("--rule takes a rule id such as R6, not '\(text)'", command: Self.name)
            }
            rule = normalized
        } else {
            rule = nil
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        let catalog = try context.catalog()
        let version = try catalog.version(reference)
        let entries = try catalog.claimEntries(of: version, filter: ClaimFilter(label: label, section: section, rule: rule))
        if context.json {
            context.output.json(entries)
        } else {
            for entry in entries {
                var line = "\(version.key):\(entry.line):\(entry.column)  \(entry.label)"
                if let rule = entry.rule { line += " \(rule)" }
                context.output.line(line + "  " + entry.text)
                for citation in entry.citations { context.output.line("    -> \(citation.url)") }
            }
            if !context.quiet { context.output.error(plural(entries.count, "claim")) }
        }
        return .success
    }
}
