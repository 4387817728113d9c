import Foundation

/// Applies the numbered SQL files of `migrations/` (embedded in the binary at
/// build time) in name order. Each runs once, in its own `BEGIN IMMEDIATE`
/// transaction, and is recorded in `schema_migrations` by name.
struct Migrator {
    let migrations: [(name: String, sql: String)]
    /// Work a migration needs done in Swift (what its SQL cannot compute),
    /// by the migration's name: run in the migration's own transaction,
    /// after its SQL, so that it is applied whole or not at all.
    let followUps: [String: (Database) throws -> Void]

    init(
        migrations: [(name: String, sql: String)] = embeddedMigrations,
        followUps: [String: (Database) throws -> Void] = [:]
    ) {
        self.migrations = migrations.sorted { $0.name < $1.name }
        self.followUps = followUps
    }

    /// Names of migrations not yet applied to `database`.
    func pending(in database: Database) throws -> [String] {
        let applied = try appliedNames(in: database)
        return migrations.map(\.name).filter { !applied.contains($0) }
    }

    /// Applies every pending migration; returns the names applied.
    @discardableResult
    func migrate(_ database: Database) throws -> [String] {
        // Most opens find every migration applied: one read says so, where a
        // write transaction per migration cost each short command its lock.
        let alreadyApplied = try appliedNames(in: database)
        try refuseNewer(database, applied: alreadyApplied)
        guard migrations.contains(where: { !alreadyApplied.contains($0.name) }) else { return [] }
        try database.execute("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                name       TEXT PRIMARY KEY NOT NULL,
                applied_at TEXT NOT NULL
            )
            """)
        var applied: [String] = []
        for migration in migrations where !alreadyApplied.contains(migration.name) {
            // A migration that builds a table again under a new name and
            // renames it over the old one (SQLite cannot change a key in
            // place) runs with foreign keys off, as SQLite's documented
            // procedure asks, and checks them all before it commits. The
            // pragma has no effect inside a transaction, so it is set outside.
            let rebuildsTables = migration.sql.hasPrefix(Self.rebuildsTablesMarker)
            if rebuildsTables { try database.execute("PRAGMA foreign_keys = OFF") }
            defer { if rebuildsTables { try? database.execute("PRAGMA foreign_keys = ON") } }
            try database.transaction {
                // Checked inside the transaction: another process may have
                // applied it while we waited for the write lock.
                try refuseNewer(database, applied: try appliedNames(in: database))
                let done = try database.queryFirst(
                    "SELECT 1 AS done FROM schema_migrations WHERE name = ?", [.text(migration.name)])
                guard done == nil else { return }
                try database.execute(migration.sql)
                try followUps[migration.name]?(database)
                if rebuildsTables, let violation = try database.queryFirst("PRAGMA foreign_key_check") {
                    throw SkillStoreError.corrupt(
                        "migration \(migration.name) left a row of \(violation.string("table")) pointing at a missing "
                            + "\(violation.string("parent")) row; nothing was changed")
                }
                try database.query(
                    "INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)",
                    [.text(migration.name), .text(Timestamp.now())])
                applied.append(migration.name)
            }
        }
        return applied
    }

    /// Refuses a store a newer binary migrated (`applied` holds a migration
    /// this one does not carry), for reading too: this binary cannot know
    /// what the newer schema means (since 0011 the publish, not a trigger,
    /// marks a skill's second version, which an older writer would not do).
    /// Checked on opening, again inside each migration's transaction (a
    /// newer binary may migrate meanwhile), and by each publish, since a
    /// server keeps its connections open. Binaries built before this check
    /// do not make it.
    func refuseNewer(_ database: Database, applied: Set<String>? = nil) throws {
        let unknown = try (applied ?? appliedNames(in: database)).subtracting(migrations.map(\.name))
        guard unknown.isEmpty else {
            throw SkillStoreError.newerStore(path: database.path, unknownMigrations: unknown.sorted())
        }
    }

    /// The first line of a migration that rebuilds tables.
    static let rebuildsTablesMarker = "-- rebuilds tables"

    private func appliedNames(in database: Database) throws -> Set<String> {
        let exists = try database.queryFirst(
            "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
        guard exists != nil else { return [] }
        return Set(try database.query("SELECT name FROM schema_migrations").map { $0.string("name") })
    }
}
