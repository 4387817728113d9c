import Foundation
import SkillStore

struct PullCommand: Command {
    static let name = "pull"
    static let summary = "Install skills into a folder by name or id, pinned in skills.lock.json."
    static let discussion = """
        Writes each skill's whole folder (SKILL.md and every file of its
        bundle manifest) to DIR/<name>/, from the database or, with --server
        URL, from a server. Every file's SHA-256 is checked against the
        manifest before anything is written, and each skill is written into
        a hidden folder first and renamed into place, so an interrupted pull
        never leaves half a skill. DIR/skills.lock.json then records, per
        skill, its namespace, name, version label, bundle id and each file's
        path, size, mode and SHA-256 (docs/formats.md).

        A skill is [NAMESPACE/]NAME[@LABEL]: without a label, the latest
        version that is not yanked; without a namespace, the one namespace
        that holds the name (exit 2, listing them, when several do). An ID is
        a bundle id (16 hex, what 'ls' and 'versions' show as BUNDLE), which
        pins every file, or a SKILL.md blob id, which is refused when
        versions with different bundles share that SKILL.md (exit 2, listing
        their bundle ids). A yanked version installs only when pinned (by
        label, bundle id or --locked), with a warning.

        --agent NAME installs into the skills folder that agent reads in the
        current project (--agent claude-code: .claude/skills), or with --user
        into its folder in your home directory (~/.claude/skills); 'skillctl
        agents' lists the agents and their folders. The folder is pinned and
        checked like any other: the lock file is written there.

        Two skills of the same name from different namespaces cannot share
        DIR/<name>/: pull refuses to replace one with the other unless --force.
        A skill whose SKILL.md declares another name than the one it is
        published under (a copy a publish named apart from another skill of
        its pack, docs/formats.md) is installed under its published name
        with a warning, which also says when DIR holds a skill of the
        declared name or another skill of the same pull declares it: agents
        that read the name from SKILL.md would see two skills of one name.

        A pull never overwrites local work unasked: when DIR/<name>/ has a
        file added, removed or changed since it was pulled (what 'skillctl
        verify DIR' reports), or exists without being in the lock file, pull
        lists what differs and exits 1 having written nothing. --force
        replaces those folders.

        Each skill's safety-scan verdict is printed on standard error before
        anything is written: the one stored with its bundle by this scanner
        version, else the verdict of scanning the fetched files here; with
        --server the fetched files are always scanned here, and the server's
        verdict counts only when it is worse. A skill with a finding at or
        above 'high' is refused (exit 1, nothing written) unless
        --allow-risky; 'skillctl scan SKILL' lists every
        finding. The lock records, per skill, the verdict accepted (scanner
        version and highest severity). --locked judges each bundle the same
        way and refuses one that reaches 'high' unless its lock entry
        records that severity (or a worse one) as accepted, or --allow-risky.
        """
    static let to = Option.value("--to", "DIR", "the folder to install into (created when missing)")
    static let agent = Option.value(
        "--agent", "NAME", choices: SkillAgent.all.map(\.name),
        "instead of --to: the skills folder agent NAME reads in this project ('skillctl agents')")
    static let user = Option.flag("--user", "with --agent: the agent's skills folder in your home directory")
    static let locked = Option.flag(
        "--locked", "install exactly what the lock file names, by manifest id; fails if those bytes cannot be had")
    static let lock = Option.value(
        "--lock", "FILE",
        "with --locked: the lock file to install from (say, a committed copy), instead of DIR/skills.lock.json; "
            + "it is copied into DIR")
    static let force = Option.flag(
        "--force", "replace DIR/<name>/ even when it has local changes or is not in the lock file (they are lost)")
    static let allowRisky = Option.flag(
        "--allow-risky", "install even a skill whose safety scan found something at or above high")
    static let options = [to, agent, user, locked, lock, force, allowRisky]
    static let arguments = [Argument("[NS/]NAME[@LABEL]|ID", repeats: true)]
    static let usageForms = [
        UsageForm([.argument(arguments[0]), .required(to), .optional(force), .optional(allowRisky)]),
        UsageForm([.argument(arguments[0]), .required(agent), .optional(user), .optional(force), .optional(allowRisky)]),
        UsageForm([.required(locked), .required(to), .optional(lock), .optional(force), .optional(allowRisky)]),
    ]
    static let worksWithServer = true

    enum Target {
        case reference(SkillReference)
        case id(BlobID)
    }

