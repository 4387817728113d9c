import Foundation
import Testing
import TestSupport

/// The errors `check` finds in a skill's own files without a store
/// (`time-mismatch`, `bundle-link-missing`, `rule-duplicate`) are warnings
/// at publish, recorded with the version, and refuse the skill with
/// `--strict`, locally and through a server alike.
///
/// A skill from `skillMarkdown` has five lines of front-matter and a blank
/// line; bodies here start with "# Title" and a blank line, so their first
/// paragraph is line 9.
@Suite struct PublishCheckWarningCommandTests {
    /// A time its URL contradicts, a missing bundle file, a duplicate rule.
    static let flawedBody = """
        # Title

        Watch [the fold at 1:10](https://video.example.org/v?t=90).

        See [the notes](references/notes.md).

        ## Rules

        1. **R1** Fold first.
        2. **R1** Open last.

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
        "pack/flawed-skill/SKILL.md:16:1: warning: rule R1 is already defined at line 15 [rule-duplicate]",
    ]

    private static let expectedErrors = expectedWarnings.map { $0.replacingOccurrences(of: ": warning: ", with: ": error: ") }

    /// The diagnostic lines of standard error.
    private func diagnostics(_ result: Skillctl.Result) -> [String] {
        result.stderr.split(separator: "\n").map(String.init).filter { $0.contains(": warning: ") || $0.contains(": error: ") }
    }

    @Test("publish prints check's errors as warnings in the compiler form, the very lines check prints as errors, and publishes")
    func warningsThenPublished() throws {
        let checked = try run(["check", "pack/flawed-skill"])
        let result = try run(["publish", "pack"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(diagnostics(result) == Self.expectedWarnings)
        #expect(checked.output.split(separator: "\n").map(String.init) == Self.expectedErrors)
        #expect(result.stderr.hasSuffix("2 new, 0 unchanged\n"), "\(result.stderr)")
    }

    @Test("the warnings stay with the version: get prints them, versions --json lists them, check of the version reports each once")
    func warningsAreRecorded() throws {
        #expect(try run(["publish", "pack"]).status == 0)

        let got = try run(["get", "flawed-skill"])
        #expect(got.status == 0)
        #expect(diagnostics(got) == Self.expectedWarnings.map {
            $0.replacingOccurrences(of: "pack/flawed-skill/SKILL.md", with: "flawed-skill/SKILL.md")
        })

        let versions = try run(["--json", "versions", "flawed-skill"])
        let listed = try JSONSerialization.jsonObject(with: versions.stdout) as? [[String: Any]]
        let codes = (listed?.first?["warnings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes == ["time-mismatch", "bundle-link-missing", "rule-duplicate"])

        let checked = try run(["check", "flawed-skill"])
        #expect(checked.status == 1)
        #expect(checked.output.split(separator: "\n").count == 3, "\(checked.output)")
        #expect(!checked.output.contains(": warning: "), "\(checked.output)")
    }

    @Test("publish --json lists the warnings under the skill that has them")
    func warningsInJSON() throws {
        let result = try run(["--json", "publish", "pack"])

        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
        let published = report?["published"] as? [[String: Any]] ?? []
        let flawed = published.first { $0["name"] as? String == "flawed-skill" }
        let sound = published.first { $0["name"] as? String == "sound-skill" }
        let warnings = flawed?["warnings"] as? [[String: Any]]
        #expect(warnings?.compactMap { $0["code"] as? String } == ["time-mismatch", "bundle-link-missing", "rule-duplicate"])
        #expect(warnings?.allSatisfy { $0["severity"] as? String == "warning" } == true)
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
        let server = try PublishingServer(in: folder.url)
        let client = server.client

        let strict = try run(["publish", "--strict", "pack"], with: client)
        let listedAfterStrict = try run(["ls"], with: client)
        let sent = try run(["publish", "pack"], with: client)
        #expect(server.stop() == 0)

        #expect(strict.status == 4, "\(strict.stderr)")
        #expect(diagnostics(strict) == Self.expectedErrors)
        #expect(!listedAfterStrict.output.contains("skill"), "\(listedAfterStrict.output)")
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(diagnostics(sent) == Self.expectedWarnings)
    }
}
