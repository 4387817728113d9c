import Foundation
import SkillStore

/// Dispatches to the commands and turns every error into a message and an
/// exit code. The one place where errors meet the terminal.
enum CommandLineTool {
    static var commands: [any Command.Type] {
        [
        InitCommand.self, PublishCommand.self, GetCommand.self, CatCommand.self,
        VersionsCommand.self, ListCommand.self, SearchCommand.self, RulesCommand.self, ClaimsCommand.self, LinksCommand.self,
        ProvenanceCommand.self, CheckCommand.self, DiffCommand.self, LabelsCommand.self, FsckCommand.self, OptimizeCommand.self,
        PullCommand.self, AgentsCommand.self, VerifyCommand.self, OutdatedCommand.self, ServeCommand.self, TokenCommand.self,
        YankCommand.self, ScanCommand.self, MCPCommand.self, CompletionsCommand.self, ManCommand.self,
        ]
    }

    /// Runs the command `words` name. `ownsProcess`: this is the process's
    /// only command (skillctl's `main`; see `Context.ownsProcess`).
    static func run(_ words: [String], ownsProcess: Bool = false) -> ExitCode {
        let output = Output()
        // Before the words are parsed, as a parse error is reported in JSON too.
        var json = words.prefix { $0 != "--" }.contains(GlobalOptions.json.name)
        let arguments: ParsedArguments
        do {
            arguments = try ParsedArguments(words) { name in
                name == "help" ? [] : commands.first { $0.name == name }?.options
            }
        } catch {
            return usageFailure(error, output: output, json: json)
        }
        json = arguments.has(GlobalOptions.json)
        guard let name = arguments.command else {
            if arguments.has(GlobalOptions.version) {
                if json { output.json(ToolVersion.Report()) } else { output.line(ToolVersion.line) }
                return .success
            }
            if arguments.has(GlobalOptions.help) {
                output.line(overview)
                return .success
            }
            if json { return usageFailure(UsageError("no command given"), output: output, json: json) }
            output.error(overview)
            return .usage
        }
        let commandNames = commands.map { $0.name } + ["help"]
        if name == "help" {
            guard let topic = arguments.positionals.first else {
                output.line(overview)
                return .success
            }
            guard let command = commands.first(where: { $0.name == topic }) else {
                return usageFailure(
                    UsageError("unknown command '\(topic)'" + NearestSpelling.didYouMean(topic, among: commandNames)),
                    output: output, json: json)
            }
            output.line(helpText(for: command))
            return .success
        }
        if arguments.value(GlobalOptions.db) == "" {
            return usageFailure(
                UsageError("--db needs a path; an empty one would be a throwaway database"), output: output, json: json)
        }
        guard let commandType = commands.first(where: { $0.name == name }) else {
            return usageFailure(
                UsageError("unknown command '\(name)'" + NearestSpelling.didYouMean(name, among: commandNames)),
                output: output, json: json)
        }
        if arguments.has(GlobalOptions.help) {
            output.line(helpText(for: commandType))
            return .success
        }
        var environment = Environment()
        // A command that cannot work against a server must not quietly do its
        // work on the local database instead when one is asked for; but a
        // SKILLSTORE_SERVER exported for the other commands is no request to
        // this one, so it is set aside with a note rather than refused.
        if !commandType.worksWithServer {
            if let server = arguments.value(GlobalOptions.server), !server.isEmpty {
                let serverCommands = commands.filter { $0.worksWithServer }.map { $0.name }
                return usageFailure(
                    UsageError(
                        "\(name) cannot work against a server, so it takes no --server "
                            + "(the commands that do: \(HelpText.list(serverCommands)))", command: name),
                    output: output, json: json)
            }
            if let server = environment.removeValue(forKey: "SKILLSTORE_SERVER"), !server.isEmpty,
               !arguments.has(GlobalOptions.quiet) {
                output.error("skillctl: note: \(name) cannot work against a server; SKILLSTORE_SERVER is ignored")
            }
        }
        var context = Context(arguments: arguments, output: output, environment: environment)
        context.ownsProcess = ownsProcess
        func fail(_ message: String, _ kind: FailureKind, diagnostics: [Diagnostic] = [], candidates: [String] = []) -> ExitCode {
            failure(message, kind: kind, diagnostics: diagnostics, candidates: candidates, output: output, json: json)
        }
        do {
            let command = try commandType.init(arguments)
            return try command.run(context)
        } catch let error as UsageError {
            return usageFailure(error, output: output, json: json)
        } catch let problem as UsageProblem {
            return usageFailure(UsageError(problem.description, command: name), output: output, json: json)
        } catch let refused as InputRefused {
            return fail("input refused; nothing was changed", refused.kind, diagnostics: refused.diagnostics)
        } catch let error as SQLiteError where error.kind == .busy {
            return fail(
                "the database \(context.databasePath) is busy: another process is writing to it "
                    + "(a publish or `optimize` holds it until it commits); try again", error.kind)
        } catch let ambiguous as AmbiguousSkillName {
            return fail(ambiguous.description, ambiguous.kind, candidates: ambiguous.candidates)
        } catch let error as any KindedError {
            return fail("\(error)", error.kind)
        } catch {
            return fail("\(error)", .internal)
        }
    }

