import Foundation
import SkillStore

struct OutdatedCommand: Command {
    static let name = "outdated"
    static let summary = "For each skill pinned in a folder's lock, whether a newer version exists and what changed."
    static let discussion = """
        Compares each skill of DIR/skills.lock.json with the latest version
        in the database (or on --server URL). For each skill with a newer
        version it prints the locked and latest labels, then what changed at
        claim level between them, as 'skillctl diff' reports it: claims
        added, removed, reworded and relabelled, citations and rules changed.

        Exit 1 when any skill is outdated, 0 when all are current.
        """
    static let arguments = [Argument("DIR")]
    static let worksWithServer = true

    let folder: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = try arguments.onlyPositional("DIR", command: Self.name)
    }

    struct Entry: Encodable {
        var namespace: String
        var name: String
        var locked: String
        var latest: String
        var outdated: Bool
        var changes: [GraphChange]
        /// Why changes could not be listed (the locked version is gone).
        var note: String?
    }

    func run(_ context: Context) throws -> ExitCode {
        let lock = try SkillLock.readExisting(in: folder)
        let catalog = try context.catalog()
        var entries: [Entry] = []
        for skill in lock.skills {
            let latest: SkillVersion
            do {
                latest = try catalog.version(SkillAddress(skill.key))
            } catch SkillStoreError.notFound(let why) {
                // Every version yanked, or the skill gone: said for this
                // skill, while the others are still compared.
                entries.append(Entry(
                    namespace: skill.namespace, name: skill.name, locked: skill.label, latest: "-", outdated: false,
                    changes: [], note: why))
                continue
            }
            var entry = Entry(
                namespace: skill.namespace, name: skill.name, locked: skill.label, latest: latest.label,
                outdated: latest.manifest != skill.manifest, changes: [])
            if entry.outdated {
                do {
                    entry.changes = try catalog.changes(of: SkillAddress(skill.key), from: skill.label, to: latest.label)
                } catch SkillStoreError.notFound(let why) {
                    entry.note = why
                }
            }
            entries.append(entry)
        }
        if context.json {
            context.output.json(entries)
        } else {
            for entry in entries where entry.outdated {
                let skill = SkillKey(namespace: entry.namespace, name: entry.name)
                context.output.line("\(skill)  \(entry.locked) -> \(entry.latest)  \(plural(entry.changes.count, "change"))")
                for change in entry.changes {
                    var line = "  \(change.kind.rawValue)  \(skill):\(change.line)"
                    if let detail = change.detail { line += "  \(detail)" }
                    context.output.line(line + "  " + String(change.subject.prefix(160)))
                }
                if let note = entry.note { context.output.line("  (\(note))") }
            }
            if !context.quiet {
                let outdated = entries.filter(\.outdated).count
                context.output.error("\(outdated) of \(plural(entries.count, "skill")) outdated")
            }
        }
        return entries.contains(where: \.outdated) ? .problems : .success
    }
}
