import Foundation
import SkillStore

struct PublishCommand: Command {
    static let name = "publish"
    static let summary = "Publish skills from SKILL.md files, skill folders or packs."
    static let discussion = """
        Each PATH is a SKILL.md (published alone), a skill folder (SKILL.md and
        every other file in it: references/, scripts/, assets/, ...), or a
        folder holding skill folders at any depth (a clone of a pack).

        All or nothing: every skill is read and validated first, and if any is
        refused, nothing is published and every error is listed (exit 4).
        Publishing a bundle that is already published is a no-op that reports
        the existing version ("unchanged").

        Version labels come from, in order: --version; the front-matter's
        'version' or 'metadata.version'; or, for a skill committed in a clean
        git checkout, git:<YYYYMMDD>.<sha7><A|M> from the last commit that
        touched it. Otherwise the label is the bundle's id, bundle:<16 hex>,
        so the same files always get the same label, and a note says why git
        gave none.

        Lenient by default: what the Agent Skills rules ask but a skill breaks,
        when SkillStore can still identify it, is accepted and recorded with
        the version as a warning, printed here: a name unlike its folder
        [name-folder-mismatch], a name that is no skill id, published under
        the id derived from it [name-not-an-id], a description over 1,024
        characters [description-too-long], none at all (the body's first
        paragraph is used) [description-missing], no front-matter (the folder
        names the skill) [front-matter-missing], 'metadata' not a map
        [metadata-not-map], an over-long 'compatibility'
        [compatibility-too-long], a value of an unexpected type
        [value-type-unexpected], an unquoted value holding ': ' or starting
        with '@' or '`', which YAML refuses, read as the text of its line
        [value-colon-unquoted, value-indicator-unquoted], a second skill of
        the publish declaring a
        name another has taken (copies, backups): the one nearest its pack's
        root keeps it, the other gets the name with a folder that tells it
        apart in front, 2025-10-19-pdf [name-duplicate]. With --strict, each
        of these is refused as the rules say.

        The errors 'skillctl check' finds in a skill's own files without the
        store are warnings here too, recorded with the version: a link text's
        time that its URL contradicts [time-mismatch], a relative link to a
        file missing from the bundle [bundle-link-missing], duplicate rule
        ids [rule-duplicate]. With --strict they refuse the skill.

        Refused: invalid UTF-8, NUL bytes, YAML that does not parse or uses
        anchors, aliases or duplicate keys, symlinks pointing outside the
        skill folder, special files, files over 4 MiB, bundles over 64 MiB.
        Hidden files (.name) are skipped, and hidden folders are searched for
        skills only when none sits outside them (.claude/skills/, say).

        Every skill goes into a namespace: --namespace NS, else the one its
        pack declares in a .skillstore.yaml file ('namespace: acme') in the
        skill's folder or a folder above it (up to the root of its git
        checkout), else 'default'. Names are unique within a namespace, so
        two packs that both ship 'pdf' publish side by side.

        Every new bundle is scanned for what it would make an agent do (the
        rules of 'skillctl scan') and the verdict is recorded with its bundle
        id, where get, pull and the API show it; nothing is refused for it
        by default. --refuse-risky refuses a skill with a finding at or
        above SEVERITY (default high), exit 1, nothing written. --no-scan
        skips the scan for a faster bulk publish and leaves the verdict to
        'skillctl scan --all'. Both apply to a local database; a server
        scans what it is sent and refuses per its own --refuse-risky.

        With --source, FILE is a page that skills cite (Markdown, or plain text
        whose section titles are short lines standing alone), stored as the
        latest version of the source URL. Citations of that URL then resolve
        to it, and their #fragments to its sections.

        With --server URL (or SKILLSTORE_SERVER) and --token (or
        SKILLSTORE_TOKEN), the skills are read and checked here, then sent
        to the server as one tar archive and published there, all or
        nothing, with the same diagnostics and the same labels: a label
        that comes from git is derived here and sent with the skill.
        """
    static let source = Option.value("--source", "URL", "publish FILE as the source document at URL")
    static let version = Option.value("--version", "LABEL", "the version label for every skill published")
    static let skipInvalid = Option.flag("--skip-invalid", "publish the valid skills, list the others, exit 1")
    static let strict = Option.flag("--strict", "refuse every departure from the Agent Skills rules, and check's errors, instead of warning")
    static let progress = Option.progress
    static let by = Option.value("--by", "NAME", "who publishes (default: $USER; a server records its token's name instead)")
    static let namespace = Option.value(
        "--namespace", "NS", "the namespace to publish into (default: the pack's .skillstore.yaml, else 'default')")
    static let noScan = Option.flag(
        "--no-scan", "do not run the safety scan now (faster); 'skillctl scan --all' records the verdicts later")
    static let refuseRisky = Option.flag(
        "--refuse-risky", inlineValue: "SEVERITY",
        "refuse a skill whose safety scan finds something at or above SEVERITY: low, medium, high (default), critical")
    static let options = [source, namespace, version, skipInvalid, strict, progress, by, noScan, refuseRisky]
    static let arguments = [Argument("PATH", repeats: true)]
    static let usageForms = [
        UsageForm(arguments: arguments, options: [namespace, version, skipInvalid, strict, progress, by, noScan, refuseRisky]),
        UsageForm([.required(source), .argument(Argument("FILE"))]),
    ]
    static let worksWithServer = true

