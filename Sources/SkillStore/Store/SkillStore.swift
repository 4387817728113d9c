import Foundation

/// The store: content-addressed blobs, skills and their immutable versions in
/// one SQLite database. Not `Sendable`: it owns one connection.
public final class SkillStore {
    let database: Database
    /// Whether this open created the database file.
    public let created: Bool
    /// The migrations this open applied (all of them for a new database).
    public let migrationsApplied: [String]
    /// Whether this connection has created the temporary tables search uses.
    var searchScratchReady = false
    /// Whether this connection keeps its temporary tables in memory.
    var temporaryTablesInMemory = false
    /// The search index's tokenizer on this connection, made on first use.
    var searchTextTokenizer: TextTokenizer?
    /// The store's counts as the last search saw them, while unchanged.
    var searchCorpusFacts: SearchCorpusFacts?
    /// For tests: a search by skill looks where each word is for every
    /// candidate before ranking, instead of for those that could be shown
    /// (`searchSkills`); the answer must be the same either way.
    var lookUpEveryCandidate = false
    /// For tests: false makes a search by skill look every candidate's
    /// words up in the index, small rows too, instead of reading small
    /// rows (`columnsInText`); the answer must be the same either way.
    var readWordsInText = true
    /// For tests: a tier with a bound is scored as it is walked, newest
    /// first, up to its bound, instead of walked without scores first or
    /// oldest first (`skillCandidates`); the answer must be the same
    /// either way.
    var scoreBroadTiersWhileWalking = false

    deinit {
        // The tokenizer belongs to the connection: gone before it closes.
        searchTextTokenizer = nil
    }

    /// Opens the database at `path`, applying any pending migration. With
    /// `create: false` a missing file is `SkillStoreError.databaseMissing`.
    public init(path: String, create: Bool = true) throws {
        let exists = FileManager.default.fileExists(atPath: path)
        if !create && !exists {
            throw SkillStoreError.databaseMissing(path: path)
        }
        created = !exists
        var isFolder: ObjCBool = false
        if exists, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw SkillStoreError.notASkillStore(path: path, reason: "it is a folder")
        }
        if create {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }
        // One connection: a second one only to look at the file first made
        // every command parse the schema twice.
        database = try Database(path: path, vet: exists ? { try SkillStore.requireSkillStore($0) } : nil)
        migrationsApplied = try Migrator(followUps: [
            // The sizes of the versions stored before it, with the table.
            "0013_search_sizes.sql": { try SkillStore.recordSearchSizes(of: nil, in: $0) },
        ]).migrate(database)
        try refreshGraphs()
        if migrationsApplied.contains(where: { $0.hasPrefix("0003_") }) { try indexStoredSources() }
        markSettled()
    }

    /// Refuses, before anything is written to it, a file that is not a
    /// SkillStore database: SkillStore never adopts another program's data.
    private static func requireSkillStore(_ database: Database) throws {
        let path = database.path
        let tables: [String]
        do {
            tables = try database.query("SELECT name FROM sqlite_master WHERE type = 'table'").map { $0.string("name") }
        } catch let error as SQLiteError {
            throw SkillStoreError.notASkillStore(path: path, reason: error.message)
        }
        if !tables.isEmpty && !tables.contains("schema_migrations") {
            throw SkillStoreError.notASkillStore(path: path, reason: "it holds other tables and no SkillStore schema")
        }
    }

    /// Names of the migrations this binary carries, in order.
    static var migrationNames: [String] { Migrator().migrations.map(\.name) }

    /// Names of the migrations applied to this database.
    public func appliedMigrations() throws -> [String] {
        try database.query("SELECT name FROM schema_migrations ORDER BY name").map { $0.string("name") }
    }
}

extension SkillStore {
    /// Caps this connection's page cache. A server holds one connection per
    /// thread and mostly reads, where the 128 MB a publish wants would add
    /// up to more memory than the whole server should use.
    public func limitPageCache(megabytes: Int) throws {
        try database.execute("PRAGMA cache_size = -\(max(1, megabytes) * 1024)")
    }

    /// The page cache, in megabytes, for a process that opens the store at
    /// `path`, reads it once and exits (a command): 2 MB in one huge page,
    /// which the kernel faults in at once as SQLite starts; else 1 MB, each
    /// page of which is fresh memory faulted in 4 KB at a time, cheaper to
    /// read a page again into than to grow. At 100,000 skills a search took
    /// 1 ms less over start-up with the huge page (docs/benchmarks.md,
    /// "Fifteenth pass").
    ///
    /// Reserves the memory for the whole process, so it must come before
    /// the process opens any store, while no other thread uses one. 2 MB
    /// only when the kernel has huge pages, the store's pages are the size
    /// this build makes (8 KB), and its header says nothing is left to
    /// upgrade (`settledMark`): SQLite stops growing every page cache of the
    /// process once this memory is nearly full, and rewriting the store's
    /// tables through it would spill to the log.
    public static func reserveCommandPageCache(forStoreAt path: String) -> Int {
        isSettled(storeAt: path) && hugePageCacheReserved ? 2 : 1
    }

    /// Whether the header of the file at `path` shows a store with this
    /// build's page size (`Database.pageSize`) and its `settledMark`.
    static func isSettled(storeAt path: String) -> Bool {
        guard let header = Database.header(ofFileAt: path) else { return false }
        return header.pageSize == Database.pageSize && header.userVersion == settledMark
    }

    /// Whether the process's first ask reserved the memory (later ones,
    /// after SQLite has started, could not).
    private static let hugePageCacheReserved = Database.reserveHugePageCache(megabytes: 2)

    /// The user version (`PRAGMA user_version`) of a store in which this
    /// build has nothing left to upgrade: every migration it knows applied,
    /// every version's graph extracted by its rules (`graphVersion`).
    static let settledMark = embeddedMigrations.count * 1_000 + graphVersion

    /// Writes `settledMark` into the store's header once this open has
    /// upgraded what it had to, so that a command can tell before SQLite
    /// starts that opening the store will not rewrite it. Left to a later
    /// open when another connection is writing; never written where the
    /// file cannot be (the failure is quiet: the mark only saves time).
    /// In WAL mode the write reaches the file's header at a checkpoint,
    /// asked for at once (`PASSIVE`: it neither waits nor blocks, and
    /// copies what no reader still needs) rather than left to the close of
    /// the store's last connection, which a server may hold open for days.
    func markSettled() {
        guard (try? database.queryFirst("PRAGMA user_version")?.int("user_version")) != Self.settledMark,
              (try? database.executeWithoutWaiting("PRAGMA user_version = \(Self.settledMark)")) == true
        else { return }
        try? database.execute("PRAGMA wal_checkpoint(PASSIVE)")
    }
}
