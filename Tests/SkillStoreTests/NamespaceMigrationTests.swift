import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// Migration 0005 on a database written by the release before namespaces:
/// every skill moves into the default namespace with its ids, versions and
/// sequence numbers, search still finds it, and old tokens still publish there.
@Suite struct NamespaceMigrationTests {
    static let namespacesMigration = "0005_namespaces.sql"

    /// A database in the schema of the previous release (migrations before
    /// 0005), holding what that release's publish wrote: the rows of a store
    /// published by this release, copied column by column into the old
    /// tables (the namespace and yank columns have no place there), and a
    /// token made the old way.
    final class OldDatabase {
        let folder: TemporaryFolder
        let path: String
        let secret = "sks_" + String(repeating: "5a", count: 32)
        /// What the old tables held, per version: seq, skill, label, SKILL.md id, manifest id.
        let versions: [[String]]
        /// Each skill's latest sequence number.
        let latest: [String: Int]

        init() throws {
            let source = try StoreFixture()
            try source.publish([try source.skill("oven-spring", version: "1.0", body: "# Oven\n\nUse the hinge shim.\n")])
            try source.write("oven-spring/references/gaps.md", "# Gaps\n\nTable of gaps.\n")
            try source.publish([try source.skill("oven-spring", version: "2.0", body: "# Oven\n\nUse the torsion clip.\n")])
            try source.publish([try source.skill("dough-fold", version: "0.3", body: "# Dough\n\n## Rules\n\nR1. Fold every 30 minutes.\n")])
            folder = source.temporary
            path = folder.path("old.db")

            let old = try Database(path: path)
            let previous = embeddedMigrations.filter { $0.name < NamespaceMigrationTests.namespacesMigration }
            #expect(previous.count == 4)
            try Migrator(migrations: previous).migrate(old)
            try old.execute("ATTACH DATABASE '\(source.databasePath)' AS current")
            let tables = try old.query("""
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('schema_migrations', 'sqlite_sequence', 'label_words')
                    AND name NOT LIKE 'search_%' ORDER BY name
                """).map { $0.string("name") }
            try old.execute("BEGIN")
            // Tables are copied by name, not in the order their keys point.
            try old.execute("PRAGMA defer_foreign_keys = ON")
            for table in tables {
                let oldColumns = try old.query("SELECT name FROM pragma_table_info(?, 'main')", [.text(table)]).map { $0.string("name") }
                let currentColumns = Set(try old.query("SELECT name FROM pragma_table_info(?, 'current')", [.text(table)]).map { $0.string("name") })
                var columns = oldColumns.filter(currentColumns.contains)
                if table == "search" { columns.insert("rowid", at: 0) }
                let list = columns.joined(separator: ", ")
                try old.execute("INSERT INTO main.\(table) (\(list)) SELECT \(list) FROM current.\(table)")
            }
            try old.query(
                "INSERT INTO tokens (name, hash, scope, created_at) VALUES ('old-ci', ?, '*', '2026-01-01T00:00:00Z')",
                [.text(BlobDigest(of: Array(secret.utf8)).hex)])
            try old.execute("COMMIT")
            try old.execute("DETACH DATABASE current")
            #expect(try old.query("SELECT name FROM pragma_table_info('versions')").allSatisfy { $0.string("name") != "namespace" })
            versions = try old.query("SELECT seq, skill, label, skill_blob, manifest_blob FROM versions ORDER BY seq").map {
                [String(try $0.int("seq")), $0.string("skill"), $0.string("label"), $0.string("skill_blob"), $0.string("manifest_blob")]
            }
            latest = Dictionary(uniqueKeysWithValues: try old.query("SELECT name, latest FROM skills").map {
                ($0.string("name"), try $0.int("latest"))
            })
        }
    }

