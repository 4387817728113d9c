import Foundation
import Testing
import TestSupport

/// links, rules, provenance and labels through the built binary, on skills written here.
@Suite struct GraphCommandTests {
    private let folder: TemporaryFolder
    private let skillctl: Skillctl

    init() throws {
        folder = try TemporaryFolder()
        skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        try folder.write("pack/fold-basics/SKILL.md", skillMarkdown(name: "fold-basics", body: """
            # Fold basics

            *Measured* means we ran it.

            ## Rules

            1. **Keep the hinge clear.** Nothing to tap there (*measured*, on two phones).
            2. **Say where you measured.** A claim without a place is weak.
            """))
        try folder.write("pack/fold-review/SKILL.md", skillMarkdown(name: "fold-review", body: """
            # Fold review

            Check screens against `fold-basics` rules R1 and R2, and against `fold-extras` R1.
            """))
        #expect(try skillctl.run(["publish", folder.path("pack")]).status == 0)
    }

    private func json(_ arguments: [String]) throws -> Any {
        let result = try skillctl.run(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: result.stdout)
    }

    @Test func linksShowWhatResolvesAndWhoPointsHere() throws {
        let outgoing = try #require(try json(["links", "fold-review"]) as? [String: Any])["outgoing"] as? [[String: Any]]
        let resolved = Dictionary(
            (outgoing ?? []).map { ($0["to"] as? String ?? "", $0["resolved"] as? Bool ?? false) },
            uniquingKeysWith: { first, _ in first })
        #expect(resolved == [
            "fold-basics": true, "fold-basics#R1": true, "fold-basics#R2": true,
            "fold-extras": false, "fold-extras#R1": false,
        ])
        let incoming = try #require(try json(["links", "fold-basics"]) as? [String: Any])["incoming"] as? [[String: Any]]
        #expect(Set((incoming ?? []).map { $0["from"] as? String ?? "" }) == ["fold-review"])
        #expect(Set((incoming ?? []).map { $0["to"] as? String ?? "" }) == ["fold-basics", "fold-basics#R1", "fold-basics#R2"])
    }

    @Test func rulesListIdsTitlesAndTheLabelsInside() throws {
        let rules = try #require(try json(["rules", "fold-basics"]) as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["R1", "R2"])
        #expect(rules.map { $0["title"] as? String } == ["Keep the hinge clear.", "Say where you measured."])
        #expect((rules[0]["labels"] as? [String])?.contains("measured") == true)
        #expect(rules[0]["address"] as? String == "fold-basics#R1")
    }

    @Test func provenanceOfOneRuleCountsItsClaims() throws {
        let report = try #require(try json(["provenance", "fold-basics#R1"]) as? [String: Any])
        #expect(report["rule"] as? String == "R1")
        let byLabel = try #require(report["by_label"] as? [String: Int])
        #expect(byLabel["measured"] == 1)
        let missing = try skillctl.run(["provenance", "fold-basics#R9"])
        #expect(missing.status == 3)
    }

    @Test func aDatabaseWordForALabelRelabelsPublishedClaims() throws {
        try folder.write("pack2/fold-notes/SKILL.md", skillMarkdown(name: "fold-notes", body: "# Notes\n\n*Opinion:* fold slowly.\n"))
        #expect(try skillctl.run(["publish", folder.path("pack2")]).status == 0)
        let before = try #require(try json(["claims", "fold-notes"]) as? [[String: Any]])
        #expect(before.first?["label"] as? String == "unlabelled")
        #expect(try skillctl.run(["labels", "--add", "opinion=judgement"]).status == 0)
        let after = try #require(try json(["claims", "fold-notes"]) as? [[String: Any]])
        #expect(after.first?["label"] as? String == "judgement")
        let words = try #require(try json(["labels"]) as? [[String: Any]])
        #expect(words.contains { $0["word"] as? String == "opinion" && $0["label"] as? String == "judgement" })
    }
}
