import SkillStore
import SkillStoreAPI

struct GetCommand: Command {
    static let name = "get"
    static let summary = "Print a skill by name: its served text form, raw bytes or metadata."
    static let discussion = """
        Prints the latest version of the skill (or the version LABEL) in the
        served text form: a line '<name> <label>' (the name is NAMESPACE/NAME
        outside the default namespace), a blank line, a line naming the
        immutable blob URL, a blank line, then the SKILL.md's exact bytes.
        With --json, prints the version's metadata instead: namespace, label,
        the SKILL.md's id, the bundle id ('manifest'), files, publisher, the
        warnings recorded when it was published, the safety scan's verdict
        on its bundle ('scan': scanner version, highest severity or 'none',
        the number of findings and the most severe few), and the yank when
        there is one. Without --json, those warnings are printed on standard
        error, and a 'scan:' line there names the verdict and its top
        findings when there is something to say: a finding of any severity,
        no verdict yet ('scan: not judged yet'), or a verdict from another
        scanner version (ending '; stale, the current scanner is N'); a
        clean verdict from this scanner prints none. From a server, which
        may run another scanner, a clean verdict prints none whatever its
        scanner, and a line about findings ends '; this skillctl's scanner
        is N' instead. A yanked version named by its label is printed with
        a warning there too.
        """
    static let raw = Option.flag("--raw", "print only the SKILL.md's bytes")
    static let options = [raw]
    static let arguments = [Argument("[NS/]NAME[@LABEL]")]
    static let usageForms = [UsageForm([.argument(arguments[0]), .oneOf([raw, GlobalOptions.json])])]
    static let worksWithServer = true

    let reference: SkillReference
    let raw: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        reference = try SkillReference(arguments.positionals, command: Self.name)
        raw = arguments.has(Self.raw)
        if raw && arguments.has(GlobalOptions.json) {
            throw UsageError("--raw and --json cannot be combined", command: Self.name)
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        let catalog = try context.catalog()
        let version = try catalog.version(reference)
        if let yank = version.yank, !context.quiet {
            context.output.error("warning: \(version.key)@\(version.label) was yanked (\(yank.at), by \(yank.by)): \(yank.reason)")
        }
        // Standard output stays the served bytes; what the version breaks
        // of the Agent Skills rules goes beside it.
        if !context.json && !context.quiet {
            for warning in version.warnings ?? [] {
                var shown = warning
                shown.path = "\(version.key)/\(warning.path)"
                context.output.error(shown.description)
            }
            if let scan = Self.scanLine(version.scan, fromServer: context.serverURL != nil) { context.output.error(scan) }
        }
        if context.json {
            context.output.json(version)
        } else if raw {
            context.output.write(try catalog.blob(.id(version.id)).bytes)
        } else {
            context.output.write(ServedText.bytes(of: version, skillFile: try catalog.blob(.id(version.id)).bytes))
        }
        return .success
    }

    /// The `scan:` line for standard error, nil when there is nothing to
    /// say: a clean verdict from this skillctl's scanner is what a user
    /// expects, and a line on every `get` would teach them to skip it.
    /// Findings of any severity are named; so is a verdict that is missing
    /// or, in the local store, from another scanner version, since it
    /// vouches for nothing now. A server's verdict is not called stale (the
    /// server may run another scanner): a clean one says nothing, and
    /// findings name this skillctl's scanner beside the server's.
    static func scanLine(_ scan: ScanSummary?, fromServer: Bool) -> String? {
        guard let scan else { return "scan: not judged yet" }
        let other = scan.scannerVersion != SkillScanner.version
        let found = scan.findingCount > 0 || scan.highest != nil
        guard found || (other && !fromServer) else { return nil }
        let note = !other ? "" : fromServer ? "; this skillctl's scanner is \(SkillScanner.version)"
            : "; stale, the current scanner is \(SkillScanner.version)"
        return "scan: " + scan.line + note
    }
}
