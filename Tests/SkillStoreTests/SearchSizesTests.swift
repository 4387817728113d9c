import Testing
import TestSupport
@testable import SkillStore

/// `search_sizes` keeps the size of each row of the per-skill indexes
/// (the sum of its columns' sizes in FTS5's docsize tables), and the bm25
/// of those indexes (`skillstore_text_bm25`, `skillstore_lead_bm25`) reads
/// a row's size there, falling back to FTS5's where it is not recorded:
/// the same score either way.
@Suite struct SearchSizesTests {
    let fixture: StoreFixture

    init() throws {
        fixture = try StoreFixture()
        let skills = [
            ("pdf-forms", "Fill a PDF form with data from a table.", "# Fields\n\nFill every field of the form.\n"),
            ("commit-message", "Write a conventional commit message.", "# Commit\n\nName the type and scope.\n"),
            ("release-notes", "Write release notes from the commits of a release.", "# Notes\n\nOne line per commit message.\n"),
            ("form-builder", "Build web forms.", "# Forms\n\nA form posts its fields; fill them from data.\n"),
        ]
        for (name, description, body) in skills {
            _ = try fixture.write("skills/\(name)/SKILL.md", SkillMarkdown.text(
                name: name, description: description, frontMatter: ["version: \"1.0\""], body: body))
        }
        try fixture.publish([fixture.temporary.path("skills")])
    }

    private var database: Database { fixture.store.database }

    /// Each version's size in `index` as FTS5's docsize table holds it.
    private func docsizes(_ table: String) throws -> [Int: Int] {
        var sizes: [Int: Int] = [:]
        for row in try database.query("SELECT id, sz FROM \(table)_docsize") {
            sizes[try row.int("id")] = try #require(SearchSizesLayout.total(docsize: row.bytes("sz")))
        }
        return sizes
    }

