import Foundation
import Testing

@testable import skillctl

/// What a short command runs before its work, written without the generic
/// standard-library paths that cost it start-up time (dictionaries and sets
/// of options, `joined` on any collection, ProcessInfo's environment): the
/// plainer code must answer exactly as those did.
@Suite struct StartupPathTests {
    static func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        try ParsedArguments(words) { name in CommandLineTool.commands.first { $0.name == name }?.options }
    }

    @Test(arguments: [[], ["one"], ["one", "two"], ["a", "", "c", "dé"]])
    func arrayJoinedAnswersAsTheStandardLibrarysJoined(_ parts: [String]) {
        for separator in ["", ", ", "\n"] {
            // A slice takes the standard library's generic joined(separator:).
            #expect(parts.joined(separator: separator) == parts[...].joined(separator: separator))
        }
    }

    @Test func theLastValueOfARepeatedOptionWinsAndARepeatedFlagIsOneFlag() throws {
        let arguments = try Self.parse(["--db", "a.db", "ls", "--db=b.db", "-q", "--quiet"])
        #expect(arguments.value(GlobalOptions.db) == "b.db")
        #expect(arguments.has(GlobalOptions.quiet))
        #expect(!arguments.has(GlobalOptions.json))
    }

    @Test func aSpellingDeclaredAgainTakesItsLaterMeaning() throws {
        // publish's --version takes a label; skillctl's own, accepted only
        // without a command, is a flag.
        #expect(try Self.parse(["publish", "--version", "1.0", "dir"]).value(PublishCommand.version) == "1.0")
        #expect(try Self.parse(["--version"]).has(GlobalOptions.version))
    }

    @Test func anUnknownOptionSuggestsFromEverySpellingOnce() {
        do {
            _ = try Self.parse(["ls", "--quite"])
            Issue.record("--quite was accepted")
        } catch {
            #expect(error.message == "unknown option --quite; did you mean '--quiet'?")
        }
    }

    @Test func theEnvironmentReadsVariablesAndSetsAsideTheOnesRemoved() {
        let name = "SKILLCTL_STARTUP_TEST_\(UUID().uuidString.prefix(8))"
        setenv(name, "value", 1)
        defer { unsetenv(name) }
        var environment = Environment()
        #expect(environment[name] == "value")
        #expect(environment[name + "_UNSET"] == nil)
        #expect(environment.removeValue(forKey: name) == "value")
        #expect(environment[name] == nil)
        #expect(getenv(name) != nil, "setting a variable aside leaves the process's environment as it was")
    }
}
