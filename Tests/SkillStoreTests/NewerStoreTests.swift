import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// A store a newer SkillStore migrated is refused: on opening, and by a
/// publish through a connection opened before (a server keeps its own).
@Suite struct NewerStoreTests {
    private func migrateFromTheFuture(_ store: SkillStore) throws {
        try store.database.query(
            "INSERT INTO schema_migrations (name, applied_at) VALUES ('9999_from_the_future.sql', 'later')")
    }

    @Test func aPublishThroughAnOpenConnectionIsRefusedAndWritesNothing() throws {
        let fixture = try StoreFixture()
        try fixture.publish([try fixture.skill("oven-spring", version: "1.0")])
        // Another process migrates the store while this connection is open.
        let other = try SkillStore(path: fixture.store.database.path)
        try migrateFromTheFuture(other)
        #expect(throws: SkillStoreError.newerStore(
            path: fixture.store.database.path, unknownMigrations: ["9999_from_the_future.sql"])) {
            try fixture.publish([try fixture.skill("tent-pole", version: "1.0")])
        }
        #expect(try fixture.store.database.queryFirst("SELECT count(*) AS n FROM versions")?.int("n") == 1)
    }

    @Test func openingIsRefused() throws {
        let fixture = try StoreFixture()
        try migrateFromTheFuture(fixture.store)
        #expect(throws: SkillStoreError.newerStore(
            path: fixture.store.database.path, unknownMigrations: ["9999_from_the_future.sql"])) {
            _ = try SkillStore(path: fixture.store.database.path)
        }
    }
}