    let targets: [(text: String, target: Target)]
    let folder: String
    let locked: Bool
    let force: Bool
    let allowRisky: Bool
    /// The lock file `--locked` installs from.
    let lockFile: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.value(Self.to) != nil && arguments.value(Self.agent) != nil {
            throw UsageError("--to and --agent both name the folder to install into; give one", command: Self.name)
        }
        let agentFolder = try AgentsCommand.folder(agent: arguments.value(Self.agent), user: arguments.has(Self.user), command: Self.name)
        guard let folder = agentFolder ?? arguments.value(Self.to), !folder.isEmpty else {
            throw UsageError("pull needs --to DIR, the folder to install into", command: Self.name)
        }
        self.folder = folder
        locked = arguments.has(Self.locked)
        force = arguments.has(Self.force)
        allowRisky = arguments.has(Self.allowRisky)
        lockFile = arguments.value(Self.lock) ?? (folder as NSString).appendingPathComponent(SkillLock.fileName)
        if arguments.value(Self.lock) != nil && !locked {
            throw UsageError("--lock goes with --locked", command: Self.name)
        }
        if locked && !arguments.positionals.isEmpty {
            throw UsageError("pull --locked installs what the lock file names; it takes no NAME or ID", command: Self.name)
        }
        if !locked && arguments.positionals.isEmpty {
            throw UsageError("pull needs a skill NAME[@LABEL] or a blob ID (or --locked)", command: Self.name)
        }
        var targets: [(String, Target)] = []
        for text in arguments.positionals {
            if let id = BlobID(hex: text) {
                targets.append((text, .id(id)))
            } else {
                targets.append((text, .reference(try SkillReference([text], command: Self.name))))
            }
        }
        self.targets = targets
    }

    func run(_ context: Context) throws -> ExitCode {
        if let problem = SkillInstaller.problem(withFolder: folder) {
            throw UsageError("--to \(folder) \(problem)", command: Self.name)
        }
        let catalog = try context.catalog()
        let installer = SkillInstaller(folder: folder) { id in try catalog.blob(.id(id)).bytes }
        if locked { return try installLocked(installer, catalog, context) }
        var lock = try SkillLock.read(in: folder)
        var versions: [SkillVersion] = []
        for (text, target) in targets {
            let version = try resolve(target, text: text, catalog)
            if let other = versions.first(where: { $0.name == version.name && $0.namespace != version.namespace }) {
                throw UsageError(
                    "\(other.key) and \(version.key) would both be installed in \(folder)/\(version.name); "
                        + "pull them into different folders (--to)", command: Self.name)
            }
            versions.removeAll { $0.name == version.name }  // named twice: the last one stands
            versions.append(version)
        }
        if !force { try refuseNamespaceSwaps(versions.map(\.key), lock: lock) }
        try refuseLocalChanges(to: versions.map(\.name), lock: lock, context)
        for version in versions { warnIfYanked(version.key, label: version.label, version.yank, context) }
        // Everything is fetched and checked before the first skill is written.
        let fetched = try judged(
            try versions.map { ($0, try installer.fetch($0.key, label: $0.label, manifestID: $0.manifest)) },
            remote: context.serverURL != nil, context)
        warnOfDeclaredNames(fetched, context)
        var installed: [SkillLock.Skill] = []
        do {
            for skill in fetched { installed.append(try installer.write(skill)) }
        } catch {
            // What did land is recorded even when a later skill fails; the
            // failure reported is that skill's.
            for skill in installed { lock.record(skill) }
            if !installed.isEmpty { try? lock.write(in: folder) }
            throw error
        }
        // A lock that cannot be written is a failure: the next pull would
        // take the skills just installed for someone's unlocked folders.
        for skill in installed { lock.record(skill) }
        try lock.write(in: folder)
        report(installed, context)
        return .success
    }

    /// Installs exactly what the lock file names; the folder's lock becomes
    /// that file only once every skill is in place.
    private func installLocked(_ installer: SkillInstaller, _ catalog: any SkillCatalog, _ context: Context) throws -> ExitCode {
        let lock = try SkillLock.readExisting(at: lockFile)
        // Local changes are judged against what was pulled here, DIR's own lock.
        if !force { try refuseLocalChanges(to: lock.skills.map(\.name), lock: try SkillLock.read(in: folder), context) }
        // Every skill is fetched and checked against the lock before the first
        // is written: a lock the server cannot satisfy changes nothing.
        if !force { try refuseNamespaceSwaps(lock.skills.map(\.key), lock: try SkillLock.read(in: folder)) }
        // A pinned version installs even when yanked (the lock is the
        // promise), but its user should hear why it was.
        for entry in lock.skills {
            if let version = try? catalog.version(SkillAddress(entry.key, label: entry.label)), version.manifest == entry.manifest {
                warnIfYanked(entry.key, label: entry.label, version.yank, context)
            }
        }
        let fetched = try lock.skills.map { entry in
            try installer.fetch(entry.key, label: entry.label, manifestID: entry.manifest, expecting: entry.files)
        }
        try judgeLocked(zip(lock.skills, fetched).map { ($0, $1) }, catalog)
        warnOfDeclaredNames(fetched, context)
        let installed = try fetched.map { try installer.write($0) }
        try lock.write(in: folder)
        report(installed, context)
        return .success
    }

    /// The fetched skills with the verdicts they are installed under, each
    /// printed; refuses them all, before anything is written, when one
    /// reaches `high` and `--allow-risky` was not given. The verdict is the
    /// local catalog's when it has one from this scanner (it judged these
    /// very bytes); else the fetched bytes are scanned here. A server's
    /// verdict never stands alone: it came with the bytes it vouches for,
    /// so the more severe of it and this scan counts.
    private func judged(
        _ skills: [(SkillVersion, SkillInstaller.Fetched)], remote: Bool, _ context: Context
    ) throws -> [SkillInstaller.Fetched] {
        var risky: [(skill: String, verdict: ScanSummary)] = []
        let accepted = skills.map { version, fetched in
            let stored = version.scan.flatMap { $0.scannerVersion == SkillScanner.version ? $0 : nil }
            var verdict = remote ? fetched.scanned().summary : stored ?? fetched.scanned().summary
            if remote, let served = version.scan, Self.isWorse(served.highest, than: verdict.highest) { verdict = served }
            let name = "\(version.key)@\(version.label)"
            if !context.quiet { context.output.error("scan: \(name): \(verdict.line)") }
            if verdict.reaches(Self.refusedSeverity) { risky.append((name, verdict)) }
            return fetched.accepting(verdict)
        }
        if !risky.isEmpty && !allowRisky { throw RiskySkillRefused(risky) }
        return accepted
    }

    /// Refuses, before anything is written, a locked skill whose bundle
    /// reaches `high` now (its stored verdict from this scanner, else a scan
    /// of the fetched bytes) unless its lock entry records that severity or
    /// a worse one as accepted, or `--allow-risky`: a lock edited to name a
    /// risky bundle is no acceptance of it.
    private func judgeLocked(_ fetched: [(entry: SkillLock.Skill, SkillInstaller.Fetched)], _ catalog: any SkillCatalog) throws {
        guard !allowRisky else { return }
        var risky: [(skill: String, verdict: ScanSummary)] = []
        for (entry, skill) in fetched {
            let stored = (try? catalog.version(SkillAddress(entry.key, label: entry.label)))
                .flatMap { $0.manifest == entry.manifest ? $0.scan : nil }
                .flatMap { $0.scannerVersion == SkillScanner.version ? $0 : nil }
            let verdict = stored ?? skill.scanned().summary
            guard verdict.reaches(Self.refusedSeverity), let highest = verdict.highest else { continue }
            if let accepted = entry.scan?.highest, accepted >= highest { continue }
            risky.append(("\(entry.key)@\(entry.label)", verdict))
        }
        if !risky.isEmpty { throw RiskySkillRefused(risky) }
    }

    /// Whether a highest severity `a` is worse than `b` (nil: nothing found).
    private static func isWorse(_ a: ScanSeverity?, than b: ScanSeverity?) -> Bool {
        guard let a else { return false }
        guard let b else { return true }
        return a > b
    }

    /// The severity from which a pull refuses a skill unless `--allow-risky`.
    static let refusedSeverity = ScanSeverity.high

    /// Refuses to put a skill into a folder that holds the skill of the same
    /// name from another namespace: that is another skill, not an update.
    private func refuseNamespaceSwaps(_ skills: [SkillKey], lock: SkillLock) throws {
        for skill in skills {
            guard let installed = lock.skill(named: skill.name), installed.namespace != skill.namespace else { continue }
            throw InstallError(
                "\(folder)/\(skill.name) holds \(installed.key), and \(skill) is another skill of the same name; "
                    + "nothing was written (pull it into another folder with --to, or replace it with --force)")
        }
    }

    /// Says on standard error which skills being installed declare another
    /// name in their SKILL.md than the folder they go to, and which other
    /// skill an agent would then see under that name: a skill folder of
    /// that name in DIR (installed now or found there), or another skill
    /// of this pull declaring it too. Agents that read the name from
    /// SKILL.md would see two skills of one name.
    private func warnOfDeclaredNames(_ fetched: [SkillInstaller.Fetched], _ context: Context) {
        let apart = fetched.map(\.declaredNameApart)
        let installing = Set(fetched.map(\.entry.name))
        for (skill, declared) in zip(fetched, apart) {
            guard let declared else { continue }
            let place = (folder as NSString).appendingPathComponent(skill.entry.name)
            let namesake = (folder as NSString).appendingPathComponent(declared.id)
            var clash = ""
            if installing.contains(declared.id)
                || FileManager.default.fileExists(atPath: (namesake as NSString).appendingPathComponent("SKILL.md")) {
                clash = ", as is \(namesake): an agent may see two skills of that name"
            } else if let other = zip(fetched, apart).first(where: { $0.0.entry.name != skill.entry.name && $0.1?.id == declared.id }) {
                clash = ", as does \(other.0.entry.key), installed now: an agent may see two skills of that name"
            }
            context.output.error(DisguisingCharacters.oneLine(
                "warning: \(skill.entry.key)@\(skill.entry.label) is installed as \(place), "
                    + "but its SKILL.md names it '\(declared.declared)'\(clash)"))
        }
    }

    /// Says on standard error that a version being installed is yanked, and why.
    private func warnIfYanked(_ skill: SkillKey, label: String, _ yank: SkillVersion.Yank?, _ context: Context) {
        guard let yank else { return }
        context.output.error(
            "warning: \(skill)@\(label) was yanked (\(yank.at), by \(yank.by)): \(yank.reason)")
    }

    /// Unless `--force`, refuses to replace a skill folder that differs from
    /// what `lock` recorded (or that `lock` does not name), listing each
    /// difference as `verify` does.
    private func refuseLocalChanges(to names: [String], lock: SkillLock, _ context: Context) throws {
        guard !force else { return }
        let drift = Drift.overwritten(byInstalling: names, in: folder, lock: lock)
        guard !drift.isEmpty else { return }
        // Under --json the list is in the one error line; as text it comes first, a line each.
        if !context.json { for item in drift { context.output.error(VerifyCommand.line(item)) } }
        let listed = context.json
            ? ": " + drift.map { "\($0.kind.rawValue) \($0.path)" }.joined(separator: ", ") : " (listed above)"
        throw InstallError(
            "pull would overwrite \(plural(drift.count, "local change")) in \(folder)\(listed); "
                + "nothing was written ('pull --force' replaces them)")
    }

    private func report(_ installed: [SkillLock.Skill], _ context: Context) {
        if context.json {
            context.output.json(installed)
        } else {
            context.output.table(installed.map {
                [$0.key.description, $0.label, $0.manifest.hex, (folder as NSString).appendingPathComponent($0.name)]
            })
            if !context.quiet {
                let files = installed.reduce(0) { $0 + $1.files.count }
                context.output.error("\(plural(installed.count, "skill")) installed, \(plural(files, "file")) checked")
            }
        }
    }

    private func resolve(_ target: Target, text: String, _ catalog: any SkillCatalog) throws -> SkillVersion {
        switch target {
        case .reference(let reference):
            return try catalog.version(reference)
        case .id(let id):
            let holders = try catalog.versions(containingBlob: id)
            // A bundle id pins every file: any version with that manifest
            // installs the same bytes, so the newest stands.
            if let version = holders.first(where: { $0.manifest == id }) { return version }
            let bundles = Dictionary(grouping: holders, by: \.manifest)
            if bundles.count > 1 {
                let listed = bundles.values.map { $0[0] }.sorted { $0.sequence > $1.sequence }
                    .map { "\($0.manifest.hex) (\($0.key)@\($0.label))" }.joined(separator: ", ")
                throw UsageError(
                    "SKILL.md \(id) is in \(bundles.count) bundles with different files; pull one by its bundle id: \(listed)",
                    command: Self.name)
            }
            if let version = holders.first { return version }
            // Sixteen hex characters are also a valid skill name.
            if SkillName.problem(with: text) == nil, let version = try? catalog.version(SkillAddress(namespace: nil, name: text)) {
                return version
            }
            throw SkillStoreError.notFound("no version has a SKILL.md or bundle with id \(id)")
        }
    }
}
