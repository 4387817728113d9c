import Foundation
import SkillStore
import Testing
import TestSupport

@testable import skillctl

/// With `--json`, a failure is one JSON object on the last line of standard
/// error, `{"error":{"code":...,"message":...,"exit":N}}`, its exit the
/// process's status; without it, failures print as before.
@Suite struct JSONErrorTests {
    struct Reported: Decodable, Equatable {
        struct Detail: Decodable, Equatable {
            var code: String
            var message: String
            var exit: Int32
        }
        var error: Detail
    }

    /// The JSON on standard error's last line, after checking that it is one
    /// line, that standard output is empty and that `exit` is the status.
    static func reported(_ result: Skillctl.Result, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Reported.Detail {
        #expect(result.stdout.isEmpty, "\(result.output)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        let last = try #require(lines.last, "nothing on standard error", sourceLocation: sourceLocation)
        #expect(result.stderr.hasSuffix("}\n"), sourceLocation: sourceLocation)
        let detail = try JSONDecoder().decode(Reported.self, from: Data(last.utf8)).error
        #expect(detail.exit == result.status, sourceLocation: sourceLocation)
        return detail
    }

    static func skillctl(in folder: TemporaryFolder) -> Skillctl {
        Skillctl(database: folder.url.appendingPathComponent("store.db"))
    }

    @Test func usageErrorsAreJSON() throws {
        let folder = try TemporaryFolder()
        let skillctl = Self.skillctl(in: folder)
        let unknown = try Self.reported(skillctl.run(["pubish", "--json"]))
        #expect(unknown == .init(code: "USAGE", message: "unknown command 'pubish'; did you mean 'publish'?", exit: 2))
        // A mistake found while parsing, before --json itself was read.
        let option = try Self.reported(skillctl.run(["--json", "ls", "--nope"]))
        #expect(option == .init(code: "USAGE", message: "unknown option --nope", exit: 2))
        let noCommand = try Self.reported(skillctl.run(["--json"]))
        #expect(noCommand.code == "USAGE")
        let server = try Self.reported(skillctl.run(["fsck", "--json", "--server", "http://127.0.0.1:1"]))
        #expect(server.code == "USAGE")
        #expect(server.message.hasPrefix("fsck cannot work against a server"))
    }

    @Test func otherFailuresAreJSON() throws {
        let folder = try TemporaryFolder()
        let skillctl = Self.skillctl(in: folder)
        let missing = try Self.reported(skillctl.run(["ls", "--json"]))
        #expect(missing.code == "STORE_UNAVAILABLE")
        #expect(missing.exit == 3)
        #expect(missing.message.hasPrefix("no SkillStore database at "), "\(missing.message)")
        #expect(try skillctl.run(["init"]).status == 0)
        let notFound = try Self.reported(skillctl.run(["get", "no-such-skill", "--json"]))
        #expect(notFound.code == "NOT_FOUND")
        #expect(notFound.exit == 3)
        var remote = skillctl
        remote.environment["SKILLSTORE_SERVER"] = "http://127.0.0.1:1"
        let unreachable = try Self.reported(remote.run(["ls", "--json"]))
        #expect(unreachable.code == "FAILED")
        #expect(unreachable.exit == 1)
        #expect(unreachable.message.contains("cannot reach http://127.0.0.1:1"), "\(unreachable.message)")
    }

    @Test func refusedInputCarriesItsDiagnosticsOnOneLine() throws {
        let diagnostic = Diagnostic(path: "bad/SKILL.md", location: nil, message: "YAML syntax error", code: "yaml")
        let line = Output.jsonLine(ErrorReport(message: "input refused; nothing was changed", kind: .refused, diagnostics: [diagnostic]))
        #expect(String(decoding: line, as: UTF8.self) == """
            {"error":{"code":"REFUSED","diagnostics":[{"code":"yaml",\
            "message":"YAML syntax error","path":"bad/SKILL.md","severity":"error"}],\
            "exit":4,"message":"input refused; nothing was changed"}}

            """)
    }

    @Test func everyKindHasItsOwnCodeAndItsExitStatus() {
        let codes = FailureKind.allCases.map { ErrorReport.code(of: $0) }
        #expect(Set(codes).count == codes.count)
        for kind in FailureKind.allCases {
            #expect(ErrorReport(message: "m", kind: kind).error.exit == kind.exitCode)
        }
    }

    @Test func withoutJSONFailuresStayPlainText() throws {
        let folder = try TemporaryFolder()
        let result = try Self.skillctl(in: folder).run(["ls"])
        #expect(result.status == 3)
        #expect(result.stderr.hasPrefix("skillctl: no SkillStore database at "), "\(result.stderr)")
    }
}
