import Foundation
import SkillStore

struct YankCommand: Command {
    static let name = "yank"
    static let summary = "Mark a version as not to be installed (or, with --undo, as fine again)."
    static let discussion = """
        A yanked version stays stored and fetchable by its ids, but it is
        never a skill's latest version: 'get NAME', 'search' and 'pull NAME'
        pass over it. A lock file that pins it still installs it, with a
        warning ('pull --locked'), as do a label or a bundle id named
        explicitly. Who yanked it, when and why are recorded and shown by
        'versions' and 'get --json'.

        With --server URL, the yank is made on the server with --token (or
        SKILLSTORE_TOKEN), whose namespace must reach the skill's.
        """
    static let reason = Option.value("--reason", "TEXT", "why users should not install this version (required to yank)")
    static let undo = Option.flag("--undo", "undo the yank: the version counts again")
    static let by = Option.value("--by", "NAME", "who yanks (default: $USER; a server records its token's name instead)")
    static let options = [reason, undo, by]
    static let arguments = [Argument("[NS/]NAME@LABEL")]
    static let usageForms = [
        UsageForm([.argument(arguments[0]), .required(reason), .optional(by)]),
        UsageForm([.argument(arguments[0]), .required(undo)]),
    ]
    static let worksWithServer = true

    let skill: SkillReference
    let reason: String?
    let yanker: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        skill = try SkillReference(arguments.positionals, command: Self.name)
        guard skill.label != nil else {
            throw UsageError("yank takes one version: [NAMESPACE/]NAME@LABEL ('skillctl versions NAME' lists them)", command: Self.name)
        }
        let undo = arguments.has(Self.undo)
        reason = arguments.value(Self.reason)
        switch (undo, reason) {
        case (true, .some): throw UsageError("--undo takes no --reason", command: Self.name)
        case (false, nil): throw UsageError("yank needs --reason TEXT, which users of the version will read", command: Self.name)
        case (false, .some(let text)) where text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty:
            throw UsageError("--reason is empty; say why users should not install this version", command: Self.name)
        default: break
        }
        yanker = arguments.value(Self.by)
            ?? ProcessInfo.processInfo.environment["USER"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ProcessInfo.processInfo.userName
    }

    func run(_ context: Context) throws -> ExitCode {
        let catalog = try context.catalog()
        let version = try catalog.yank(skill.address, reason: reason, by: yanker)
        if context.json {
            context.output.json(version)
        } else if !context.quiet {
            if let yank = version.yank {
                context.output.error("\(version.key)@\(version.label) is yanked (\(yank.at), by \(yank.by)): \(yank.reason)")
            } else {
                context.output.error("\(version.key)@\(version.label) is not yanked")
            }
        }
        return .success
    }
}
