import Foundation
import SkillStore

struct AgentsCommand: Command {
    static let name = "agents"
    static let summary = "List the coding agents 'pull --agent' installs for, and their skills folders."
    static let discussion = """
        Lists each agent 'pull --agent NAME' knows: the folder it reads skills
        from in a project (relative to the project's root; pull writes it
        under the current directory) and the one in your home directory
        (pull --agent NAME --user), as the agent's documentation names them.
        SOURCE is that documentation. With --json, each entry also gives the
        user folder as an absolute path.
        """

    /// One agent as `--json` prints it.
    struct Entry: Encodable {
        var name: String
        var title: String
        var projectFolder: String
        var userFolder: String
        var userPath: String
        var source: String
    }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.refusePositionals(command: Self.name)
    }

    func run(_ context: Context) throws -> ExitCode {
        let home = Self.home(context.environment) ?? "~"
        if context.json {
            context.output.json(SkillAgent.all.map {
                Entry(
                    name: $0.name, title: $0.title, projectFolder: $0.projectFolder, userFolder: $0.userFolder,
                    userPath: $0.folder(.user, home: home, project: "."), source: $0.source)
            })
        } else {
            context.output.table([["AGENT", "PROJECT", "USER (--user)", "SOURCE"]] + SkillAgent.all.map {
                [$0.name, $0.projectFolder + "/", "~/" + $0.userFolder + "/", $0.source]
            })
        }
        return .success
    }

    /// `$HOME`, nil when it is unset or empty.
    static func home(_ environment: Environment) -> String? {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The folder `--agent NAME` (with `--user`, the agent's folder in the
    /// home directory) installs into, for `command`; nil without `--agent`.
    static func folder(
        agent name: String?, user: Bool, command: String, environment: Environment = Environment()
    ) throws(UsageError) -> String? {
        guard let name else {
            if user { throw UsageError("--user goes with --agent NAME", command: command) }
            return nil
        }
        guard let agent = SkillAgent.named(name) else {
            let names = SkillAgent.all.map(\.name)
            throw UsageError(
                "--agent takes \(HelpText.list(names)), not '\(name)'\(NearestSpelling.didYouMean(name, among: names))",
                command: command)
        }
        guard user else { return agent.folder(.project, home: "", project: ".") }
        guard let home = home(environment) else {
            throw UsageError("--user installs under your home directory, and HOME is not set", command: command)
        }
        return agent.folder(.user, home: home, project: ".")
    }
}