    /// Reports a failure and returns its exit status: as plain lines (the
    /// diagnostics, `skillctl: message`, then the hints), or under `--json`
    /// as one `ErrorReport` line, hints left out.
    private static func failure(
        _ message: String, kind: FailureKind, hints: [String] = [], diagnostics: [Diagnostic] = [],
        candidates: [String] = [], output: Output, json: Bool
    ) -> ExitCode {
        if json {
            output.errorJSON(ErrorReport(message: message, kind: kind, diagnostics: diagnostics, candidates: candidates))
        } else {
            for diagnostic in diagnostics { output.error(diagnostic.description) }
            output.error("skillctl: \(message)")
            for hint in hints { output.error(hint) }
        }
        return ExitCode(kind)
    }

    private static func usageFailure(_ error: UsageError, output: Output, json: Bool) -> ExitCode {
        var hints: [String] = []
        if error.command == SearchCommand.name, error.message.hasPrefix("unknown option -"),
           !error.message.contains("did you mean") {
            hints.append("To exclude a word, pass the query as one quoted argument ('fold -hinge') or after --.")
        }
        if error.message.hasPrefix("unknown command 'version'") || error.message.hasPrefix("unknown option --version") {
            hints.append("skillctl's own version: 'skillctl --version', without a command.")
        }
        if let command = error.command, commands.contains(where: { $0.name == command }) {
            hints.append("Run 'skillctl \(command) --help' for its usage.")
        } else {
            hints.append("Run 'skillctl --help' for the commands.")
        }
        return failure(error.message, kind: .usage, hints: hints, output: output, json: json)
    }

    static func helpText(for command: any Command.Type) -> String {
        var parts = [command.summary, HelpText.usage(of: command), command.discussion]
        if !command.options.isEmpty { parts.append(HelpText.optionList(command.optionsHeading, command.options)) }
        return (parts + [globalOptionsHelp]).joined(separator: "\n\n")
    }

    static var overview: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map {
            "  " + $0.name.padded(to: width + 2) + $0.summary
        }.joined(separator: "\n")
        return """
            skillctl: publish, fetch and check skills in a SkillStore.

            Usage: skillctl [--db PATH | --server URL [--token T]] <command> [arguments] [--json]
                   skillctl --version [--json]

            Commands:
            \(list)

            \(globalOptionsHelp)

            Exit codes: 0 success, 1 problems found, 2 usage error, 3 not found, 4 input refused.
            With --json, a failure is reported as JSON too, on standard error.
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
