import Foundation
import Testing
import TestSupport

/// The errors `check` finds in a skill's own files without a store
/// (`time-mismatch`, `bundle-link-missing`, `rule-duplicate`) are warnings
/// at publish, and refuse the skill with `--strict`, locally and through a
/// server alike.
///
/// A skill from `skillMarkdown` has five lines of front-matter and a blank
/// line; bodies here start with "# Title" and a blank line, so their first
/// paragraph is line 9.
@Suite struct PublishCheckWarningTests {
    /// Two lines with errors: a time its URL contradicts, a missing bundle file.
    static let flawedBody = """
        # Title

        Watch [the fold at 1:10](https://video.example.org/v?t=90).

        See [the notes](references/notes.md).

        """

    let folder: TemporaryFolder
    let skillctl: Skillctl

    init() throws {
        folder = try TemporaryFolder()
        skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        try folder.write("pack/flawed-skill/SKILL.md", skillMarkdown(name: "flawed-skill", body: Self.flawedBody))
        try folder.write("pack/sound-skill/SKILL.md", skillMarkdown(name: "sound-skill"))
    }

    private func run(_ arguments: [String], with client: Skillctl? = nil) throws -> Skillctl.Result {
        try (client ?? skillctl).run(arguments, in: folder.url)
    }

    private static let expectedWarnings = [
        "pack/flawed-skill/SKILL.md:9:7: warning: link text says 1:10 but its URL starts at 1:30 (90 s) [time-mismatch]",
        "pack/flawed-skill/SKILL.md:11:5: warning: links to 'references/notes.md', which is not in the skill's folder [bundle-link-missing]",
    ]

    private static let expectedErrors = expectedWarnings.map { $0.replacingOccurrences(of: ": warning: ", with: ": error: ") }

    /// The diagnostic lines of standard error.
    private func diagnostics(_ result: Skillctl.Result) -> [String] {
        result.stderr.split(separator: "\n").map(String.init).filter { $0.contains(": warning: ") || $0.contains(": error: ") }
    }

    @Test("publish prints check's errors as warnings in the compiler form and still publishes")
    func warningsThenPublished() throws {
        let result = try run(["publish", "pack"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(diagnostics(result) == Self.expectedWarnings)
        #expect(result.stderr.hasSuffix("2 new, 0 unchanged, 2 warnings\n"), "\(result.stderr)")
        #expect(try run(["versions", "flawed-skill"]).status == 0)
    }

    @Test("publish --json lists the warnings under the skill that has them")
    func warningsInJSON() throws {
        let result = try run(["--json", "publish", "pack"])

        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let published = report?["published"] as? [[String: Any]] ?? []
        let flawed = published.first { $0["name"] as? String == "flawed-skill" }
        let sound = published.first { $0["name"] as? String == "sound-skill" }
        let codes = (flawed?["warnings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes == ["time-mismatch", "bundle-link-missing"])
        #expect((flawed?["warnings"] as? [[String: Any]])?.allSatisfy { $0["severity"] as? String == "warning" } == true)
        #expect(sound != nil && sound?["warnings"] == nil)
    }

    @Test("publish --strict refuses every skill when one has such an error (exit 4), publishing nothing")
    func strictRefusesAll() throws {
        let result = try run(["publish", "--strict", "pack"])

        #expect(result.status == 4, "\(result.stderr)")
        #expect(diagnostics(result) == Self.expectedErrors)
        #expect(!FileManager.default.fileExists(atPath: skillctl.database.path))
    }

    @Test("publish --strict --skip-invalid refuses that skill alone and publishes the rest (exit 1)")
    func strictSkipsTheFlawedSkill() throws {
        let result = try run(["publish", "--strict", "--skip-invalid", "pack"])

        #expect(result.status == 1, "\(result.stderr)")
        #expect(diagnostics(result) == Self.expectedErrors)
        #expect(result.output.contains("sound-skill"))
        #expect(!result.output.contains("flawed-skill"))
        #expect(try run(["versions", "flawed-skill"]).status != 0)
    }

    @Test("a publish through a server shows the same warnings, with local paths; --strict refuses there too")
    func remoteWarningsAndStrict() throws {
        let served = Skillctl(database: folder.url.appendingPathComponent("served.db"))
        let secret = try served.run(["token", "create", "ci"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try ServeProcess(database: served.database, arguments: ["--access-log", "off"])
        var client = Skillctl(database: folder.url.appendingPathComponent("unused.db"))
        client.environment["SKILLSTORE_SERVER"] = server.url
        client.environment["SKILLSTORE_TOKEN"] = secret

        let strict = try run(["publish", "--strict", "pack"], with: client)
        let sent = try run(["publish", "pack"], with: client)
        #expect(server.stop() == 0)

        #expect(strict.status == 4, "\(strict.stderr)")
        #expect(diagnostics(strict) == Self.expectedErrors)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(diagnostics(sent) == Self.expectedWarnings)
    }
}
