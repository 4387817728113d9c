import Foundation
import SkillStore

struct CheckCommand: Command {
    static let name = "check"
    static let summary = "Lint skills before or after publishing: validation, sources, links and labels."
    static let discussion = """
        Each argument is a SKILL.md, a skill folder or a pack on disk (checked
        before publishing), or the name of a published skill. Skills on disk
        are checked together: a link from one to another resolves to it, as
        they are to be published together. Diagnostics are printed as
        path:line:col: error|warning: message [code]. Links and
        anchors are resolved against the store when a database exists. With
        --server, a published skill is checked by the server, against its
        store; files on disk are checked here without a store.

        Errors: what a publish refuses (with --strict, every Agent Skills
        rule, as publish --strict refuses it); a link whose text time
        disagrees with its URL time [time-mismatch]; a relative link to a file
        missing from the bundle [bundle-link-missing]; duplicate rule ids
        [rule-duplicate]. Publish finds these three too, and reports them as
        warnings (refuses them with --strict).
        Warnings: what a lenient publish accepts and records (a name unlike
        its folder, a name that is no skill id, no front-matter, ...; see
        publish), an error with --strict; an anchor that names no section of
        a stored source or bundle file [anchor-unresolved] (an error with
        --strict); a skill or rule link that resolves to nothing in the store
        or among the skills checked [skill-unresolved],
        [rule-unresolved]; a label the legend does not declare
        [label-undeclared]; measured claims without metadata.verified
        [measured-without-environment].

        Exit 1 if there is any error; warnings alone exit 0.
        """
    static let strict = Option.flag("--strict", "unresolved anchors and every departure from the Agent Skills rules are errors")
    static let sarif = Option.flag("--sarif", "print SARIF 2.1.0 (for code-scanning tools)")
    static let options = [strict, sarif]
    static let arguments = [Argument("PATH|SKILL[@LABEL]", repeats: true)]
    static let usageForms = [UsageForm([.argument(arguments[0]), .optional(strict), .oneOf([GlobalOptions.json, sarif])])]
    static let worksWithServer = true

    let targets: [String]
    let strict: Bool
    let sarif: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("check needs at least one PATH or SKILL", command: Self.name)
        }
        targets = arguments.positionals
        strict = arguments.has(Self.strict)
        sarif = arguments.has(Self.sarif)
        if sarif && arguments.has(GlobalOptions.json) {
            throw UsageError("--sarif and --json cannot be combined", command: Self.name)
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        let remote = try context.serverURL.map { try RemoteCatalog($0, token: nil, maxAnswerBytes: try context.maxAnswerBytes()) }
        let store = remote == nil && FileManager.default.fileExists(atPath: context.databasePath) ? try context.openForReading() : nil
        if store == nil && remote == nil && !context.quiet {
            context.output.error(
                "note: no database at \(context.databasePath); skill links, rule links and source anchors were not checked")
        }
        let checker = SkillChecker(store: store, strict: strict)
        // The skills on disk are checked together, so that links between
        // them resolve; their findings are still printed in argument order.
        var sourcesOfTarget: [Int: [SkillSource]] = [:]
        for (index, target) in targets.enumerated() where FileManager.default.fileExists(atPath: target) {
            sourcesOfTarget[index] = try SkillSource.discover([target])
        }
        var findingsOnDisk = checker.check(targets.indices.flatMap { sourcesOfTarget[$0] ?? [] })[...]
        var diagnostics: [Diagnostic] = []
        for (index, target) in targets.enumerated() {
            if let sources = sourcesOfTarget[index] {
                diagnostics += findingsOnDisk.prefix(sources.count).joined()
                findingsOnDisk = findingsOnDisk.dropFirst(sources.count)
            } else {
                let reference = try SkillReference([target], command: Self.name)
                if let remote {
                    diagnostics += try remote.check(try remote.version(reference), strict: strict)
                    continue
                }
                guard let store else { throw SkillStoreError.databaseMissing(path: context.databasePath) }
                diagnostics += try checker.check(try store.version(reference))
            }
        }
        if sarif {
            context.output.json(SARIFLog(diagnostics), snakeCaseKeys: false)
        } else if context.json {
            context.output.json(diagnostics)
        } else {
            for diagnostic in diagnostics { context.output.line(diagnostic.description) }
            if !context.quiet {
                let errors = diagnostics.filter { $0.severity == .error }.count
                context.output.error("\(plural(errors, "error")), \(plural(diagnostics.count - errors, "warning"))")
            }
        }
        return diagnostics.contains { $0.severity == .error } ? .problems : .success
    }
}
