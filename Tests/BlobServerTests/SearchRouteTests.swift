import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// GET /api/v1/search and /api/v1/sources.
@Suite struct SearchRouteTests {
    let fixture: ServerFixture

    init() throws {
        fixture = try ServerFixture()
        try fixture.publish([
            try fixture.skill("hinge-care", body: """
                # Hinge care

                *Measured* means we ran it.

                ## Rules

                1. **Keep buttons off the hinge.** The hinge bends 3 mm (*measured*) under a thumb.
                """),
            try fixture.skill("tent-mode", body: "# Tent mode\n\nStand the phone up like a tent; the hinge holds.\n"),
        ])
    }

    @Test func searchAnswersTheStoresSkills() throws {
        let response = fixture.get("/api/v1/search", query: ["q": "how do I keep the hinge safe?"])
        #expect(response.status == 200)
        let skills = try response.decoded([SkillSearchEntry].self)
        #expect(skills == (try fixture.store.searchSkills(SearchRequest(query: "how do I keep the hinge safe?"))
            .map(SkillSearchEntry.init)))
        #expect(skills.map(\.skill) == ["hinge-care", "tent-mode"])
        #expect(skills.allSatisfy { $0.explain == nil && !$0.passages.isEmpty })
        // With a kind, rows as before.
        let hits = try fixture.get("/api/v1/search", query: ["q": "hinge", "kind": "section"]).decoded([SearchHit].self)
        #expect(hits == (try fixture.store.search(SearchRequest(query: "hinge", kind: .section))))
    }

    @Test func explainSaysWhyEachSkillRanked() throws {
        let skills = try fixture.get("/api/v1/search", query: ["q": "hinge buttons", "explain": "1"])
            .decoded([SkillSearchEntry].self)
        let why = try #require(skills.first?.explain)
        #expect(skills.first?.skill == "hinge-care")
        #expect(why.words.map(\.word) == ["hinge", "buttons"])
        #expect(why.coverage == 1)
        #expect(fixture.get("/api/v1/search", query: ["q": "hinge", "explain": "maybe"]).status == 400)
    }

    @Test func searchTakesKindLabelSkillLimitAndAllVersions() throws {
        let response = fixture.get(
            "/api/v1/search",
            query: ["q": "hinge", "kind": "CLAIM", "label": "measured", "skill": "hinge-*", "limit": "5", "all_versions": "yes"])
        #expect(response.status == 200)
        let hits = try response.decoded([SearchHit].self)
        #expect(hits == (try fixture.store.search(SearchRequest(
            query: "hinge", kind: .claim, label: .measured, skill: "hinge-*", limit: 5, allVersions: true))))
        #expect(!hits.isEmpty && hits.allSatisfy { $0.kind == .claim && $0.label == .measured && $0.skill == "hinge-care" })
        let one = try fixture.get("/api/v1/search", query: ["q": "hinge", "limit": "1"]).decoded([SkillSearchEntry].self)
        #expect(one.count == 1)
        // Empty kind, label and skill count as absent.
        let empties = fixture.get("/api/v1/search", query: ["q": "hinge", "kind": "", "label": "", "skill": ""])
        #expect(try empties.decoded([SkillSearchEntry].self)
            == (try fixture.store.searchSkills(SearchRequest(query: "hinge")).map(SkillSearchEntry.init)))
    }

    @Test(arguments: [
        [:], ["q": ""], ["q": "  \t"], ["q": "hinge", "kind": "paragraph"],
        ["q": "hinge", "kind": "skill", "label": "measured"], ["q": "hinge", "label": "sure"],
        ["q": "hinge", "limit": "0"], ["q": "hinge", "limit": "1001"], ["q": "hinge", "limit": "ten"],
    ] as [[String: String]])
    func aBadSearchIs400(query: [String: String]) {
        let response = fixture.get("/api/v1/search", query: query)
        #expect(response.status == 400)
        #expect(response.errorDetail?.code == "BAD_REQUEST")
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test func theLargestLimitIsAllowed() {
        #expect(fixture.get("/api/v1/search", query: ["q": "hinge", "limit": "1000"]).status == 200)
    }

    @Test func sourcesAreTheStoresSources() throws {
        #expect(fixture.get("/api/v1/sources").text == "[]\n")
        let page = try fixture.write("guide.txt", "Hinge area\n\nKeep buttons away from the hinge.\n")
        _ = try fixture.store.publishSource(url: "https://example.org/guide", path: page, publisher: "tester")
        let response = fixture.get("/api/v1/sources")
        #expect(response.status == 200)
        let sources = try response.decoded([StoredSource].self)
        #expect(sources == (try fixture.store.sources()))
        #expect(sources.map(\.url) == ["https://example.org/guide"])
        #expect(sources.first?.sections.map(\.title) == ["Hinge area"])
    }
}
