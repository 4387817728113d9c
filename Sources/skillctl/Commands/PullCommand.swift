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
        skill, its name, version label, manifest id and each file's path,
        size, mode and SHA-256 (docs/formats.md).

        An ID is a SKILL.md blob id or a bundle manifest id (16 hex); it
        installs the version it belongs to. NAME installs the latest version.

        A pull never overwrites local work unasked: when DIR/<name>/ has a
        file added, removed or changed since it was pulled (what 'skillctl
        verify DIR' reports), or exists without being in the lock file, pull
        lists what differs and exits 1 having written nothing. --force
        replaces those folders.
        """
    static let to = Option.value("--to", "DIR", "the folder to install into (created when missing)")
    static let locked = Option.flag(
        "--locked", "install exactly what the lock file names, by manifest id; fails if those bytes cannot be had")
    static let lock = Option.value(
        "--lock", "FILE",
        "with --locked: the lock file to install from (say, a committed copy), instead of DIR/skills.lock.json; "
            + "it is copied into DIR")
    static let force = Option.flag(
        "--force", "replace DIR/<name>/ even when it has local changes or is not in the lock file (they are lost)")
    static let options = [to, locked, lock, force]
    static let arguments = [Argument("NAME[@LABEL]|ID", repeats: true)]
    static let usageForms = [
        UsageForm([.argument(arguments[0]), .required(to), .optional(force)]),
        UsageForm([.required(locked), .required(to), .optional(lock), .optional(force)]),
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
    /// The lock file `--locked` installs from.
    let lockFile: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let folder = arguments.value(Self.to), !folder.isEmpty else {
            throw UsageError("pull needs --to DIR, the folder to install into", command: Self.name)
        }
        self.folder = folder
        locked = arguments.has(Self.locked)
        force = arguments.has(Self.force)
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
        if locked { return try installLocked(installer, context) }
        var lock = try SkillLock.read(in: folder)
        var versions: [SkillVersion] = []
        for (text, target) in targets {
            let version = try resolve(target, text: text, catalog)
            versions.removeAll { $0.name == version.name }  // named twice: the last one stands
            versions.append(version)
        }
        try refuseLocalChanges(to: versions.map(\.name), lock: lock, context)
        // Everything is fetched and checked before the first skill is written.
        let fetched = try versions.map {
            try installer.fetch(name: $0.name, label: $0.label, manifestID: $0.manifest)
        }
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
    private func installLocked(_ installer: SkillInstaller, _ context: Context) throws -> ExitCode {
        let lock = try SkillLock.readExisting(at: lockFile)
        // Local changes are judged against what was pulled here, DIR's own lock.
        if !force { try refuseLocalChanges(to: lock.skills.map(\.name), lock: try SkillLock.read(in: folder), context) }
        // Every skill is fetched and checked against the lock before the first
        // is written: a lock the server cannot satisfy changes nothing.
        let fetched = try lock.skills.map { entry in
            try installer.fetch(name: entry.name, label: entry.label, manifestID: entry.manifest, expecting: entry.files)
        }
        let installed = try fetched.map { try installer.write($0) }
        try lock.write(in: folder)
        report(installed, context)
        return .success
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
                [$0.name, $0.label, $0.manifest.hex, (folder as NSString).appendingPathComponent($0.name)]
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
            if let version = try catalog.versions(containingBlob: id).first { return version }
            // Sixteen hex characters are also a valid skill name.
            if SkillName.problem(with: text) == nil, let version = try? catalog.version(of: text, label: nil) { return version }
            throw SkillStoreError.notFound("no version has a SKILL.md or manifest with id \(id)")
        }
    }
}
