import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// Publishes keep the search indexes from piling up segments, since a
/// search reads every segment for each of its words.
@Suite struct SearchCompactionTests {
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
}
