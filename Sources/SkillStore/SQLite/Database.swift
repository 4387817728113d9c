import CSQLite
import Foundation

/// One SQLite connection. Not `Sendable`: a connection must be used by one
/// thread at a time, and this class does no locking of its own.
final class Database {
    let handle: OpaquePointer
    private var statementCache: [StatementKey: Statement] = Dictionary(minimumCapacity: 64)
    let path: String

    /// Opens (creating if needed) the database at `path`, in WAL mode so that
    /// readers never wait for a publish. `vet`, when given, reads the file
    /// through this connection before anything can be written to it (WAL
    /// mode rewrites a file's header) and may refuse it by throwing.
    init(path: String, readOnly: Bool = false, vet: ((Database) throws -> Void)? = nil) throws {
        _ = Self.configureSQLite
        var db: OpaquePointer?
        let flags = readOnly
            ? SQLITE_OPEN_READONLY
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let rc = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw SQLiteError(code: rc, message: message, sql: nil)
        }
        handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Self.busyTimeout)
        try vet?(self)
        if !readOnly {
            // Takes effect only when the file is created (before WAL mode
            // writes its header). 8 KB: a command that searches reads pages
            // scattered over the file (a candidate's version row, a word's
            // index leaf, which FTS5 writes in blocks of about 4 KB) and
            // copies each whole page from the file system's cache: at
            // 100,000 skills a command took 0.7 to 2 ms less with 8 KB pages
            // than with 32 KB in two runs. Publishing, which now spends its
            // time indexing, measured the same with 8 and 32 KB pages and 6%
            // slower with 4 KB (docs/benchmarks.md, "Seventh pass").
            try execute("PRAGMA page_size = \(Self.pageSize)")
            try execute("PRAGMA journal_mode = WAL")
            // In WAL mode NORMAL keeps every commit atomic and the database
            // uncorrupted on a crash; it only syncs less often.
            try execute("PRAGMA synchronous = NORMAL")
            // A publish is one transaction; with SQLite's default 2 MB cache a
            // large one spills pages to the WAL and rewrites them again and
            // again. 128 MB keeps a 20,000-skill publish in memory.
            try execute("PRAGMA cache_size = -131072")
        }
        try execute("PRAGMA foreign_keys = ON")
    }

    /// Process-wide settings, made once before the first connection opens.
    private static let configureSQLite: Void = {
        _ = skillstore_sqlite_stop_counting_memory()
    }()

    /// The page size of a store this class creates.
    static let pageSize = 8192

    /// Gives SQLite's page cache `megabytes` of memory in 2 MB huge pages,
    /// for pages of up to `pageSize` bytes (`skillstore_sqlite_huge_page_cache`
    /// says what that buys and what it costs). Only before the process's
    /// first connection opens, with no other thread using SQLite; false,
    /// changing nothing, when it is too late or the kernel gives no huge
    /// pages.
    static func reserveHugePageCache(megabytes: Int) -> Bool {
        skillstore_sqlite_huge_page_cache(megabytes << 20, Int32(pageSize)) > 0
    }

    /// Whether the kernel gives this process transparent huge pages for
    /// memory that asks for them (what `reserveHugePageCache` needs).
    static var transparentHugePagesUsable: Bool { skillstore_transparent_huge_pages_usable() == 1 }

    /// How many pages of `reserveHugePageCache`'s memory hold a page now.
    static var hugePageCacheSlotsInUse: Int { Int(skillstore_sqlite_page_cache_slots_in_use()) }

    /// The page size and user version (`PRAGMA user_version`) in the header
    /// of the SQLite file at `path`, read without SQLite, so before it
    /// starts; nil when the file cannot be read or is not an SQLite
    /// database. In WAL mode the header is the one last checkpointed.
    static func header(ofFileAt path: String) -> (pageSize: Int, userVersion: Int)? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: 100)
        guard pread(file, &bytes, bytes.count, 0) == bytes.count, Array(bytes[0..<16]) == Self.magic else { return nil }
        // Big-endian: the page size at 16 (1 stands for 65,536), the user version at 60.
        let size = Int(bytes[16]) << 8 | Int(bytes[17])
        let version = UInt32(bytes[60]) << 24 | UInt32(bytes[61]) << 16 | UInt32(bytes[62]) << 8 | UInt32(bytes[63])
        return (size == 1 ? 65_536 : size, Int(Int32(bitPattern: version)))
    }

    /// The first 16 bytes of every SQLite database file.
    private static let magic = Array("SQLite format 3\0".utf8)

    /// Runs `sql` if the database is not locked by a writer now, without
    /// waiting for it (the busy timeout); false when it was locked.
    func executeWithoutWaiting(_ sql: String) throws -> Bool {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, Self.busyTimeout) }
        do {
            try execute(sql)
            return true
        } catch let error as SQLiteError where error.isBusy {
            return false
        }
    }

    /// How long a statement waits for another connection's write lock, in ms.
    static let busyTimeout: Int32 = 5_000

    deinit {
        // Finalize every statement before the connection closes.
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw SQLiteError(code: rc, message: message, sql: sql)
        }
    }

    /// A prepared statement, cached by its SQL text and reset for reuse.
    func statement(_ sql: String) throws -> Statement {
        let key = StatementKey(sql: sql)
        if let cached = statementCache[key] {
            cached.reset()
            return cached
        }
        let statement = try Statement(database: self, sql: sql)
        statementCache[key] = statement
        return statement
    }

    /// The statement cache's key: SQL text, equal when its bytes are (as
    /// SQLite reads it; String's `==` would also equate texts that are
    /// only canonically equivalent), hashed on its length and every
    /// seventh byte. A search looks a statement up about 400 times, and
    /// hashing every byte of texts of a few hundred bytes each was half a
    /// million instructions; texts that hash alike are told apart by
    /// comparing them.
    private struct StatementKey: Hashable {
        let sql: String

        static func == (left: StatementKey, right: StatementKey) -> Bool {
            var (first, second) = (left.sql, right.sql)
            return first.withUTF8 { one in
                second.withUTF8 { other in
                    one.count == other.count && (one.isEmpty || memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0)
                }
            }
        }

        func hash(into hasher: inout Hasher) {
            var sql = sql
            sql.withUTF8 { bytes in
                var sample = UInt64(bytes.count)
                for index in stride(from: 0, to: bytes.count, by: 7) { sample = sample &* 31 &+ UInt64(bytes[index]) }
                hasher.combine(sample)
            }
        }
    }

    /// How many statements this connection keeps prepared: as many as the
    /// texts of SQL it has run, which must not grow with the values a
    /// caller computes (those are bound, not written into the text).
    var preparedStatementCount: Int { statementCache.count }

    /// Runs `sql` with `arguments`, returning every row.
    @discardableResult
    func query(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        let statement = try statement(sql)
        try statement.bind(arguments)
        var rows: [Row] = []
        while let row = try statement.step() { rows.append(row) }
        return rows
    }

    /// Runs `sql` with `arguments`, returning the first column of every row
    /// as a whole number (as `Row.int` reads it) without building a `Row`
    /// for each: for the thousands of row ids a search walks.
    func wholeNumbers(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Int] {
        try eachRow(sql, arguments) { try $0.wholeNumber(at: 0) }
    }

    /// Runs `sql` with `arguments`, returning the first two columns of every
    /// row as whole numbers (a row id and a count), as `wholeNumbers` does.
    func wholeNumberPairs(_ sql: String, _ arguments: [SQLValue] = []) throws -> [(Int, Int)] {
        try eachRow(sql, arguments) { (try $0.wholeNumber(at: 0), try $0.wholeNumber(at: 1)) }
    }

    /// Runs `sql` with `arguments`, returning the first two columns of every
    /// row, a whole number and a number (a row id and its score), as
    /// `wholeNumbers` does.
    func scoredNumbers(_ sql: String, _ arguments: [SQLValue] = []) throws -> [(id: Int, score: Double)] {
        try eachRow(sql, arguments) { (id: try $0.wholeNumber(at: 0), score: try $0.number(at: 1)) }
    }

    /// What `read` makes of each row `sql` returns, read in place.
    func eachRow<Value>(
        _ sql: String, _ arguments: [SQLValue], _ read: (Statement) throws -> Value
    ) throws -> [Value] {
        let statement = try statement(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        var values: [Value] = []
        while try statement.advance() { values.append(try read(statement)) }
        return values
    }

    /// Runs `sql` with `arguments`, returning the first row if any.
    func queryFirst(_ sql: String, _ arguments: [SQLValue] = []) throws -> Row? {
        let statement = try statement(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        return try statement.step()
    }

    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`; any thrown error rolls
    /// the whole transaction back, so its writes land together or not at all.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try run(body, in: "BEGIN IMMEDIATE")
    }

    /// Runs `body` as one read transaction (`BEGIN ... COMMIT`): its
    /// statements all read the same state of the store, and the store's
    /// locks and files are checked once instead of once per statement (a
    /// search runs dozens). Inside a transaction already, runs in that one.
    func read<T>(_ body: () throws -> T) throws -> T {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        return try run(body, in: "BEGIN")
    }

    /// `body` between `begin` and COMMIT, rolled back on any thrown error.
    private func run<T>(_ body: () throws -> T, in begin: String) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Registers FTS5's auxiliary functions (C, in CSQLite's shim), once per
    /// connection: `skillstore_columns(table)`, the columns of a row any of
    /// the query's phrases matches in, as a bit mask (bit i for column i);
    /// `skillstore_bm25(table, weights..., counts...)`, FTS5's bm25 with
    /// the number of rows holding each phrase given where known; and
    /// `skillstore_text_bm25` and `skillstore_lead_bm25`, the same for
    /// `skill_text` and `skill_lead` reading each row's size from
    /// `search_sizes` (`SearchSizesLayout`).
    func registerSearchFunctions() throws {
        guard !searchFunctionsRegistered else { return }
        try check(skillstore_register_fts5_functions(handle), sql: nil)
        searchFunctionsRegistered = true
    }

    private var searchFunctionsRegistered = false

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes(handle)) }
    /// Rows this connection has changed since it opened, temporary tables included.
    var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func check(_ rc: Int32, sql: String?) throws {
        guard rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE else {
            throw SQLiteError(code: rc, message: lastErrorMessage, sql: sql)
        }
    }
}

/// How `search_sizes` (migrations/0013_search_sizes.sql) lays out the row
/// sizes of the per-skill indexes, as the bm25 of CSQLite's shim reads them.
enum SearchSizesLayout {
    /// Versions whose sizes one row holds.
    static let chunk = Int(SKILLSTORE_SIZES_CHUNK)

    /// Bytes of one size in `index` (0 `skill_text`, 1 `skill_lead`).
    static func width(index: Int) -> Int { Int(skillstore_sizes_width(Int32(index))) }

    /// The row holding `version`'s size in `index`.
    static func row(index: Int, version: Int) -> Int64 { skillstore_sizes_row(Int32(index), Int64(version)) }

    /// The widest size `index` records, which stands for "at least" (bm25
    /// reads those from FTS5).
    static func widest(index: Int) -> Int { Int(skillstore_sizes_widest(Int32(index))) }

    /// The size recorded for `version` in its row of `index`: 0 when the
    /// row does not reach it.
    static func size(of version: Int, index: Int, in sizes: [UInt8]) -> Int {
        sizes.withUnsafeBytes { size(of: version, index: index, in: $0) }
    }

    /// The same, of a row's bytes in place.
    static func size(of version: Int, index: Int, in sizes: UnsafeRawBufferPointer) -> Int {
        Int(skillstore_sizes_get(sizes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(sizes.count), Int32(index), Int64(version)))
    }

    /// Writes `size` for `version` into its row of `index` (the widest
    /// value when it is larger).
    static func record(_ size: Int, of version: Int, index: Int, in sizes: inout [UInt8]) {
        sizes.withUnsafeMutableBufferPointer {
            skillstore_sizes_set($0.baseAddress, Int32($0.count), Int32(index), Int64(version), Int64(size))
        }
    }

    /// The sum of the column sizes an FTS5 `%_docsize` blob holds; nil when
    /// it is not such a blob.
    static func total(docsize: [UInt8]) -> Int? {
        let total = docsize.withUnsafeBufferPointer { skillstore_docsize_total($0.baseAddress, Int32($0.count)) }
        return total < 0 ? nil : Int(total)
    }
}

/// bm25 as CSQLite's `skillstore_bm25` computes it, for a score SkillStore
/// finishes itself: the same functions, so the same values to the bit.
enum SearchBM25 {
    /// The count of rows that gives a phrase an idf of 1: each row's score
    /// is then the phrase's frequency part alone.
    static let idfOne = Int(SKILLSTORE_BM25_IDF_ONE)

    /// The idf of a phrase that `hits` of an index's `rows` rows hold.
    static func idf(rows: Int, hits: Int) -> Double { skillstore_bm25_idf(Int64(rows), Int64(hits)) }

    /// The number of rows an FTS5 index holds, as bm25 counts them, from
    /// its averages record (its `%_data` row 1); nil when it is not one.
    static func rows(averages: [UInt8]) -> Int? {
        let rows = averages.withUnsafeBufferPointer { skillstore_averages_rows($0.baseAddress, Int32($0.count)) }
        return rows < 0 ? nil : Int(rows)
    }
}

