import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// The graph read back from the store is the graph extracted at publish.
@Suite struct GraphStorageTests {
    static let body = """
        # Tips

        *Measured* means we ran it. *Judgement* means advice.

        | Pose | Where |
        |---|---|
        | Tent | Side (derived; unverified) |

        ## Rules

        1. **Keep it short.** Short rules are read (*judgement*, from experience). See [the guide](https://example.org/guide?t=1m10s#Short-rules "1:10").
        2. **Measure it.** *Measured* on a "quoted" device: 3 ms (*measured*: with a cold cache), as `other-skill` R4 says.

        ## Notes

        A line with a [local file](references/x.md#top) and nothing else.
        """

    @Test func rulesAndLinksAreRowsMatchingTheExtractedGraph() throws {
        let fixture = try StoreFixture()
        let path = try fixture.skill("fold-tips", body: Self.body)
        try fixture.write("fold-tips/references/x.md", "# Top\n")
        _ = try fixture.publish([path])
        let version = try fixture.store.version(of: "fold-tips")
        let graph = try fixture.store.graph(of: version)

        let rules = try fixture.store.database.query(
            "SELECT rule_id, title, line FROM rules WHERE version = ? ORDER BY ord", [.integer(Int64(version.sequence))])
        #expect(rules.map { $0.string("rule_id") } == graph.rules.map(\.id))
        #expect(rules.map { $0.optionalString("title") } == graph.rules.map(\.title))
        #expect(try rules.map { try $0.int("line") } == graph.rules.map(\.location.line))
        let links = try fixture.store.database.query(
            "SELECT skill, rule_id FROM links WHERE version = ? ORDER BY ord", [.integer(Int64(version.sequence))])
        #expect(links.map { $0.string("skill") } == graph.links.map(\.skill))
        #expect(links.map { $0.optionalString("rule_id") } == graph.links.map(\.rule))
        #expect(graph.legend == ["measured", "judgement"])
        // The fixture exercises what extraction must carry.
        #expect(graph.claims.contains { $0.qualifier != nil })
        #expect(graph.claims.contains { $0.context != nil })
        #expect(graph.claims.contains { $0.labels.count > 1 })
        #expect(graph.citations.contains { $0.urlTime == 70 && $0.fragment == "Short-rules" })
        #expect(graph.links.contains { $0.skill == "other-skill" && $0.rule == "R4" })
    }

    @Test func aDamagedSkillBlobIsAnIntegrityErrorNotACrash() throws {
        let fixture = try StoreFixture()
        _ = try fixture.publish([try fixture.skill("fold-tips", body: Self.body)])
        let version = try fixture.store.version(of: "fold-tips")
        try fixture.store.database.query("UPDATE blobs SET content = x'00' WHERE id = ?", [.text(version.id.hex)])
        #expect(throws: SkillStoreError.self) {
            try fixture.store.graph(of: version)
        }
        let report = try fixture.store.checkIntegrity()
        #expect(report.problems.contains { $0.subject == version.id.hex })
    }

    @Test func graphsWrittenByAnOlderExtractorAreExtractedAgainOnOpen() throws {
        let fixture = try StoreFixture()
        _ = try fixture.publish([try fixture.skill("fold-tips", body: Self.body)])
        try fixture.store.database.query("DELETE FROM rules")
        try fixture.store.database.query("DELETE FROM links")
        try fixture.store.database.query("UPDATE versions SET graph_version = 0, legend = ''")

        let reopened = try SkillStore(path: fixture.databasePath)
        let rules = try reopened.database.query("SELECT rule_id FROM rules ORDER BY ord").map { $0.string("rule_id") }
        #expect(rules == ["R1", "R2"])
        #expect(try reopened.database.queryFirst("SELECT count(*) AS n FROM links")?.int("n") == 2)
        #expect(try reopened.database.queryFirst("SELECT legend FROM versions")?.string("legend") == "measured,judgement")
    }

    @Test func aLabelWordAddedToTheDatabaseRelabelsStoredClaims() throws {
        let fixture = try StoreFixture()
        _ = try fixture.publish([try fixture.skill("fold-tips", body: "# Tips\n\n*Tested* on two phones.\n")])
        let version = try fixture.store.version(of: "fold-tips")
        #expect(try fixture.store.graph(of: version).claims.first?.label == .unlabelled)
        try fixture.store.setLabelWord("tested", meaning: .measured)
        #expect(try fixture.store.graph(of: version).claims.first?.label == .measured)
        try fixture.store.removeLabelWord("tested")
        #expect(try fixture.store.graph(of: version).claims.first?.label == .unlabelled)
    }
}