    /// Each version's size in `index` as `search_sizes` holds it (0: not recorded).
    private func recorded(_ index: Int, versions: some Sequence<Int>) throws -> [Int: Int] {
        var sizes: [Int: Int] = [:]
        let width = SearchSizesLayout.width(index: index)
        for version in versions {
            let row = try database.queryFirst(
                "SELECT sizes FROM search_sizes WHERE id = ?", [.integer(SearchSizesLayout.row(index: index, version: version))])
            let bytes = row?.bytes("sizes") ?? []
            let offset = version % SearchSizesLayout.chunk * width
            sizes[version] = offset + width <= bytes.count
                ? (0..<width).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) } : 0
        }
        return sizes
    }

    /// Every row's score for `expression` by `function` over `table`.
    private func scores(_ function: String, _ table: String, _ weights: String, _ expression: String) throws -> [Int: Double] {
        try database.registerSearchFunctions()
        var scores: [Int: Double] = [:]
        for row in try database.query(
            "SELECT rowid AS id, \(function)(\(table), \(weights)) AS score FROM \(table) WHERE \(table) MATCH ?",
            [.text(expression)]) {
            scores[try row.int("id")] = try row.double("score")
        }
        return scores
    }

    /// Every chunk's bytes, by row.
    private func chunks() throws -> [Int: [UInt8]] {
        var chunks: [Int: [UInt8]] = [:]
        for row in try database.query("SELECT id, sizes FROM search_sizes") { chunks[try row.int("id")] = row.bytes("sizes") }
        return chunks
    }

    /// Sets every byte of every chunk to `byte`.
    private func fill(_ byte: UInt8) throws {
        for (id, bytes) in try chunks() {
            try database.query("UPDATE search_sizes SET sizes = ? WHERE id = ?",
                               [.blob([UInt8](repeating: byte, count: bytes.count)), .integer(Int64(id))])
        }
    }

    private let queries = ["\"form\"", "\"commit\" OR \"notes\"", "\"fill\" AND \"data\"", "\"release notes\"", "\"write\""]

    @Test func aPublishRecordsEachRowsSizeAsFTS5HoldsIt() throws {
        for (index, table) in SkillStore.sizedIndexes {
            let expected = try docsizes(table)
            #expect(expected.count == 4)
            #expect(expected.values.allSatisfy { $0 > 0 })
            #expect(try recorded(index, versions: expected.keys) == expected, "\(table)")
        }
    }

    @Test func bm25ReadsTheRecordedSizesAndScoresAsFTS5Sizes() throws {
        for (function, table, weights) in [
            ("skillstore_text_bm25", "skill_text", SkillStore.skillTextWeights),
            ("skillstore_lead_bm25", "skill_lead", SkillStore.leadWeights),
        ] {
            for query in queries {
                let expected = try scores("skillstore_bm25", table, weights, query)
                #expect(!expected.isEmpty, "\(query)")
                #expect(try scores(function, table, weights, query) == expected, "\(table): \(query)")
            }
        }
        // The sizes are read from the table: a wrong one gives another score...
        let recordedChunks = try chunks()
        #expect(!recordedChunks.isEmpty)
        try fill(3)
        #expect(try scores("skillstore_lead_bm25", "skill_lead", SkillStore.leadWeights, "\"form\"")
            != scores("skillstore_bm25", "skill_lead", SkillStore.leadWeights, "\"form\""))
        #expect(try scores("skillstore_text_bm25", "skill_text", SkillStore.skillTextWeights, "\"form\"")
            != scores("skillstore_bm25", "skill_text", SkillStore.skillTextWeights, "\"form\""))
        // ...while the widest value (a size too large to record) and a
        // missing chunk are read from FTS5.
        try fill(0xFF)
        for query in queries {
            #expect(try scores("skillstore_text_bm25", "skill_text", SkillStore.skillTextWeights, query)
                == scores("skillstore_bm25", "skill_text", SkillStore.skillTextWeights, query), "\(query)")
            #expect(try scores("skillstore_lead_bm25", "skill_lead", SkillStore.leadWeights, query)
                == scores("skillstore_bm25", "skill_lead", SkillStore.leadWeights, query), "\(query)")
        }
        try database.execute("DELETE FROM search_sizes")
        for query in queries {
            #expect(try scores("skillstore_lead_bm25", "skill_lead", SkillStore.leadWeights, query)
                == scores("skillstore_bm25", "skill_lead", SkillStore.leadWeights, query), "\(query)")
        }
        // Recorded again from FTS5's tables, as a store migrated to them is.
        try database.transaction { try fixture.store.recordSearchSizes(of: nil) }
        #expect(try chunks() == recordedChunks)
    }

    /// Versions on both sides of a chunk's end, in rows of their own.
    @Test func versionsPastAChunkAreRecordedInTheNextRow() throws {
        let chunk = SearchSizesLayout.chunk
        let versions = [chunk - 1, chunk, 3 * chunk + 5]
        for (offset, version) in versions.enumerated() {
            let words = Array(repeating: "glaze", count: offset + 1).joined(separator: " ")
            try database.query(
                "INSERT INTO skill_text (rowid, name, description, headings, rules, body, files, code) VALUES (?, 'kiln', ?, '', '', ?, '', '')",
                [.integer(Int64(version)), .text("Fires a glaze."), .text(words)])
            try database.query(
                "INSERT INTO skill_lead (rowid, name, description) VALUES (?, 'kiln', ?)", [.integer(Int64(version)), .text(words)])
        }
        try database.transaction { try fixture.store.recordSearchSizes(of: versions) }
        for (index, table) in SkillStore.sizedIndexes {
            let expected = try docsizes(table).filter { versions.contains($0.key) }
            #expect(try recorded(index, versions: versions) == expected, "\(table)")
            #expect(Set(versions.map { SearchSizesLayout.row(index: index, version: $0) }).count == 3)
        }
        #expect(try scores("skillstore_text_bm25", "skill_text", SkillStore.skillTextWeights, "\"glaze\"")
            == scores("skillstore_bm25", "skill_text", SkillStore.skillTextWeights, "\"glaze\""))
        #expect(try scores("skillstore_lead_bm25", "skill_lead", SkillStore.leadWeights, "\"glaze\"")
            == scores("skillstore_bm25", "skill_lead", SkillStore.leadWeights, "\"glaze\""))
        // Read from those rows: wrong sizes there give other scores.
        try fill(3)
        #expect(try scores("skillstore_text_bm25", "skill_text", SkillStore.skillTextWeights, "\"glaze\"")
            != scores("skillstore_bm25", "skill_text", SkillStore.skillTextWeights, "\"glaze\""))
        #expect(try scores("skillstore_lead_bm25", "skill_lead", SkillStore.leadWeights, "\"glaze\"")
            != scores("skillstore_bm25", "skill_lead", SkillStore.leadWeights, "\"glaze\""))
    }

    /// `fsck` compares the recorded sizes with FTS5's.
    @Test func fsckFindsASizeThatDiffersFromFTS5s() throws {
        #expect(try fixture.store.checkIntegrity().problems.isEmpty)
        try fill(0xFF)
        // The widest value is read from FTS5: not a difference.
        #expect(try fixture.store.checkIntegrity().problems.isEmpty)
        // Nor are sizes not recorded: 0, a short chunk, a missing one.
        try fill(0)
        #expect(try fixture.store.checkIntegrity().problems.isEmpty)
        try database.execute("UPDATE search_sizes SET sizes = substr(sizes, 1, 3)")
        #expect(try fixture.store.checkIntegrity().problems.isEmpty)
        try database.execute("DELETE FROM search_sizes")
        #expect(try fixture.store.checkIntegrity().problems.isEmpty)
        // `optimize` records them again; a wrong one is reported, under
        // the version it belongs to.
        _ = try fixture.store.optimizeSearchIndexes()
        #expect(try !chunks().isEmpty)
        try fill(3)
        let problems = try fixture.store.checkIntegrity().problems
        #expect(problems.count == 8, "\(problems)")
        #expect(problems.contains { $0.subject == "pdf-forms@1.0" && $0.message.contains("in skill_lead is recorded as 3 tokens") })
        #expect(problems.contains { $0.message.contains("in skill_text is recorded as 771 tokens for search, but FTS5 holds") })
        _ = try fixture.store.optimizeSearchIndexes()
        #expect(try fixture.store.checkIntegrity().problems.isEmpty)
    }

    @Test func extractingVersionsAgainRecordsTheirSizes() throws {
        try database.execute("DELETE FROM search_sizes")
        try database.execute("UPDATE versions SET graph_version = 0")
        try fixture.store.refreshGraphs()
        for (index, table) in SkillStore.sizedIndexes {
            let expected = try docsizes(table)
            #expect(expected.count == 4)
            #expect(try recorded(index, versions: expected.keys) == expected, "\(table)")
        }
    }

    /// A store from before the table gets it, with every stored version's
    /// sizes, in the migration's own transaction.
    @Test func theMigrationRecordsTheStoredVersionsSizes() throws {
        try database.execute("DROP TABLE search_sizes")
        try database.execute("DELETE FROM schema_migrations WHERE name = '0013_search_sizes.sql'")
        let reopened = try SkillStore(path: fixture.databasePath)
        #expect(reopened.migrationsApplied == ["0013_search_sizes.sql"])
        for (index, table) in SkillStore.sizedIndexes {
            let expected = try docsizes(table)
            #expect(expected.count == 4)
            #expect(try recorded(index, versions: expected.keys) == expected, "\(table)")
        }
    }

    /// A follow-up that fails takes its migration with it.
    @Test func aMigrationsFollowUpIsPartOfItsTransaction() throws {
        let database = try Database(path: ":memory:")
        struct Refused: Error {}
        let migrator = Migrator(
            migrations: [("0001_table.sql", "CREATE TABLE kept (a INTEGER)")],
            followUps: ["0001_table.sql": { try $0.execute("INSERT INTO kept VALUES (1)"); throw Refused() }])
        #expect(throws: Refused.self) { try migrator.migrate(database) }
        #expect(try database.queryFirst("SELECT 1 AS found FROM sqlite_master WHERE name = 'kept'") == nil)
        #expect(try migrator.pending(in: database) == ["0001_table.sql"])
    }
}
