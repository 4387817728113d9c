import Foundation
import Testing
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

    @Test func theStoredGraphEqualsTheExtractedOne() throws {
        let fixture = try StoreFixture()
        let path = try fixture.skill("fold-tips", body: Self.body)
        try fixture.write("fold-tips/references/x.md", "# Top\n")
        _ = try fixture.publish([path])
        let version = try fixture.store.version(of: "fold-tips")
        let stored = try fixture.store.graph(of: version)

        let bytes = try fixture.store.blob(.id(version.id)).bytes
        let extracted = GraphExtractor.extract(from: try SkillDocument.parse(bytes, path: "SKILL.md"))
        #expect(stored.sections == extracted.sections)
        #expect(stored.claims == extracted.claims)
        #expect(stored.citations == extracted.citations)
        #expect(stored.links == extracted.links)
        #expect(stored.legend == extracted.legend)
        #expect(stored.rules.map(\.id) == extracted.rules.map(\.id))
        #expect(stored.rules.map(\.title) == extracted.rules.map(\.title))
        // Sanity: the fixture exercises what the storage must carry.
        #expect(extracted.claims.contains { $0.qualifier != nil })
        #expect(extracted.claims.contains { $0.context != nil })
        #expect(extracted.claims.contains { $0.labels.count > 1 })
        #expect(extracted.citations.contains { $0.urlTime == 70 && $0.fragment == "Short-rules" })
    }

    @Test func aDamagedGraphDocumentIsAnErrorNotACrash() throws {
        let fixture = try StoreFixture()
        _ = try fixture.publish([try fixture.skill("fold-tips", body: Self.body)])
        try fixture.store.database.query("UPDATE graphs SET data = '[[],[[1,2]],[]]'")
        #expect(throws: GraphDocument.Malformed.self) {
            try fixture.store.graph(of: try fixture.store.version(of: "fold-tips"))
        }
        let report = try fixture.store.checkIntegrity()
        #expect(report.problems.contains { $0.subject == "fold-tips@1.0" && $0.message.contains("knowledge graph") })
    }

    @Test func graphsWrittenByAnOlderExtractorAreExtractedAgainOnOpen() throws {
        let fixture = try StoreFixture()
        _ = try fixture.publish([try fixture.skill("fold-tips", body: Self.body)])
        let before = try fixture.store.graph(of: try fixture.store.version(of: "fold-tips"))
        try fixture.store.database.query("DELETE FROM graphs")
        try fixture.store.database.query("DELETE FROM rules")
        try fixture.store.database.query("UPDATE versions SET graph_version = 0")

        let reopened = try SkillStore(path: fixture.databasePath)
        let after = try reopened.graph(of: try reopened.version(of: "fold-tips"))
        #expect(after.claims == before.claims)
        #expect(after.rules.map(\.id) == ["R1", "R2"])
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
