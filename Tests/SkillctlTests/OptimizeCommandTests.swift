import Foundation
import Testing
import TestSupport

/// `skillctl optimize`: each search index in one segment, said per index,
/// as text and as JSON; a database that is not there is an error, not made.
@Suite struct OptimizeCommandTests {
    @Test func mergesTheSegmentsEachPublishLeftAndSaysSo() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        // Each publish writes a segment of its own to each index.
        for name in ["proof-dough", "shape-loaf"] {
            _ = try folder.write("\(name)/SKILL.md", SkillMarkdown.minimal(name, body: "# Steps\n\nLet the \(name) rest.\n"))
            let published = try skillctl.run(["publish", name], in: folder.url)
            try #require(published.status == 0, "\(published.stderr)")
        }
        let searched = try skillctl.run(["search", "--json", "rest"]).stdout

        let json = try skillctl.run(["optimize", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let report = try #require(object["indexes"] as? [[String: Any]])
        #expect(report.map { $0["index"] as? String } == ["search", "skill_text", "skill_lead"])
        #expect(report.allSatisfy { ($0["before"] as? Int ?? 0) >= 2 && $0["after"] as? Int == 1 }, "\(json.output)")
        #expect(try skillctl.run(["search", "--json", "rest"]).stdout == searched)

        let again = try skillctl.run(["optimize"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.output == "search: 1 segment (unchanged)\nskill_text: 1 segment (unchanged)\nskill_lead: 1 segment (unchanged)\n")
    }

    /// As for `scan --all`, which rewrites an existing store's verdicts.
    @Test(arguments: [["optimize"], ["scan", "--all"], ["scan", "some-skill"]])
    func aMissingDatabaseIsAnErrorAndIsNotCreated(_ words: [String]) throws {
        let folder = try TemporaryFolder()
        let database = folder.url.appendingPathComponent("absent.db")
        let result = try Skillctl(database: database).run(words)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("absent.db"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: database.path))
    }
}
