import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// `versions.unshared` (migrations/0014_versions_unshared.sql): 1 only for
/// a version no other version shares SKILL.md bytes with and whose name no
/// other namespace has, so that a search can skip looking its copies up.
@Suite struct UnsharedMarkTests {
    let fixture: StoreFixture
    private var database: Database { fixture.store.database }

    init() throws {
        fixture = try StoreFixture()
    }

    @discardableResult
    private func write(_ name: String, in folder: String, description: String = "Pitches tents.",
                       body: String = "# Tents\n\nPitch the tent with the door downwind.\n") throws -> String {
        try fixture.write("\(folder)/SKILL.md", SkillMarkdown.text(
            name: name, description: description, frontMatter: ["version: \"1.0\""], body: body))
        return fixture.temporary.path(folder)
    }

    /// Each version's mark, as `namespace/name@label`.
    private func marks() throws -> [String: Int] {
        var found: [String: Int] = [:]
        for row in try database.query("SELECT namespace, skill, label, unshared FROM versions") {
            found["\(row.string("namespace"))/\(row.string("skill"))@\(row.string("label"))"] = try row.int("unshared")
        }
        return found
    }

    @Test func aPublishMarksItsVersionsAndClearsTheMarksOfWhatTheyCopy() throws {
        try fixture.publish([try write("tent-pitch", in: "acme-tent"), try write("rope-knots", in: "knots",
            description: "Ties knots.", body: "# Knots\n\nTie a bowline.\n")], namespace: "acme")
        #expect(try marks() == ["acme/tent-pitch@1.0": 1, "acme/rope-knots@1.0": 1])
        // The same SKILL.md in another namespace: both are copies.
        try fixture.publish([try write("tent-pitch", in: "zeta-tent")], namespace: "zeta")
        #expect(try marks() == ["acme/tent-pitch@1.0": 0, "zeta/tent-pitch@1.0": 0, "acme/rope-knots@1.0": 1])
        // Another skill's name in another namespace, other bytes: the
        // search looks copies up by name, so both lose the mark.
        try fixture.publish([try write("rope-knots", in: "kilo-knots", description: "Knots for sailors.",
                                       body: "# Knots\n\nTie a clove hitch.\n")], namespace: "kilo")
        #expect(try marks()["acme/rope-knots@1.0"] == 0)
        #expect(try marks()["kilo/rope-knots@1.0"] == 0)
    }

    /// A skill's own versions sharing its SKILL.md are copies too (searching
    /// every version shows the first published); other bytes are not.
    @Test func aSecondVersionWithTheSameSkillMarkdownClearsTheMark() throws {
        let folder = try write("tent-pitch", in: "tent")
        try fixture.publish([folder], namespace: "acme")
        try fixture.write("tent/references/poles.md", "# Poles\n\nCarry two spare poles.\n")
        try fixture.publish([folder], namespace: "acme", version: "2.0")
        #expect(try marks() == ["acme/tent-pitch@1.0": 0, "acme/tent-pitch@2.0": 0])
        try write("rope-knots", in: "knots", description: "Ties knots.", body: "# Knots\n\nTie a bowline.\n")
        try fixture.publish([fixture.temporary.path("knots")], namespace: "acme")
        try write("rope-knots", in: "knots", description: "Ties knots.", body: "# Knots\n\nTie a reef knot.\n")
        try fixture.publish([fixture.temporary.path("knots")], namespace: "acme", version: "2.0")
        #expect(try marks()["acme/rope-knots@1.0"] == 1)
        #expect(try marks()["acme/rope-knots@2.0"] == 1)
    }

    /// A search kept to one namespace still lists a copy published later
    /// in another: the original's mark was cleared, so its copies are
    /// looked up (the copy itself is not a candidate there).
    @Test func aCopyPublishedLaterIsListedWithTheOriginal() throws {
        try fixture.publish([try write("tent-pitch", in: "acme-tent")], namespace: "acme")
        try fixture.publish([try write("tent-pitch", in: "zeta-tent")], namespace: "zeta")
        let found = try fixture.store.searchSkills(SearchRequest(query: "pitch the tent", namespace: "acme"))
        #expect(found.map(\.address) == ["acme/tent-pitch"])
        #expect(found.first?.alsoIn == ["zeta/tent-pitch"])
    }

    /// A store from before the column is given it, marked from what it holds.
    @Test func theMigrationMarksTheStoredVersions() throws {
        try fixture.publish([try write("tent-pitch", in: "acme-tent"), try write("rope-knots", in: "knots",
            description: "Ties knots.", body: "# Knots\n\nTie a bowline.\n")], namespace: "acme")
        try fixture.publish([try write("tent-pitch", in: "zeta-tent")], namespace: "zeta")
        let expected = try marks()
        try database.execute("ALTER TABLE versions DROP COLUMN unshared")
        try database.execute("DELETE FROM schema_migrations WHERE name = '0014_versions_unshared.sql'")
        let reopened = try SkillStore(path: fixture.databasePath)
        #expect(reopened.migrationsApplied == ["0014_versions_unshared.sql"])
        #expect(try marks() == expected)
        #expect(expected.values.sorted() == [0, 0, 1])
    }

    @Test func fsckReportsAMarkThatHidesACopy() throws {
        try fixture.publish([try write("tent-pitch", in: "acme-tent")], namespace: "acme")
        try fixture.publish([try write("tent-pitch", in: "zeta-tent")], namespace: "zeta")
        #expect(try fixture.store.checkIntegrity().problems.isEmpty)
        let asked = SearchRequest(query: "pitch the tent", namespace: "acme")
        #expect(try fixture.store.searchSkills(asked).first?.alsoIn == ["zeta/tent-pitch"])
        try database.execute("UPDATE versions SET unshared = 1 WHERE namespace = 'acme'")
        // What such a mark does: search trusts it and does not look the copy up.
        #expect(try fixture.store.searchSkills(asked).first?.alsoIn == [])
        let problems = try fixture.store.checkIntegrity().problems
        #expect(problems.map(\.subject) == ["acme/tent-pitch@1.0"])
        #expect(problems.first?.message.contains("marked as having no copy") == true)
    }
}
