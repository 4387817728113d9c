import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// `store_facts` (migrations/0009_store_facts.sql, 0011): whether any
/// version is not its skill's latest, kept by the publish and triggers
/// instead of counted by every search, agrees with counting at each step
/// that changes it.
@Suite struct StoreFactsTests {
    /// The count the flag replaces: more versions than latest ones, or
    /// more fetches than sources.
    private func counted(_ store: SkillStore) throws -> Bool {
        try store.database.queryFirst("""
            SELECT (SELECT count(*) FROM versions) > (SELECT count(*) FROM skills WHERE latest IS NOT NULL)
                OR (SELECT count(*) FROM sources) > (SELECT count(DISTINCT url) FROM sources) AS superseded
            """)?.int("superseded") == 1
    }

    private func expectAgreement(_ store: SkillStore, _ expected: Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        #expect(try counted(store) == expected, sourceLocation: sourceLocation)
        #expect(try store.hasSupersededVersions() == expected, sourceLocation: sourceLocation)
    }

    @Test func aSecondVersionSupersedesTheFirst() throws {
        let fixture = try StoreFixture()
        try fixture.publish([try fixture.skill("oven-spring", version: "1.0", body: "# Oven\n\nUse the hinge shim.\n")])
        try fixture.publish([try fixture.skill("tent-pole", version: "1.0", body: "# Tent\n\nStand it up.\n")])
        try expectAgreement(fixture.store, false)
        try fixture.publish([try fixture.skill("oven-spring", version: "2.0", body: "# Oven\n\nUse the torsion clip.\n")])
        try expectAgreement(fixture.store, true)
    }

    @Test func yankingTheOnlyVersionLeavesASkillWithoutALatest() throws {
        let fixture = try StoreFixture()
        try fixture.publish([try fixture.skill("oven-spring", version: "1.0", body: "# Oven\n\nUse the hinge shim.\n")])
        try expectAgreement(fixture.store, false)
        try fixture.store.yank("oven-spring", label: "1.0", reason: "wrong shim", by: "alice")
        try expectAgreement(fixture.store, true)
        // Search passes over it: nothing else holds the words.
        #expect(try fixture.store.search(SearchRequest(query: "hinge shim")).isEmpty)
    }

    @Test func aSourceFetchedAgainSupersedesItsEarlierText() throws {
        let fixture = try StoreFixture()
        let url = "https://example.org/guide"
        _ = try fixture.store.publishSource(url: url, path: try fixture.write("a.txt", "Hinge\n\nOld advice.\n"), publisher: "tester")
        _ = try fixture.store.publishSource(url: "https://example.org/other", path: try fixture.write("b.txt", "Tent\n\nPoles.\n"), publisher: "tester")
        try expectAgreement(fixture.store, false)
        _ = try fixture.store.publishSource(url: url, path: try fixture.write("c.txt", "Hinge\n\nNew advice.\n"), publisher: "tester")
        try expectAgreement(fixture.store, true)
    }

    @Test func aStoreMigratedWithSupersededVersionsStartsWithTheFlagSet() throws {
        let fixture = try StoreFixture()
        try fixture.publish([try fixture.skill("oven-spring", version: "1.0", body: "# Oven\n\nUse the hinge shim.\n")])
        try fixture.publish([try fixture.skill("oven-spring", version: "2.0", body: "# Oven\n\nUse the torsion clip.\n")])
        // As before the migration: no table, then the migration's own count.
        try fixture.store.database.execute("""
            DROP TRIGGER store_facts_no_latest;
            DROP TRIGGER store_facts_source_again;
            DROP TABLE store_facts;
            DELETE FROM schema_migrations WHERE name IN ('0009_store_facts.sql', '0011_second_version_in_publish.sql');
            """)
        let reopened = try SkillStore(path: fixture.store.database.path)
        #expect(reopened.migrationsApplied == ["0009_store_facts.sql", "0011_second_version_in_publish.sql"])
        try expectAgreement(reopened, true)
    }

    /// A second version of one skill supersedes its first, published in a
    /// run beside a new skill; a copy in another namespace does not (each
    /// is its skill's first).
    @Test func onlyASecondVersionOfTheSameSkillSupersedes() throws {
        let fixture = try StoreFixture()
        try fixture.publish([try fixture.skill("oven-spring", version: "1.0", body: "# Oven\n\nUse the hinge shim.\n")])
        try fixture.publish([try fixture.skill("oven-spring", version: "1.0", body: "# Oven\n\nUse the hinge shim.\n")],
                            namespace: "mirror")
        try expectAgreement(fixture.store, false)
        try fixture.publish([try fixture.skill("tent-pole", version: "1.0", body: "# Tent\n\nStand it up.\n"),
                             try fixture.skill("oven-spring", version: "1.1", body: "# Oven\n\nUse the clip.\n")],
                            namespace: "mirror")
        try expectAgreement(fixture.store, true)
    }

    /// A bulk publish writes each search index's pending terms out once, at
    /// its commit: nothing in it may run inside a statement savepoint
    /// before its last full-text row (a trigger on `versions` did, and each
    /// skill wrote three segments, which FTS5 then kept merging).
    @Test func aBulkPublishWritesOneSegmentPerIndex() throws {
        let fixture = try StoreFixture()
        let skills = try (1...20).map { number in
            try fixture.skill("skill-\(number)", version: "1.0", body: "# Skill \(number)\n\nFold the hinge \(number) times.\n")
        }
        try fixture.publish(skills)
        for index in SkillStore.searchIndexes {
            #expect(try fixture.store.searchSegments(index) == 1, "\(index)")
        }
        // A second version in a later publish still supersedes its first.
        try fixture.publish([try fixture.skill("skill-1", version: "2.0", body: "# Skill 1\n\nFold it once.\n")])
        try expectAgreement(fixture.store, true)
    }
}
