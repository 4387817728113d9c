import Foundation
import Testing
import TestSupport

/// `skillctl mcp` as a process and `/mcp` on `skillctl serve`: stdio
/// framing, hostile input, and the official MCP Python SDK as the client,
/// in both protocol eras, over both transports.
@Suite struct MCPCommandTests {
    let folder: TemporaryFolder
    let skillctl: Skillctl

    /// `pdf` with a reference, a script and a binary file in the default
    /// namespace; `forms` (licensed, with metadata) in `acme`.
    init() throws {
        folder = try TemporaryFolder()
        skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        _ = try folder.write("pdf/SKILL.md", skillMarkdown(
            name: "pdf", description: "Rotates and merges PDF pages.",
            body: "# Pages\n\nRotate pages; see [forms](references/FORMS.md).\n"))
        _ = try folder.write("pdf/references/FORMS.md", "# Forms\n\nFill them.\n")
        _ = try folder.write("pdf/scripts/rotate.sh", "#!/bin/sh\necho rotate\n", executable: true)
        _ = try folder.write("pdf/assets/blank.bin", Data([0, 0xFF, 0x80, 0x0A]))
        _ = try folder.write("forms/SKILL.md", skillMarkdown(
            name: "forms", description: "Fills forms.", extraFrontMatter: "license: MIT\nmetadata:\n  team: acme",
            body: "# Forms\n\n## Rules\n\n1. **Check every field.** An empty field fails (*measured*).\n"))
        for (path, namespace) in [("pdf", "default"), ("forms", "acme")] {
            let published = try skillctl.run(["publish", folder.path(path), "--namespace", namespace])
            #expect(published.status == 0, "\(published.stderr)")
        }
    }

    func lines(_ outcome: ProcessOutcome) throws -> [[String: Any]] {
        try outcome.output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func hostileInputIsAnsweredAndTheSessionGoesOn() throws {
        let huge = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"" + String(repeating: "a", count: 5 << 20) + "\"}}"
        let input = [
            "not json at all",
            huge,
            String(repeating: "[", count: 200_000),
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"nope\"}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}",
        ].joined(separator: "\n") + "\n"
        let outcome = try skillctl.run(["mcp"], stdin: Data(input.utf8))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let answers = try lines(outcome)
        #expect(answers.count == 5)
        let codes = answers.prefix(4).map { ($0["error"] as? [String: Any])?["code"] as? Int }
        #expect(codes == [-32700, -32700, -32700, -32601])
        #expect((answers[1]["error"] as? [String: Any])?["message"] as? String == "message longer than 4194304 bytes; it was skipped")
        #expect(answers[4]["id"] as? Int == 3 && answers[4]["result"] != nil)
    }

    @Test func withoutADatabaseItFailsBeforeSpeaking() throws {
        let missing = Skillctl(database: folder.url.appendingPathComponent("none.db"))
        let outcome = try missing.run(["mcp"], stdin: Data())
        #expect(outcome.status != 0)
        #expect(outcome.output.isEmpty)
    }

    @Test(.enabled(if: MCPPythonSDK.available, "needs the MCP Python SDK: python3 -m venv and pip install mcp from PyPI"),
          arguments: ["legacy", "auto"])
    func theOfficialPythonSDKReadsEverySkillAndCallsEveryTool(mode: String) throws {
        let outcome = try ProcessRunner.run(
            MCPPythonSDK.python,
            [MCPPythonSDK.checkScript.path, Skillctl.executable.path, skillctl.database.path, mode],
            environment: ["SKILLSTORE_DB": nil])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
        #expect(report["transport"] as? String == "stdio")
        checkSDKReport(report, mode: mode)
    }

    /// The same client and checks against `/mcp` on `skillctl serve`, on a
    /// free loopback port, then the requests a client should never send.
    @Test(.enabled(if: MCPPythonSDK.available, "needs the MCP Python SDK: python3 -m venv and pip install mcp from PyPI"),
          arguments: ["legacy", "auto"])
    func theOfficialPythonSDKOverStreamableHTTP(mode: String) throws {
        let serve = try ServeProcess(database: skillctl.database, arguments: ["--access-log", "off"])
        let outcome = try ProcessRunner.run(
            MCPPythonSDK.python, [MCPPythonSDK.checkScript.path, serve.url + "/mcp", mode])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
        #expect(report["transport"] as? String == "http")
        checkSDKReport(report, mode: mode)
        let hostile = try #require(report["hostile"] as? [String: [Any]])
        func answer(_ key: String) -> [Int?] { (hostile[key] ?? []).map { $0 as? Int } }
        #expect(answer("not_json") == [400, -32700])
        #expect(answer("deep_nesting") == [400, -32700])
        #expect(answer("batch") == [400, -32600])
        #expect(answer("huge") == [413, -32600])
        #expect(answer("no_session") == [400, -32600])
        #expect(answer("unknown_session") == [404, -32600])
        #expect(answer("foreign_origin") == [403, -32600])
        #expect(answer("bad_protocol_version") == [400, -32600])
        #expect(answer("wrong_content_type") == [415, -32600])
        #expect(answer("get").first == 405)
        #expect(answer("notification") == [202, nil])
        #expect(answer("delete") == [204, nil])
        #expect(answer("after_delete") == [404, -32600])
    }

    /// What both transports must show: every resource read and its digest
    /// checked, the extension's methods, every tool, and the error codes.
    func checkSDKReport(_ report: [String: Any], mode: String) {
        #expect(report["era"] as? String == (mode == "legacy" ? "handshake" : "modern"))
        #expect(report["resources"] as? [String] == [
            "skill://acme/forms/SKILL.md", "skill://default/pdf/SKILL.md", "skill://default/pdf/assets/blank.bin",
            "skill://default/pdf/references/FORMS.md", "skill://default/pdf/scripts/rotate.sh",
        ])
        #expect(report["skills"] as? [String] == ["skill://acme/forms/SKILL.md", "skill://default/pdf/SKILL.md"])
        #expect(report["verified_files"] as? Int == 5)
        #expect(report["tools"] as? [String] == ["search_skills", "get_skill", "skill_provenance", "check_skill", "scan_skill"])
        let capabilities = report["capabilities"] as? [String: Any]
        let skills = (capabilities?["extensions"] as? [String: Any])?["io.modelcontextprotocol/skills"] as? [String: Any]
        #expect(skills?["directoryRead"] as? Bool == true)
        #expect(report["directories"] as? [String: [String]] == [
            "skill://acme/forms": ["skill://acme/forms/SKILL.md"],
            "skill://default/pdf": [
                "skill://default/pdf/SKILL.md", "skill://default/pdf/assets", "skill://default/pdf/references",
                "skill://default/pdf/scripts",
            ],
        ])
        #expect((report["tool_results"] as? [String: [String]])?["scan_skill"]?.contains("findings") == true)
        #expect(report["errors"] as? [String: Int] == [
            "unknown_method": -32601, "unknown_resource": -32602, "unknown_skill": -32602, "unknown_tool": -32602,
            "bad_arguments": -32602, "not_a_directory": -32602,
        ])
    }
}
