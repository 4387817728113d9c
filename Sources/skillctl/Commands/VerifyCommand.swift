import Foundation
import SkillStore

struct VerifyCommand: Command {
    static let name = "verify"
    static let summary = "Compare a folder of pulled skills with its skills.lock.json."
    static let discussion = """
        Reports every file of a locked skill that was added, removed or
        changed (other bytes, or another executable bit) since it was
        pulled, one per line: 'changed duo-ergonomics/SKILL.md'. Hidden files
        are not skills' files and are not reported. Works offline: only the
        folder and its lock file are read.

        --agent NAME verifies the folder 'pull --agent NAME' installs into:
        the skills folder that agent reads in the current project, or with
        --user its folder in your home directory ('skillctl agents' lists
        them).

        Exit 1 when anything drifted, 0 when the folder matches its lock.
        """
    static let arguments = [Argument("DIR")]
    /// Pull's own declarations, so that verify finds what pull installed
    /// by the same names; only the help says what --agent stands instead of.
    static let agent = PullCommand.agent.withHelp(
        "instead of DIR: the skills folder agent NAME reads in this project ('skillctl agents')")
    static let user = PullCommand.user
    static let options = [agent, user]
    static let usageForms = [
        UsageForm([.argument(arguments[0])]),
        UsageForm([.required(agent), .optional(user)]),
    ]

    let folder: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.value(Self.agent) != nil && !arguments.positionals.isEmpty {
            throw UsageError("DIR and --agent both name the folder to verify; give one", command: Self.name)
        }
        if let agentFolder = try AgentsCommand.folder(
            agent: arguments.value(Self.agent), user: arguments.has(Self.user), command: Self.name) {
            folder = agentFolder
        } else {
            folder = try arguments.onlyPositional("DIR", command: Self.name)
        }
    }

    struct Report: Encodable {
        var skills: Int
        var files: Int
        var drift: [Drift]
    }

    /// `changed  duo-ergonomics/SKILL.md  (detail)`: one difference, as
    /// verify lists it and pull names what it would overwrite.
    static func line(_ item: Drift) -> String {
        "\(item.kind.rawValue.padded(to: 8)) \(item.path)"
            + (item.detail.map { "  (\($0))" } ?? "")
    }

    func run(_ context: Context) throws -> ExitCode {
        let lock = try SkillLock.readExisting(in: folder)
        let drift = Drift.find(in: folder, lock: lock)
        let files = lock.skills.reduce(0) { $0 + $1.files.count }
        if context.json {
            context.output.json(Report(skills: lock.skills.count, files: files, drift: drift))
        } else {
            for item in drift { context.output.line(Self.line(item)) }
            if !context.quiet {
                context.output.error(drift.isEmpty
                    ? "\(folder) matches its lock: \(plural(lock.skills.count, "skill")), \(plural(files, "file"))"
                    : "\(plural(drift.count, "difference")) from the lock")
            }
        }
        return drift.isEmpty ? .success : .problems
    }
}
