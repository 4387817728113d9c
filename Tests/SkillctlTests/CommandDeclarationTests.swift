import Foundation
import SkillStore
import Testing

@testable import skillctl

/// The options and arguments each command declares are what it accepts and
/// what its help shows: nothing is spelled twice, so nothing can drift.
@Suite struct CommandDeclarationTests {
    static var commands: [any Command.Type] { CommandLineTool.commands }

    /// Every option any command (or skillctl as a whole) declares.
    static var everyOption: [Option] {
        var seen: Set<String> = []
        return (GlobalOptions.all + commands.flatMap { $0.options }).filter { seen.insert($0.name).inserted }
    }

    static func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        try ParsedArguments(words) { name in commands.first { $0.name == name }?.options }
    }

    @Test(arguments: CommandLineTool.commands.map { $0.name })
    func everyDeclaredOptionIsListedInTheCommandsHelp(_ name: String) throws {
        let command = try #require(Self.commands.first { $0.name == name })
        let lines = CommandLineTool.helpText(for: command).split(separator: "\n").map(String.init)
        for option in command.options + GlobalOptions.all {
            #expect(
                lines.contains { $0.hasPrefix("  \(option.heading) ") },
                "\(name) --help does not list \(option.heading)")
        }
    }

    @Test(arguments: CommandLineTool.commands.map { $0.name })
    func parsingAcceptsExactlyTheDeclaredOptions(_ name: String) throws {
        let command = try #require(Self.commands.first { $0.name == name })
        let declared = Set((command.options + GlobalOptions.all).map(\.name))
        for option in Self.everyOption {
            for spelling in option.spellings {
                let words = [name, spelling] + (option.isFlag ? [] : ["value"])
                if declared.contains(option.name) {
                    let parsed = try Self.parse(words)
                    if option.isFlag {
                        #expect(parsed.has(option), "\(name) \(spelling)")
                    } else {
                        #expect(parsed.value(option) == "value", "\(name) \(spelling)")
                    }
                    #expect(parsed.positionals.isEmpty, "\(name) \(spelling) left its value as an argument")
                } else {
                    #expect(throws: UsageError.self, "\(name) accepts \(spelling), which it does not declare") {
                        try Self.parse(words)
                    }
                }
            }
        }
    }

    @Test(arguments: CommandLineTool.commands.map { $0.name })
    func usageLinesNameEveryDeclaredOptionAndNoOther(_ name: String) throws {
        let command = try #require(Self.commands.first { $0.name == name })
        let named = Set(command.usageForms.flatMap(\.options).map(\.name))
        let declared = Set((command.options + GlobalOptions.all).map(\.name))
        #expect(named.isSubset(of: declared), "\(name)'s usage names undeclared options \(named.subtracting(declared))")
        #expect(Set(command.options.map(\.name)).isSubset(of: named), "\(name)'s usage leaves out a declared option")
    }

    @Test func anOptionIsReadUnderItsNameWhicheverSpellingWasUsed() throws {
        #expect(try Self.parse(["ls", "-q"]).has(GlobalOptions.quiet))
        #expect(try Self.parse(["-q", "ls"]).has(GlobalOptions.quiet))
        #expect(try Self.parse(["search", "fold", "--limit=3", "--limit", "4"]).value(SearchCommand.limit) == "4")
        #expect(try Self.parse(["--limit=3", "search", "fold"]).value(SearchCommand.limit) == "3")
    }

    @Test func lookingUpAnOptionTheCommandDoesNotDeclareTraps() async {
        // ls declares no --limit: a command reading it would be a mistake in skillctl.
        await #expect(processExitsWith: .failure) {
            _ = try? CommandDeclarationTests.parse(["ls"]).value(SearchCommand.limit)
        }
        await #expect(processExitsWith: .failure) {
            _ = try? CommandDeclarationTests.parse(["search", "fold"]).has(SearchCommand.limit)
        }
    }

    @Test func theGlobalHelpNamesEveryCommandThatTakesServerAndNoOther() throws {
        let help = CommandLineTool.globalOptionsHelp.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let server = try #require(help.range(of: "$SKILLSTORE_SERVER); for "))
        let end = try #require(help.range(of: " --token", range: server.upperBound..<help.endIndex))
        let listed = help[server.upperBound..<end.lowerBound].replacingOccurrences(of: " and ", with: ", ")
            .components(separatedBy: ", ")
        #expect(listed == ["publish", "get", "cat", "versions", "ls", "search", "rules", "claims", "links", "provenance",
                           "check", "diff", "pull", "outdated", "yank"])
        #expect(listed == Self.commands.filter { $0.worksWithServer }.map { $0.name })
    }

    /// The one-line summary may run long (the global help lists it as is);
    /// the paragraphs under it are wrapped for an 80-column terminal.
    @Test(arguments: CommandLineTool.commands.map { $0.name })
    func everyHelpLineBelowTheSummaryFitsEightyColumns(_ name: String) throws {
        let command = try #require(Self.commands.first { $0.name == name })
        let lines = CommandLineTool.helpText(for: command).split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines.dropFirst() {
            #expect(line.count <= 80, "\(name) --help: \(line)")
        }
    }

    @Test func longHelpIsWrappedUnderItsColumn() {
        let list = HelpText.optionList("Options:", [
            .value("--by", "NAME", "who publishes (default: $USER; a server records its token's name instead)"),
            .flag("--quiet", alias: "-q", "short"),
        ])
        #expect(list == """
            Options:
              --by NAME    who publishes (default: $USER; a server records its token's name
                           instead)
              -q, --quiet  short
            """)
    }
}

/// Errors carry their kind; the exit status and the HTTP status follow from it.
@Suite struct FailureKindTests {
    @Test func aServersRefusalExitsAsTheSameRefusalByALocalStore() {
        let expected: [Int: ExitCode] = [
            400: .usage, 401: .refused, 403: .refused, 409: .refused, 413: .refused, 415: .refused,
            404: .notFound, 500: .problems, 503: .problems, 0: .problems, 200: .problems,
        ]
        for (status, exit) in expected {
            #expect(ExitCode(RemoteError(status: status, code: "X", message: "m").kind) == exit, "\(status)")
        }
    }

    @Test func storeErrorsExitAsBefore() {
        #expect(ExitCode(SkillStoreError.notFound("x").kind) == .notFound)
        #expect(ExitCode(SkillStoreError.databaseMissing(path: "x").kind) == .notFound)
        #expect(ExitCode(SkillStoreError.notASkillStore(path: "x", reason: "y").kind) == .notFound)
        #expect(ExitCode(SkillStoreError.corrupt("x").kind) == .problems)
        #expect(ExitCode(UsageProblem("x").kind) == .usage)
        #expect(ExitCode(InstallError("x").kind) == .problems)
        #expect(ExitCode(InputRefused([], kind: .forbidden).kind) == .refused)
    }

    @Test func mergedRefusalsKeepTheKindThatMattersMost() {
        let invalid = InputRefused([Diagnostic(path: "a", location: nil, message: "m", code: "yaml-syntax")])
        let collision = InputRefused([Diagnostic(path: "b", location: nil, message: "m", code: "c")], kind: .conflict)
        let scope = InputRefused([Diagnostic(path: "c", location: nil, message: "m", code: "s")], kind: .forbidden)
        #expect(InputRefused(merging: [invalid, invalid]).kind == .refused)
        #expect(InputRefused(merging: [invalid, collision]).kind == .conflict)
        #expect(InputRefused(merging: [invalid, scope, collision]).kind == .forbidden)
        #expect(InputRefused(merging: [invalid, scope, collision]).diagnostics.map(\.path) == ["a", "c", "b"])
        #expect(InputRefused(merging: []).kind == .refused)
    }
}