    let paths: [String]
    /// `--namespace`, validated.
    let namespace: String?
    let options: PublishOptions
    let forceProgress: Bool
    let sourceURL: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("publish needs at least one PATH", command: Self.name)
        }
        paths = arguments.positionals
        sourceURL = arguments.value(Self.source)
        if sourceURL != nil && paths.count != 1 {
            throw UsageError("publish --source URL takes exactly one FILE", command: Self.name)
        }
        do {
            namespace = try arguments.value(Self.namespace).map { text throws(InvalidIdentity) in try Namespace.validated(text) }
        } catch {
            throw UsageError(error, command: Self.name)
        }
        if sourceURL != nil && namespace != nil {
            throw UsageError("--namespace goes with skills; a source page (--source) belongs to no namespace", command: Self.name)
        }
        var options = PublishOptions()
        options.version = arguments.value(Self.version)
        options.skipInvalid = arguments.has(Self.skipInvalid)
        options.strict = arguments.has(Self.strict)
        options.publisher = arguments.value(Self.by)
            ?? ProcessInfo.processInfo.environment["USER"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ProcessInfo.processInfo.userName
        options.scan = !arguments.has(Self.noScan)
        if arguments.has(Self.refuseRisky) {
            options.refuseRisky = try ScanCommand.severity(
                arguments.inlineValue(Self.refuseRisky) ?? "high", option: Self.refuseRisky.name, command: Self.name)
        }
        if !options.scan && options.refuseRisky != nil {
            throw UsageError("--refuse-risky needs the scan that --no-scan skips", command: Self.name)
        }
        options.checkpoint = Self.testPause(ProcessInfo.processInfo.environment["SKILLSTORE_TEST_PUBLISH_PAUSE"])
        self.options = options
        forceProgress = arguments.has(Self.progress)
    }

    private func publishSource(_ url: String, _ context: Context) throws -> ExitCode {
        let result = try context.openForWriting().publishSource(url: url, path: paths[0], publisher: options.publisher)
        if context.json {
            context.output.json(result)
        } else {
            context.output.table([[result.status.rawValue, result.url, result.id.hex, plural(result.sections, "section")]])
        }
        return .success
    }

    private func publish(_ context: Context) throws -> PublishReport {
        let sources = try SkillSource.discover(paths, namespace: namespace)
        if let server = context.serverURL {
            if !options.scan || options.refuseRisky != nil {
                throw UsageError(
                    "--no-scan and --refuse-risky apply to a local database; a server scans by its own settings",
                    command: Self.name)
            }
            return try RemotePublish(sources: sources)
                .send(to: RemoteCatalog(server, token: context.token, maxAnswerBytes: try context.maxAnswerBytes()), version: options.version, skipInvalid: options.skipInvalid,
                      strict: options.strict)
        }
        let store = try context.openForWriting()
        let progress = ProgressReporter("publishing", output: context.output, forced: forceProgress, quiet: context.quiet)
        defer { progress.finish() }
        return try store.publish(sources, options: options, progress: progress.update)
    }

    /// For the crash-safety tests only: at the checkpoint named by
    /// SKILLSTORE_TEST_PUBLISH_PAUSE, say so on standard error and wait to be
    /// killed, so a test knows on which side of the commit its kill landed.
    /// Debug builds only (the tests'): a release binary never holds its
    /// write lock for a variable it happens to inherit.
    private static func testPause(_ name: String?) -> @Sendable (PublishCheckpoint) -> Void {
        #if DEBUG
        guard let name, let pauseAt = PublishCheckpoint(rawValue: name) else { return { _ in } }
        return { checkpoint in
            guard checkpoint == pauseAt else { return }
            FileHandle.standardError.write(Data("checkpoint \(checkpoint.rawValue)\n".utf8))
            sleep(60)
        }
        #else
        return { _ in }
        #endif
    }

    struct Report: Encodable {
        var published: [PublishResult]
        var refused: [Diagnostic]
    }

    func run(_ context: Context) throws -> ExitCode {
        let databaseExisted = context.serverURL != nil || FileManager.default.fileExists(atPath: context.databasePath)
        let report: PublishReport
        do {
            if let sourceURL {
                if context.serverURL != nil {
                    throw UsageError("publish --source works on a local database, not through --server", command: Self.name)
                }
                return try publishSource(sourceURL, context)
            }
            report = try publish(context)
        } catch let error where error is InputRefused || error is UsageProblem {
            // "Changes nothing" includes not leaving a new, empty database behind.
            if !databaseExisted {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: context.databasePath + suffix) }
            }
            guard let refused = error as? InputRefused, context.json else { throw error }
            context.output.json(Report(published: [], refused: refused.diagnostics))
            return ExitCode(refused.kind)
        }

        let refused = report.refused.flatMap(\.diagnostics)
        if context.json {
            context.output.json(Report(published: report.results, refused: refused))
        } else {
            context.output.table(report.results.map {
                [$0.status.rawValue, $0.key.description, $0.label, $0.id.hex, $0.manifest.hex]
            })
            for diagnostic in refused { context.output.error(diagnostic.description) }
            for result in report.results {
                for warning in result.warnings ?? [] { context.output.error(warning.description) }
            }
            if !context.quiet {
                for result in report.results { if let note = result.note { context.output.error("\(result.path): note: \(note)") } }
                let new = report.results.filter { $0.status == .new }.count
                var summary = "\(new) new, \(report.results.count - new) unchanged"
                if !report.refused.isEmpty { summary += ", \(report.refused.count) refused" }
                context.output.error(summary)
            }
        }
        return report.refused.isEmpty ? .success : .problems
    }
}