    @Test func everySkillMovesIntoTheDefaultNamespaceWithItsIdsAndSequences() throws {
        let old = try OldDatabase()
        #expect(old.versions.count == 3)
        let store = try SkillStore(path: old.path)
        #expect(store.migrationsApplied.first == Self.namespacesMigration)

        #expect(try store.skills().map(\.key) == [SkillKey("dough-fold"), SkillKey("oven-spring")])
        for row in old.versions {
            let version = try store.version(of: SkillKey(row[1]), label: row[2])
            #expect(version.namespace == "default")
            #expect(version.sequence == Int(row[0]))
            #expect(version.id.hex == row[3] && version.manifest.hex == row[4])
            #expect(version.yank == nil)
        }
        for (name, sequence) in old.latest {
            #expect(try store.version(try SkillAddress(parsing: name)).sequence == sequence)
        }
        #expect(try store.versions(of: "oven-spring").map(\.label) == ["2.0", "1.0"])
        #expect(try store.version(of: "oven-spring", label: "2.0").files.map(\.path) == ["SKILL.md", "references/gaps.md"])
        #expect(try store.namespaces().map(\.name) == ["default"])
    }

    @Test func theMigratedDatabaseIsConsistent() throws {
        let old = try OldDatabase()
        let store = try SkillStore(path: old.path)
        #expect(try store.database.query("PRAGMA foreign_key_check").isEmpty)
        #expect(try store.database.queryFirst("PRAGMA integrity_check")?.string("integrity_check") == "ok")
        #expect(try store.appliedMigrations().contains(Self.namespacesMigration))
        // Opening again applies nothing more.
        #expect(try SkillStore(path: old.path).migrationsApplied.isEmpty)
    }

    @Test func searchStillFindsTheMigratedSkills() throws {
        let old = try OldDatabase()
        let store = try SkillStore(path: old.path)
        let hits = try store.search(SearchRequest(query: "torsion clip"))
        #expect(hits.first?.address.hasPrefix("oven-spring") == true)
        #expect(hits.first?.namespace == "default" && hits.first?.version == "2.0")
        #expect(try store.search(SearchRequest(query: "dough fold", kind: .skill)).map(\.address) == ["dough-fold"])
        #expect(try store.search(SearchRequest(query: "hinge shim")).isEmpty)
        #expect(try !store.search(SearchRequest(query: "hinge shim", allVersions: true)).isEmpty)
    }

    @Test func anOldTokenStillPublishesIntoTheDefaultNamespaceOnly() throws {
        let old = try OldDatabase()
        let store = try SkillStore(path: old.path)
        let token = try #require(try store.token(forSecret: old.secret))
        #expect(token.name == "old-ci" && token.namespace == "default" && token.scope == "*")
        #expect(token.allows(SkillKey("oven-spring")))
        #expect(!token.allows(SkillKey(namespace: "acme", name: "oven-spring")))
    }

    @Test func theMigratedStoreTakesNewVersionsAndNamespaces() throws {
        let old = try OldDatabase()
        let store = try SkillStore(path: old.path)
        let highest = old.versions.compactMap { Int($0[0]) }.max() ?? 0
        let pack = try TemporaryFolder()
        try pack.write("oven-spring/SKILL.md", SkillMarkdown.minimal("oven-spring", version: "3.0"))
        try pack.write("acme/oven-spring/SKILL.md", SkillMarkdown.minimal("oven-spring", version: "1.0", body: "# Acme\n\nOther.\n"))
        var options = PublishOptions()
        options.publisher = "tester"
        try store.publish(try SkillSource.discover([pack.path("oven-spring")]), options: options)
        let newest = try store.version(of: "oven-spring")
        #expect(newest.label == "3.0" && newest.sequence > highest)
        try store.publish(try SkillSource.discover([pack.path("acme/oven-spring")], namespace: "acme"), options: options)
        #expect(throws: AmbiguousSkillName.self) { try store.version(try SkillAddress(parsing: "oven-spring")) }
        try store.yank("oven-spring", label: "3.0", reason: "test", by: "tester")
        #expect(try store.version(of: "oven-spring").label == "2.0")
    }
}
