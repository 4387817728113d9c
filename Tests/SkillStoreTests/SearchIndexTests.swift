import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// The full-text index: how rows are numbered, kept in step with versions,
/// rebuilt, and read back into hits.
@Suite struct SearchIndexTests {
    @Test func rowIDsRoundTripAndIncreaseInTheOrderAPublishWritesThem() throws {
        var contents = SearchRowID.Contents()
        contents.labels = [.measured, .unlabelled]
        contents.hasRules = true
        let ids = [
            SearchRowID(kind: .skill, owner: 7, ordinal: 0),
            SearchRowID(kind: .section, owner: 7, ordinal: 0, contents: contents),
            SearchRowID(kind: .section, owner: 7, ordinal: 1),
            SearchRowID(kind: .skill, owner: 8, ordinal: 0),
            SearchRowID(kind: .section, owner: SearchRowID.ownerMask, ordinal: SearchRowID.maxOrdinal, contents: contents),
        ]
        for id in ids { #expect(SearchRowID(id.rawValue) == id) }
        #expect(ids.map(\.rawValue) == ids.map(\.rawValue).sorted())
        #expect(ids.allSatisfy { $0.rawValue > 0 })
        #expect(SearchRowID(Int64(6) << SearchRowID.kindShift) == nil)
    }

    @Test func unitsDecodeAgainstTheirSectionTextAndSkipWhatDoesNotRead() {
        let body = Array("Fold every 30 minutes.\nThe dough rose 20% (measured, at 24 C).\nKeep it covered.".utf8)
        let units = SearchUnit.decode("10n 11m 11m(20+17) R2@9:0-1 12j", body: body)
        let texts = units.map { String(decoding: body[$0.range], as: UTF8.self) }
        #expect(texts == [
            "Fold every 30 minutes.", "The dough rose 20% (measured, at 24 C).", "measured, at 24 C",
            "Fold every 30 minutes.\nThe dough rose 20% (measured, at 24 C).", "Keep it covered.",
        ])
        #expect(units.map(\.kind) == [.claim, .claim, .claim, .rule, .claim])
        #expect(units[3].rule == "R2" && units[3].line == 9)
        #expect(units.map(\.label) == [.unlabelled, .measured, .measured, nil, .judgement])

