import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// Publishes keep the search indexes from piling up segments, since a
/// search reads every segment for each of its words.
@Suite struct SearchCompactionTests {
    /// The two large indexes write a segment once 32 MB of terms are
    /// pending (migration 0012), the small one at FTS5's default.
    @Test func theLargeIndexesHold32MBOfPendingTerms() throws {
        let fixture = try StoreFixture()
        func hashSize(_ index: String) throws -> Int? {
            try fixture.store.database.queryFirst("SELECT v FROM \(index)_config WHERE k = 'hashsize'")?.int("v")
        }
        #expect(try hashSize("search") == 32 << 20)
        #expect(try hashSize("skill_text") == 32 << 20)
        #expect(try hashSize("skill_lead") == nil)
    }

    @Test func publishMergesAnIndexWhoseSegmentsPiledUp() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        // Without FTS5's own merging every publish adds a segment to each index.
        for index in SkillStore.searchIndexes {
            try store.database.execute("INSERT INTO \(index) (\(index), rank) VALUES ('automerge', 0)")
        }
        var most = 0
        for number in 1...(SkillStore.maxSearchSegments + 3) {
            try fixture.publish([try fixture.skill("skill-\(number)", body: "# Skill \(number)\n\nWord\(number) and more text.\n")])
            for index in SkillStore.searchIndexes {
                let segments = try store.searchSegments(index)
                most = max(most, segments)
                #expect(segments <= SkillStore.maxSearchSegments, "\(index) after publish \(number)")
            }
        }
        // It piled up to the bound, then was merged.
        #expect(most == SkillStore.maxSearchSegments)
        #expect(try store.searchSkills(SearchRequest(query: "word3")).map(\.skill) == ["skill-3"])
        #expect(try store.database.queryFirst(
            "SELECT count(*) AS rows FROM skill_text")?.int("rows") == SkillStore.maxSearchSegments + 3)
    }

    /// Twelve segments of a few pages each in the lead index, FTS5's own
    /// merging off: a row per transaction, so a segment each.
    private static func pileUpLeadSegments(in store: SkillStore) throws {
        try store.database.execute("INSERT INTO skill_lead (skill_lead, rank) VALUES ('automerge', 0)")
        let piled = SkillStore.maxSearchSegments + 4
        for number in 1...piled {
            let words = (0..<400).map { "word\($0)x\(number)" }.joined(separator: " ")
            try store.database.execute(
                "INSERT INTO skill_lead (rowid, name, description) VALUES (\(1000 + number), 'lead \(number)', '\(words)')")
        }
        #expect(try store.searchSegments("skill_lead") == piled)
    }

    /// A merge that takes more than a step goes on while its steps do
    /// work, though the count of segments moves only once its output is
    /// whole: each step here writes a page or two (FTS5 ends a step at the
    /// first term past its budget), where a merge takes several.
    @Test func compactionCarriesOnAMergeLongerThanAStep() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        try Self.pileUpLeadSegments(in: store)
        // All the time it needs: what is tested is the steps, not the clock.
        #expect(try store.compactSearchIndexes(pagesPerStep: 1, time: .seconds(3600)) > 2)
        #expect(try store.searchSegments("skill_lead") <= SkillStore.maxSearchSegments / 2)
        try store.database.execute("INSERT INTO skill_lead (skill_lead) VALUES ('integrity-check')")
        #expect(try store.database.queryFirst(
            "SELECT count(*) AS rows FROM skill_lead WHERE skill_lead MATCH 'word399x12'")?.int("rows") == 1)
    }

    /// A publish spends at most its time on each index's merge, and the
    /// merge goes on at the next: here no time at all, so one step each.
    @Test func compactionStopsAtItsTimeAndTheNextCarriesOn() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        try Self.pileUpLeadSegments(in: store)
        // One step of a page or two: a merge of a dozen segments is not whole yet.
        #expect(try store.compactSearchIndexes(pagesPerStep: 1, time: .zero) == 1)
        #expect(try store.searchSegments("skill_lead") > SkillStore.maxSearchSegments)
        // Each call takes one more step, until it is.
        var calls = 1
        while try store.searchSegments("skill_lead") > SkillStore.maxSearchSegments / 2, calls < 100 {
            #expect(try store.compactSearchIndexes(pagesPerStep: 1, time: .zero) == 1)
            calls += 1
        }
        #expect(calls > 2 && calls < 100, "\(calls)")
        try store.database.execute("INSERT INTO skill_lead (skill_lead) VALUES ('integrity-check')")
    }

    @Test func aPublishOfNothingNewLeavesTheIndexesAlone() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        for index in SkillStore.searchIndexes {
            try store.database.execute("INSERT INTO \(index) (\(index), rank) VALUES ('automerge', 0)")
        }
        let path = try fixture.skill("steady")
        try fixture.publish([path])
        let before = try SkillStore.searchIndexes.map(store.searchSegments)
        try fixture.publish([path])
        #expect(try SkillStore.searchIndexes.map(store.searchSegments) == before)
    }

    /// `optimize`: each index of more than one segment becomes one, and
    /// every search answers as before.
    @Test func optimizingMergesEachIndexIntoOneSegmentAndChangesNoAnswer() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        for index in SkillStore.searchIndexes {
            try store.database.execute("INSERT INTO \(index) (\(index), rank) VALUES ('automerge', 0)")
        }
        for number in 1...4 {
            try fixture.write("skill-\(number)/SKILL.md", SkillMarkdown.text(
                name: "skill-\(number)", description: "Bakes loaf number \(number).", frontMatter: ["version: \"1.0\""],
                body: "# Skill \(number)\n\nWord\(number) and more text about the loaf.\n\n1. Knead the dough.\n"))
            try fixture.publish([fixture.temporary.path("skill-\(number)")])
        }
        let requests = [SearchRequest(query: "loaf dough"), SearchRequest(query: "word2"),
                        SearchRequest(query: "knead", kind: .rule), SearchRequest(query: "bakes", kind: .skill)]
        let skillsBefore = try requests.prefix(2).map { try store.searchSkills($0) }
        let rowsBefore = try requests.suffix(2).map { try store.search($0) }
        let before = try SkillStore.searchIndexes.map(store.searchSegments)
        #expect(before.allSatisfy { $0 >= 4 }, "\(before)")

        var steps: [(Int, Int)] = []
        let report = try store.optimizeSearchIndexes { steps.append(($0, $1)) }
        #expect(report.map(\.index) == SkillStore.searchIndexes)
        #expect(report.map(\.before) == before)
        #expect(report.allSatisfy { $0.after == 1 }, "\(report)")
        #expect(try SkillStore.searchIndexes.map(store.searchSegments) == [1, 1, 1])
        // The rewritten pages leave the write-ahead log for the database file.
        let log = try FileManager.default.attributesOfItem(atPath: fixture.databasePath + "-wal")[.size] as? Int
        #expect(log == 0)
        #expect(steps.map(\.0) == [0, 1, 2, 3] && steps.allSatisfy { $0.1 == 3 })
        #expect(try requests.prefix(2).map { try store.searchSkills($0) } == skillsBefore)
        #expect(try requests.suffix(2).map { try store.search($0) } == rowsBefore)
        #expect(skillsBefore[1].map(\.skill) == ["skill-2"])

        // Once merged, nothing is left to do.
        #expect(try store.optimizeSearchIndexes().allSatisfy { $0.before == 1 && $0.after == 1 })
    }
}
