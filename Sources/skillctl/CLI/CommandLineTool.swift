import Foundation
import SkillStore

/// Dispatches to the commands and turns every error into a message and an
/// exit code. The one place where errors meet the terminal.
enum CommandLineTool {
    static var commands: [any Command.Type] {
        [
        InitCommand.self, PublishCommand.self, GetCommand.self, CatCommand.self,
        VersionsCommand.self, ListCommand.self, SearchCommand.self, RulesCommand.self, ClaimsCommand.self, LinksCommand.self,
        ProvenanceCommand.self, CheckCommand.self, DiffCommand.self, LabelsCommand.self, FsckCommand.self,
        PullCommand.self, VerifyCommand.self, OutdatedCommand.self, ServeCommand.self, TokenCommand.self,
        CompletionsCommand.self, ManCommand.self,
        ]
    }

    static func run(_ words: [String]) -> ExitCode {
        let output = Output()
        let arguments: ParsedArguments
        do {
            arguments = try ParsedArguments(words) { name in
                commands.first { $0.name == name }?.options
            }
        } catch {
            return usageFailure(error, output: output)
        }
        guard let name = arguments.command else {
            if arguments.has(GlobalOptions.help) {
                output.line(overview)
                return .success
            }
            output.error(overview)
            return .usage
        }
        if name == "help" {
            guard let topic = arguments.positionals.first else {
                output.line(overview)
                return .success
            }
            guard let command = commands.first(where: { $0.name == topic }) else {
                return usageFailure(UsageError("unknown command '\(topic)'"), output: output)
            }
            output.line(helpText(for: command))
            return .success
        }
        if arguments.value(GlobalOptions.db) == "" {
            return usageFailure(UsageError("--db needs a path; an empty one would be a throwaway database"), output: output)
        }
        guard let commandType = commands.first(where: { $0.name == name }) else {
            return usageFailure(UsageError("unknown command '\(name)'"), output: output)
        }
        if arguments.has(GlobalOptions.help) {
            output.line(helpText(for: commandType))
            return .success
        }
        let context = Context(arguments: arguments, output: output, environment: ProcessInfo.processInfo.environment)
        do {
            let command = try commandType.init(arguments)
            return try command.run(context)
        } catch let error as UsageError {
            return usageFailure(error, output: output)
        } catch let problem as UsageProblem {
            return usageFailure(UsageError(problem.description, command: name), output: output)
        } catch let refused as InputRefused {
            for diagnostic in refused.diagnostics { output.error(diagnostic.description) }
            output.error("skillctl: input refused; nothing was changed")
            return ExitCode(refused.kind)
        } catch let error as SQLiteError where error.kind == .busy {
            output.error(
                "skillctl: the database \(context.databasePath) is busy: another process is writing to it "
                    + "(a publish holds it until it commits); try again")
            return ExitCode(error.kind)
        } catch let error as any KindedError {
            output.error("skillctl: \(error)")
            return ExitCode(error.kind)
        } catch {
            output.error("skillctl: \(error)")
            return ExitCode(.internal)
        }
    }

    private static func usageFailure(_ error: UsageError, output: Output) -> ExitCode {
        output.error("skillctl: \(error.message)")
        if error.command == SearchCommand.name, error.message.hasPrefix("unknown option -") {
            output.error("To exclude a word, pass the query as one quoted argument ('fold -hinge') or after --.")
        }
        if let command = error.command, commands.contains(where: { $0.name == command }) {
            output.error("Run 'skillctl \(command) --help' for its usage.")
        } else {
            output.error("Run 'skillctl --help' for the commands.")
        }
        return .usage
    }

    static func helpText(for command: any Command.Type) -> String {
        var parts = [command.summary, HelpText.usage(of: command), command.discussion]
        if !command.options.isEmpty { parts.append(HelpText.optionList(command.optionsHeading, command.options)) }
        return (parts + [globalOptionsHelp]).joined(separator: "\n\n")
    }

    static var overview: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map {
            "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary
        }.joined(separator: "\n")
        return """
            skillctl: publish, fetch and check skills in a SkillStore.

            Usage: skillctl [--db PATH | --server URL [--token T]] <command> [arguments] [--json]

            Commands:
            \(list)

            \(globalOptionsHelp)

            Exit codes: 0 success, 1 problems found, 2 usage error, 3 not found, 4 input refused.
            Run 'skillctl <command> --help' for a command's usage.
            """
    }

    static var globalOptionsHelp: String {
        let serverCommands = commands.filter { $0.worksWithServer }.map { $0.name }
        return HelpText.optionList("Options for every command (before or after its name):", GlobalOptions.all) { option in
            option == GlobalOptions.server ? "\(option.help); for \(HelpText.list(serverCommands))" : option.help
        }
    }
}
