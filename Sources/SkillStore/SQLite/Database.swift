import CSQLite
import Foundation

/// An error reported by SQLite: its result code, its message, and the SQL
/// that produced it.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let message: String
    public let sql: String?

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql.prefix(200)))" }
        return text
    }

    /// True when another connection holds the write lock.
    public var isBusy: Bool { code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED }
}

/// A value that can be bound to a statement parameter.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// What the value is, for messages: its type, and a short text as is.
    var summary: String {
        switch self {
        case .null: "NULL"
        case .integer(let number): "the integer \(number)"
        case .real(let number): "the real \(number)"
        case .text(let text): "the text '\(text.prefix(40))'"
        case .blob(let bytes): "a blob of \(bytes.count) bytes"
        }
    }
}

/// One SQLite connection. Not `Sendable`: a connection must be used by one
/// thread at a time, and this class does no locking of its own.
public final class Database {
    fileprivate let handle: OpaquePointer
    private var statementCache: [String: Statement] = [:]
    public let path: String

    /// Opens (creating if needed) the database at `path`, in WAL mode so that
    /// readers never wait for a publish.
    public init(path: String, readOnly: Bool = false) throws {
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
        sqlite3_busy_timeout(db, 5_000)
        if !readOnly {
            // Takes effect only when the file is created (before WAL mode
            // writes its header). Most blobs are 1 to 20 KB: with 32 KB pages
            // one fits a page rather than a chain of overflow pages, and a
            // bulk publish makes 8x fewer WAL writes (sys time 5 s to 3.3 s,
            // wall time 8% less at 20,000 skills; docs/benchmarks.md).
            try execute("PRAGMA page_size = 32768")
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

    deinit {
        // Finalize every statement before the connection closes.
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw SQLiteError(code: rc, message: message, sql: sql)
        }
    }

    /// A prepared statement, cached by its SQL text and reset for reuse.
    public func statement(_ sql: String) throws -> Statement {
        if let cached = statementCache[sql] {
            cached.reset()
            return cached
        }
        let statement = try Statement(database: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs `sql` with `arguments`, returning every row.
    @discardableResult
    public func query(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        let statement = try statement(sql)
        try statement.bind(arguments)
        var rows: [Row] = []
        while let row = try statement.step() { rows.append(row) }
        return rows
    }

    /// Runs `sql` with `arguments`, returning the first row if any.
    public func queryFirst(_ sql: String, _ arguments: [SQLValue] = []) throws -> Row? {
        let statement = try statement(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        return try statement.step()
    }

    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`; any thrown error rolls
    /// the whole transaction back, so its writes land together or not at all.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }

    fileprivate var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    fileprivate func check(_ rc: Int32, sql: String?) throws {
        guard rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE else {
            throw SQLiteError(code: rc, message: lastErrorMessage, sql: sql)
        }
    }
}

/// A prepared statement. Owned by its `Database` and, like it, not `Sendable`.
public final class Statement {
    private let handle: OpaquePointer
    // The database owns its statements and finalizes them before it closes,
    // so a statement never outlives it.
    private unowned(unsafe) let database: Database
    public let sql: String
    private lazy var columnIndexes: [String: Int32] = {
        var map: [String: Int32] = [:]
        for index in 0..<sqlite3_column_count(handle) {
            map[String(cString: sqlite3_column_name(handle, index))] = index
        }
        return map
    }()

    fileprivate init(database: Database, sql: String) throws {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(
            database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            throw SQLiteError(code: rc, message: database.lastErrorMessage, sql: sql)
        }
        handle = statement
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Ready to run again. Bindings are not cleared: every run binds every parameter.
    func reset() {
        sqlite3_reset(handle)
    }

    public func bind(_ values: [SQLValue]) throws {
        precondition(
            values.count == Int(sqlite3_bind_parameter_count(handle)),
            "\(values.count) arguments for \(sqlite3_bind_parameter_count(handle)) parameters in \(sql)")
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .integer(let number): rc = sqlite3_bind_int64(handle, index, number)
            case .real(let number): rc = sqlite3_bind_double(handle, index, number)
            case .text(let text):
                var text = text
                rc = text.withUTF8 { buffer in
                    sqlite3_bind_text(
                        handle, index, UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                            .assumingMemoryBound(to: CChar.self),
                        Int32(buffer.count), skillstore_sqlite_transient())
                }
            case .blob(let bytes):
                rc = bytes.withUnsafeBytes { buffer in
                    // A zero-length blob still needs a non-NULL pointer to be a blob.
                    sqlite3_bind_blob64(
                        handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                        sqlite3_uint64(buffer.count), skillstore_sqlite_transient())
                }
            }
            if rc != SQLITE_OK { try database.check(rc, sql: sql) }
        }
    }

    // Typed binding without building an array of values: the bulk inserts
    // of a publish bind millions of parameters.

    /// Binds parameter `index` (1-based) to `text`, or NULL.
    public func bind(_ index: Int32, _ text: String?) throws {
        guard var text else { return try bindNull(index) }
        let rc = text.withUTF8 { buffer in
            sqlite3_bind_text(
                handle, index, UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                    .assumingMemoryBound(to: CChar.self),
                Int32(buffer.count), skillstore_sqlite_transient())
        }
        if rc != SQLITE_OK { try database.check(rc, sql: sql) }
    }

    /// Binds parameter `index` (1-based) to `number`, or NULL.
    public func bind(_ index: Int32, _ number: Int?) throws {
        guard let number else { return try bindNull(index) }
        let rc = sqlite3_bind_int64(handle, index, Int64(number))
        if rc != SQLITE_OK { try database.check(rc, sql: sql) }
    }

    private func bindNull(_ index: Int32) throws {
        let rc = sqlite3_bind_null(handle, index)
        if rc != SQLITE_OK { try database.check(rc, sql: sql) }
    }

    /// Runs a statement whose parameters were bound one by one, then resets it.
    public func runBound() throws {
        defer { reset() }
        let rc = sqlite3_step(handle)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else {
            throw SQLiteError(code: rc, message: database.lastErrorMessage, sql: sql)
        }
    }

    /// The next row, or nil when the statement is done.
    public func step() throws -> Row? {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return Row(statement: self)
        case SQLITE_DONE: return nil
        default:
            let error = SQLiteError(code: rc, message: database.lastErrorMessage, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs a statement that returns no rows.
    public func run(_ values: [SQLValue]) throws {
        try bind(values)
        defer { reset() }
        while try step() != nil {}
    }

    fileprivate func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            // By length, not up to the first NUL: text may hold an escaped "\u0000".
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let pointer = sqlite3_column_text(handle, index) else { return .text("") }
            return .text(String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            // sqlite3_column_blob returns NULL for an empty blob.
            guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
        default: return .null
        }
    }

    fileprivate func index(of column: String) -> Int32 {
        guard let index = columnIndexes[column] else {
            preconditionFailure("no column \(column) in \(sql)")
        }
        return index
    }
}

/// One row of a result, copied out of SQLite when it is read.
public struct Row {
    private let values: [String: SQLValue]

    fileprivate init(statement: Statement) {
        var values: [String: SQLValue] = [:]
        for (name, index) in statement.columnIndexesForRow {
            values[name] = statement.value(at: index)
        }
        self.values = values
    }

    public subscript(_ column: String) -> SQLValue {
        guard let value = values[column] else { preconditionFailure("no column \(column)") }
        return value
    }

    public func string(_ column: String) -> String {
        switch self[column] {
        case .text(let text): return text
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .null: return ""
        }
    }

    public func optionalString(_ column: String) -> String? {
        if case .null = self[column] { return nil }
        return string(column)
    }

    /// A whole number; NULL or text that is no number is an error, not 0
    /// (a zero made up here would pass for a real count or sequence).
    public func int(_ column: String) throws(SkillStoreError) -> Int {
        switch self[column] {
        case .integer(let number): return Int(number)
        case .real(let number) where number.rounded(.towardZero) == number && abs(number) < 9e18: return Int(number)
        case .text(let text) where Int(text) != nil: return Int(text)!
        case let value: throw SkillStoreError.corrupt("column \(column) holds \(value.summary), not a whole number")
        }
    }

    public func double(_ column: String) throws(SkillStoreError) -> Double {
        switch self[column] {
        case .integer(let number): return Double(number)
        case .real(let number): return number
        case .text(let text) where Double(text) != nil: return Double(text)!
        case let value: throw SkillStoreError.corrupt("column \(column) holds \(value.summary), not a number")
        }
    }

    /// A blob id stored as 16 hex characters.
    public func blobID(_ column: String) throws(SkillStoreError) -> BlobID {
        guard case .text(let text) = self[column], let id = BlobID(hex: text) else {
            throw SkillStoreError.corrupt("column \(column) holds \(self[column].summary), not a blob id")
        }
        return id
    }

    public func bytes(_ column: String) -> [UInt8] {
        switch self[column] {
        case .blob(let bytes): return bytes
        case .text(let text): return Array(text.utf8)
        default: return []
        }
    }
}

extension Statement {
    fileprivate var columnIndexesForRow: [String: Int32] { columnIndexes }
}
