import Foundation
import Testing
import TestSupport
import SkillStore

/// Lenient intake end to end: `publish` accepts a skill that breaks the
/// Agent Skills rules in a way that leaves it identifiable, prints the
/// warnings (text and --json), and `get`, `check` and `versions --json`
/// show them afterwards; `--strict` refuses as before (exit 4, nothing
/// published), and `check --strict` reports errors (exit 1).
@Suite struct LenientIntakeCommandTests {
    let folder: TemporaryFolder
    let skillctl: Skillctl

    init() throws {
        folder = try TemporaryFolder()
        skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        // The folder is not the name: the front-matter name wins, with a warning.
        try folder.write("rag-qdrant/SKILL.md", skillMarkdown(name: "qdrant-vector-search"))
    }

    private func run(_ arguments: [String]) throws -> Skillctl.Result {
        try skillctl.run(arguments, in: folder.url)
    }

    private static let warning = "rag-qdrant/SKILL.md:2:7: warning: name 'qdrant-vector-search' does not match its "
        + "folder 'rag-qdrant'; the name is used [name-folder-mismatch]"

    @Test("publish accepts it and prints the warning on standard error")
    func publishWarns() throws {
        let result = try run(["publish", "rag-qdrant"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output.hasPrefix("new"))
        #expect(result.output.contains("qdrant-vector-search"))
        #expect(result.stderr.contains(Self.warning + "\n"), "\(result.stderr)")
    }

    @Test("publish --json lists the warnings with the skill")
    func publishJSONWarns() throws {
        let result = try run(["--json", "publish", "rag-qdrant"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let published = try #require(report["published"] as? [[String: Any]])
        let warnings = try #require(published.first?["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["code"] as? String } == ["name-folder-mismatch"])
        #expect(warnings.first?["severity"] as? String == "warning")
    }

    @Test("publish --strict refuses it with today's refusal, exit 4, and publishes nothing")
    func strictPublishRefuses() throws {
        let result = try run(["publish", "--strict", "rag-qdrant"])
        #expect(result.status == 4)
        #expect(result.stderr.contains(
            "rag-qdrant/SKILL.md:2:7: error: name 'qdrant-vector-search' does not match its folder 'rag-qdrant' [name-folder-mismatch]"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: skillctl.database.path))
    }

    @Test("check warns (exit 0); check --strict makes it an error (exit 1)")
    func checkWarnsAndStrictRefuses() throws {
        let lenient = try run(["check", "rag-qdrant"])
        #expect(lenient.status == 0)
        #expect(lenient.output == Self.warning + "\n")

        let strict = try run(["check", "--strict", "rag-qdrant"])
        #expect(strict.status == 1)
        #expect(strict.output.contains("error: name 'qdrant-vector-search' does not match its folder 'rag-qdrant' [name-folder-mismatch]"))
    }

    @Test("get keeps standard output the served text and prints the recorded warnings on standard error")
    func getShowsWarnings() throws {
        #expect(try run(["publish", "rag-qdrant"]).status == 0)
        let result = try run(["get", "qdrant-vector-search"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("qdrant-vector-search 1.0\n\n"))
        #expect(result.output.hasSuffix(skillMarkdown(name: "qdrant-vector-search")))
        #expect(result.stderr == "qdrant-vector-search/SKILL.md:2:7: warning: name 'qdrant-vector-search' does not match "
            + "its folder 'rag-qdrant'; the name is used [name-folder-mismatch]\n")
    }

    @Test("versions --json and check of the published skill show the recorded warnings")
    func versionsAndCheckShowRecordedWarnings() throws {
        try folder.write("Daily Paper Roast/SKILL.md", skillMarkdown(name: "Daily Paper Roast"))
        #expect(try run(["publish", "rag-qdrant", "Daily Paper Roast"]).status == 0)

        let versions = try run(["--json", "versions", "daily-paper-roast"])
        #expect(versions.status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(versions.output.utf8)) as? [[String: Any]])
        #expect(list.first?["declared_name"] as? String == "Daily Paper Roast")
        let warnings = try #require(list.first?["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["code"] as? String } == ["name-not-an-id"])
        #expect(warnings.first?["path"] as? String == "SKILL.md")

        let check = try run(["check", "qdrant-vector-search"])
        #expect(check.status == 0)
        #expect(check.output.contains("qdrant-vector-search/SKILL.md:2:7: warning: name 'qdrant-vector-search' does not match its folder 'rag-qdrant'; the name is used [name-folder-mismatch]"))
    }
}

/// Nested skills and lenient intake through a server: the same skills,
/// files and warnings as a local publish.
@Suite struct LenientRemotePublishTests {
    @Test func aNestedPackPublishesTheSameSkillsAndWarningsThroughAServer() throws {
        let folder = try TemporaryFolder()
        try folder.write("pack/outer/SKILL.md", skillMarkdown(name: "outer"))
        try folder.write("pack/outer/skills/inner/SKILL.md", skillMarkdown(name: "inner"))
        try folder.write("pack/Roast It/SKILL.md", "# Roast\n\nRoasts papers.\n")

        let local = Skillctl(database: folder.url.appendingPathComponent("local.db"))
        let here = try local.run(["publish", "--json", folder.path("pack")])

        let server = try PublishingServer(in: folder.url)
        let client = server.client
        let there = try client.run(["publish", "--json", folder.path("pack")])
        let strict = try client.run(["publish", "--strict", folder.path("pack/Roast It")])
        #expect(server.stop() == 0)

        func summary(_ result: Skillctl.Result) throws -> [String] {
            let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            return (report["published"] as? [[String: Any]] ?? []).map { entry in
                let codes = (entry["warnings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
                return "\(entry["name"] as? String ?? "?") \(entry["manifest"] as? String ?? "?") \(codes)"
            }
        }
        #expect(here.status == 0 && there.status == 0, "\(here.stderr)\n\(there.stderr)")
        #expect(try summary(here).count == 3)
        #expect(try summary(there) == (try summary(here)))
        #expect(try summary(here).contains { $0.hasPrefix("roast-it ") && $0.hasSuffix("[\"front-matter-missing\"]") })
        #expect(strict.status == 4)
        #expect(strict.stderr.contains("[front-matter-missing]"), "\(strict.stderr)")
    }
}
