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
        """
    static let to = Option.value("--to", "DIR", "the folder to install into (created when missing)")
    static let locked = Option.flag(
        "--locked", "install exactly what the lock file names, by manifest id; fails if those bytes cannot be had")
    static let lock = Option.value(
        "--lock", "FILE",
        "with --locked: the lock file to install from (say, a committed copy), instead of DIR/skills.lock.json; "
            + "it is copied into DIR")
    static let options = [to, locked, lock]
    static let arguments = [Argument("NAME[@LABEL]|ID", repeats: true)]
    static let usageForms = [
        UsageForm([.argument(arguments[0]), .required(to)]),
        UsageForm([.required(locked), .required(to), .optional(lock)]),
    ]
    static let worksWithServer = true

    enum Target {
        case reference(SkillReference)
        case id(BlobID)
    }

    let targets: [(text: String, target: Target)]
    let folder: String
    let locked: Bool
    /// The lock file `--locked` installs from.
    let lockFile: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let folder = arguments.value(Self.to), !folder.isEmpty else {
            throw UsageError("pull needs --to DIR, the folder to install into", command: Self.name)
        }
        self.folder = folder
        locked = arguments.has(Self.locked)
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
        let catalog = try context.catalog()
        let installer = SkillInstaller(folder: folder) { id in try catalog.blob(.id(id)).bytes }
        if locked { return try installLocked(installer, context) }
        var lock = try SkillLock.read(in: folder)
        var installed: [SkillLock.Skill] = []
        defer {
            // What did land is recorded even when a later skill fails.
            if !installed.isEmpty {
                for skill in installed { lock.record(skill) }
                try? lock.write(in: folder)
            }
        }
        // Everything is fetched and checked before the first skill is written.
        var fetched: [SkillInstaller.Fetched] = []
        for (text, target) in targets {
            let version = try resolve(target, text: text, catalog)
            fetched.removeAll { $0.entry.name == version.name }  // named twice: the last one stands
            fetched.append(try installer.fetch(name: version.name, label: version.label, manifestID: version.manifest))
        }
        for skill in fetched { installed.append(try installer.write(skill)) }
        report(installed, context)
        return .success
    }

    /// Installs exactly what the lock file names; the folder's lock becomes
    /// that file only once every skill is in place.
    private func installLocked(_ installer: SkillInstaller, _ context: Context) throws -> ExitCode {
        let lock = try SkillLock.readExisting(at: lockFile)
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