        // Damaged or hostile entries are skipped, never trusted.
        for garbage in ["", "x", "99999999999999999999m", "1m(5+999)", "R1@2:3-1", "R1@2:0-99", "1q", "1m(-1+2)", "R@:-",
                        "1m 1m(9223372036854775807+1)", "1m 1m(1+9223372036854775807)"] {
            for unit in SearchUnit.decode(garbage, body: body) {
                #expect(unit.range.lowerBound >= 0 && unit.range.upperBound <= body.count, "\(garbage)")
            }
        }
        // An entry reads whole or not at all: extra or empty parts are not skipped over.
        #expect(SearchUnit.decode("10n 11m(5+x+3) 11m(5+3 11m5+3) 11m(5++3)", body: body).count == 1)
        #expect(SearchUnit.decode("R1@@9:0-1 R1@9:0-1-2 R1@9:-0-1", body: body).isEmpty)
    }

    @Test func hitsNameTheVersionAndTheBlobTheyAreIn() throws {
        let fixture = try SearchPack.store()
        let hits = try fixture.store.search(SearchRequest(query: "banneton rice flour", limit: 5))
        let first = try #require(hits.first)
        let version = try fixture.store.version(of: SkillKey(try #require(first.skill)), label: nil)
        #expect(first.version == version.label)
        #expect(first.id == version.id)
        #expect(first.snippet.contains { $0.matched })
        // Not a skill's name, so nothing is put first out of score order.
        #expect(hits.count > 1 && hits.map(\.score) == hits.map(\.score).sorted(by: >))
    }

    @Test func reopeningAStoreWhoseGraphsAreStaleRebuildsTheIndex() throws {
        let fixture = try SearchPack.store()
        let request = SearchRequest(query: "coil fold", kind: .claim, limit: 20)
        let before = try fixture.store.search(request).map(\.address)
        #expect(!before.isEmpty)

        try fixture.store.database.execute("DELETE FROM search WHERE rowid < \(1 << 62); UPDATE versions SET graph_version = 0")
        #expect(try fixture.store.search(request).isEmpty)
        let reopened = try SkillStore(path: fixture.databasePath)
        #expect(try reopened.search(request).map(\.address) == before)
    }

    @Test func sourcesStoredBeforeTheIndexExistedAreIndexedWhenTheMigrationRuns() throws {
        let fixture = try SearchPack.store()
        let request = SearchRequest(query: "hydration", kind: .source)
        let before = try fixture.store.search(request).map(\.address)
        #expect(!before.isEmpty)
        try fixture.store.database.execute("DELETE FROM search WHERE ((rowid >> \(SearchRowID.kindShift)) & 7) = 5")
        #expect(try fixture.store.search(request).isEmpty)
        try fixture.store.indexStoredSources()
        #expect(try fixture.store.search(request).map(\.address) == before)
    }

    @Test func aNewLabelWordRelabelsTheIndexedClaims() throws {
        let fixture = try StoreFixture()
        let folder = try fixture.skill(
            "proofing-box", body: "# proofing-box\n\n## Heat\n\nThe box held 26 C for a night (*tested*).\n")
        _ = try fixture.publish([folder])
        let measured = SearchRequest(query: "night", label: .measured)
        #expect(try fixture.store.search(measured).isEmpty)
        try fixture.store.setLabelWord("tested", meaning: .measured)
        let hits = try fixture.store.search(measured)
        #expect(hits.map(\.address) == ["proofing-box:11"])
        #expect(hits.first?.label == .measured)
    }

    @Test func accentsAndCaseDoNotHideAClaim() throws {
        let fixture = try StoreFixture()
        let folder = try fixture.skill(
            "custard-setting", body: "# custard-setting\n\n## Baking\n\nA CRÈME BRÛLÉE sets at 82 C in the water bath (*measured*).\n")
        _ = try fixture.publish([folder])
        for query in ["creme brulee", "Crème brûlée", "brul*"] {
            let hits = try fixture.store.search(SearchRequest(query: query, kind: .claim, label: .measured))
            #expect(hits.map(\.address) == ["custard-setting:11"], "\(query)")
            let best = try fixture.store.search(SearchRequest(query: query)).first
            #expect(best?.kind == .claim, "\(query): \(String(describing: best))")
        }
    }

    @Test func aRefusedPublishLeavesTheIndexAsItWas() throws {
        let fixture = try SearchPack.store()
        let count = { try fixture.store.database.queryFirst("SELECT count(*) AS n FROM search")?.int("n") }
        let before = try count()
        let good = try fixture.skill("quince-paste", body: "# quince-paste\n\nSimmer until it sets.\n")
        try fixture.write("broken-one/SKILL.md", "---\nname: broken-one\ndescription: [unclosed\n---\n\nText.\n")
        #expect(throws: InputRefused.self) {
            _ = try fixture.publish([good, fixture.folder.appendingPathComponent("broken-one").path])
        }
        #expect(try count() == before)
        #expect(try fixture.store.search(SearchRequest(query: "simmer")).isEmpty)
    }

    @Test func republishingAnOlderBundleKeepsTheNewerVersionSearched() throws {
        let fixture = try StoreFixture()
        let first = try fixture.skill("fig-jam", version: "1", body: "# fig-jam\n\nAdd lemon early.\n")
        _ = try fixture.publish([first])
        let second = try fixture.skill("fig-jam", version: "2", body: "# fig-jam\n\nAdd lemon late.\n")
        _ = try fixture.publish([second])
        #expect(try fixture.store.search(SearchRequest(query: "lemon")).allSatisfy { $0.version == "2" })
    }

    @Test func queriesWithNothingToSearchFindNothingAndBadRequestsAreUsageProblems() throws {
        let fixture = try SearchPack.store()
        for query in ["\"", "*", "AND", "OR NOT", "-fold", "()", "'"] {
            #expect(try fixture.store.search(SearchRequest(query: query)).isEmpty, "\(query)")
        }
        #expect(throws: UsageProblem.self) { _ = try fixture.store.search(SearchRequest(query: " \n")) }
        #expect(throws: UsageProblem.self) { _ = try fixture.store.search(SearchRequest(query: "fold", limit: 0)) }
        #expect(throws: UsageProblem.self) { _ = try fixture.store.search(SearchRequest(query: "fold", limit: 1001)) }
    }
}
