import Foundation
import SkillStore

struct ScanCommand: Command {
    static let name = "scan"
    static let summary = "Look for what a skill would make an agent do: credential theft, droppers, injection."
    static let discussion = """
        Each argument is a SKILL.md, a skill folder or a pack on disk, or the
        name of a published skill. SKILL.md and every text file of the bundle
        are read (at most 1 MiB a file, 4 KiB a line, 20,000 lines). Each
        finding is printed as path:line:col: SEVERITY: explanation [rule],
        then its evidence.
        Severities are low, medium, high and critical; docs/scan.md lists
        every rule. Text that only describes attacks (a red-flags section, a
        detection pattern) is not flagged; what the agent is told to run is.

        Exit 0 when no finding reaches --fail-on (default high), 1 when one
        does, 2 on a usage error, 3 when a published skill is not found, 4
        when a path holds no skill or a skill could not be read (the others
        are still scanned and printed; a finding at or above --fail-on
        still exits 1).

        With --all, judges the local database instead: every stored bundle
        whose verdict is missing (published with --no-scan, or before
        verdicts were kept) or comes from another scanner version is scanned
        again and its verdict recorded, where get, pull and the API show it.
        It prints how many bundles were judged and their highest severities
        (--json: a summary object), shows progress on standard error, and
        exits 0 whatever it finds.
        """
    static let sarif = Option.flag("--sarif", "print SARIF 2.1.0 (for code-scanning tools)")
    static let failOn = Option.value("--fail-on", "SEVERITY", "exit 1 on a finding at or above: low, medium, high (default), critical")
    static let all = Option.flag("--all", "judge again every stored bundle whose verdict is missing or from another scanner version")
    static let progress = Option.flag(
        "--progress", "with --all: report progress on standard error even when it is not a terminal")
    static let options = [failOn, sarif, all, progress]
    static let arguments = [Argument("PATH|SKILL[@LABEL]", repeats: true)]
    static let usageForms = [
        UsageForm([.argument(arguments[0]), .optional(failOn), .oneOf([GlobalOptions.json, sarif])]),
        UsageForm([.required(all), .optional(progress), .optional(GlobalOptions.json)]),
    ]

    /// One scanned skill and what was found in it.
    struct ScannedSkill: Encodable {
        var skill: String
        var findings: [ScanFinding]
    }

    /// The JSON answer: the scanner version (a stored verdict names it) and
    /// the findings per skill.
    struct Report: Encodable {
        var scannerVersion: String
        var failOn: ScanSeverity
        var skills: [ScannedSkill]
    }

    let targets: [String]
    let threshold: ScanSeverity
    let sarif: Bool
    let rejudgeAll: Bool
    let forceProgress: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        rejudgeAll = arguments.has(Self.all)
        forceProgress = arguments.has(Self.progress)
        if rejudgeAll && (!arguments.positionals.isEmpty || arguments.has(Self.sarif) || arguments.value(Self.failOn) != nil) {
            throw UsageError("scan --all judges the whole database; it takes no PATH, SKILL, --sarif or --fail-on", command: Self.name)
        }
        guard rejudgeAll || !arguments.positionals.isEmpty else {
            throw UsageError("scan needs at least one PATH or SKILL (or --all)", command: Self.name)
        }
        targets = arguments.positionals
        sarif = arguments.has(Self.sarif)
        if sarif && arguments.has(GlobalOptions.json) {
            throw UsageError("--sarif and --json cannot be combined", command: Self.name)
        }
        threshold = try arguments.value(Self.failOn).map { value throws(UsageError) in
            try Self.severity(value, option: Self.failOn.name, command: Self.name)
        } ?? .high
    }

    /// A severity named on the command line, case aside.
    static func severity(_ text: String, option: String, command: String) throws(UsageError) -> ScanSeverity {
        guard let severity = ScanSeverity(rawValue: text.lowercased()) else {
            throw UsageError("\(option) takes low, medium, high or critical, not '\(text)'", command: command)
        }
        return severity
    }

    func run(_ context: Context) throws -> ExitCode {
        if rejudgeAll { return try rejudge(context) }
        let scanner = SkillScanner()
        var scanned: [ScannedSkill] = []
        var store: SkillStore?
        var unreadable = 0
        for target in targets {
            if FileManager.default.fileExists(atPath: target) {
                for source in try SkillSource.discover([target]) {
                    let root = source.path.hasSuffix(".md") ? (source.path as NSString).deletingLastPathComponent : source.path
                    // One unreadable skill (a file over the bundle limits) must
                    // not hide the verdicts on the rest of a pack.
                    do {
                        scanned.append(ScannedSkill(skill: root, findings: try scanner.scan(source)))
                    } catch {
                        unreadable += 1
                        for diagnostic in error.diagnostics { context.output.error(diagnostic.description) }
                    }
                }
            } else {
                let reference = try SkillReference([target], command: Self.name)
                if store == nil { store = try context.openForReading() }
                let version = try store!.version(reference)
                scanned.append(ScannedSkill(skill: "\(version.key)@\(version.label)", findings: try store!.scan(version)))
            }
        }
        if sarif {
            context.output.json(SARIFLog(scanned.flatMap { skill in skill.findings.map { $0.diagnostic(under: skill.skill) } }),
                                snakeCaseKeys: false)
        } else if context.json {
            context.output.json(Report(scannerVersion: SkillScanner.version, failOn: threshold, skills: scanned))
        } else {
            for skill in scanned {
                for finding in skill.findings {
                    let place = skill.skill.isEmpty ? finding.file : skill.skill + "/" + finding.file
                    context.output.line("\(place):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.explanation) [\(finding.rule)]")
                    context.output.line("    \(finding.evidence)")
                }
            }
            if !context.quiet {
                let failing = scanned.reduce(0) { $0 + $1.findings.filter { $0.severity >= threshold }.count }
                let total = scanned.reduce(0) { $0 + $1.findings.count }
                context.output.error(
                    "\(plural(scanned.count, "skill")) scanned, \(plural(total, "finding")), \(failing) at or above \(threshold.rawValue)")
            }
        }
        let failed = scanned.contains { $0.findings.contains { $0.severity >= threshold } }
        return failed ? .problems : unreadable > 0 ? .refused : .success
    }

    /// `--all`: the stale and missing verdicts of the database, judged again.
    private func rejudge(_ context: Context) throws -> ExitCode {
        let store = try context.openExisting()
        let progress = ProgressReporter("judging", output: context.output, forced: forceProgress, quiet: context.quiet)
        let report = try store.rejudge(progress: progress.update)
        progress.finish()
        if context.json {
            context.output.json(report)
        } else {
            let severities = (ScanSeverity.allCases.reversed().map(\.rawValue) + ["none"]).compactMap { name in
                report.highest[name].map { "\($0) \(name)" }
            }
            context.output.line(
                "\(plural(report.judged, "bundle")) judged by scanner \(report.scannerVersion), \(report.current) already current"
                    + (severities.isEmpty ? "" : "; highest: " + severities.joined(separator: ", ")))
        }
        return .success
    }
}
