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
            guard RuleID.isValid(text) else {
                throw UsageError("--rule takes a rule id such as R6, not '\(text)'", command: Self.name)
            }
            rule = text.uppercased()
        } else {
            rule = nil
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        let catalog = try context.catalog()
        let version = try catalog.version(of: reference.name, label: reference.label)
        let entries = try catalog.claimEntries(of: version, filter: ClaimFilter(label: label, section: section, rule: rule))
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
