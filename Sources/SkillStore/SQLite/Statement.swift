import CSQLite
import Foundation

/// A prepared statement. Owned by its `Database` and, like it, not `Sendable`.
final class Statement {
    private let handle: OpaquePointer
    // The database owns its statements and finalizes them before it closes,
    // so a statement never outlives it.
    private unowned(unsafe) let database: Database
    let sql: String
    private lazy var columnIndexes: [String: Int32] = {
        var map: [String: Int32] = [:]
        for index in 0..<sqlite3_column_count(handle) {
            map[String(cString: sqlite3_column_name(handle, index))] = index
        }
        return map
    }()

    init(database: Database, sql: String) throws {
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

    func bind(_ values: [SQLValue]) throws {
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
    func bind(_ index: Int32, _ text: String?) throws {
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
    func bind(_ index: Int32, _ number: Int?) throws {
        guard let number else { return try bindNull(index) }
        let rc = sqlite3_bind_int64(handle, index, Int64(number))
        if rc != SQLITE_OK { try database.check(rc, sql: sql) }
    }

    private func bindNull(_ index: Int32) throws {
        let rc = sqlite3_bind_null(handle, index)
        if rc != SQLITE_OK { try database.check(rc, sql: sql) }
    }

    /// Runs a statement whose parameters were bound one by one, then resets it.
    func runBound() throws {
        defer { reset() }
        let rc = sqlite3_step(handle)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else {
            throw SQLiteError(code: rc, message: database.lastErrorMessage, sql: sql)
        }
    }

    /// The next row, or nil when the statement is done.
    func step() throws -> Row? {
        try advance() ? Row(statement: self) : nil
    }

    /// Runs a statement that returns no rows.
    func run(_ values: [SQLValue]) throws {
        try bind(values)
        defer { reset() }
        while try step() != nil {}
    }

    /// Steps to the next row without copying it out (`step` copies it into
    /// a `Row`): for a query returning thousands of row ids, read with
    /// `wholeNumber(at:)` and `number(at:)`. False when the statement is
    /// done; on an error the statement is reset and the error thrown.
    func advance() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc:
            let error = SQLiteError(code: rc, message: database.lastErrorMessage, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Column `index` of the row `advance` stepped to, as `Row.int` reads it.
    func wholeNumber(at index: Int32) throws(SkillStoreError) -> Int {
        guard sqlite3_column_type(handle, index) == SQLITE_INTEGER else {
            return try value(at: index).wholeNumber(column: String(cString: sqlite3_column_name(handle, index)))
        }
        return Int(sqlite3_column_int64(handle, index))
    }

    /// Column `index` of the row `advance` stepped to, as `Row.double` reads it.
    func number(at index: Int32) throws(SkillStoreError) -> Double {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_FLOAT: return sqlite3_column_double(handle, index)
        case SQLITE_INTEGER: return Double(sqlite3_column_int64(handle, index))
        default: return try value(at: index).number(column: String(cString: sqlite3_column_name(handle, index)))
        }
    }

    /// Column `index` of the row `advance` stepped to, text or blob, as
    /// its bytes in place: valid only inside `body`, for a look at a long
    /// text without copying it out.
    func withBytes<Value>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> Value) rethrows -> Value {
        let pointer = sqlite3_column_type(handle, index) == SQLITE_BLOB
            ? sqlite3_column_blob(handle, index) : UnsafeRawPointer(sqlite3_column_text(handle, index))
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? pointer : nil, count: pointer == nil ? 0 : count))
    }

    /// Column `index` of the row `advance` stepped to, as `Row.string` reads it.
    func string(at index: Int32) -> String { value(at: index).string }

    /// Column `index` of the row `advance` stepped to, as `Row.bytes` reads it.
    func bytes(at index: Int32) -> [UInt8] { value(at: index).bytes }

    func value(at index: Int32) -> SQLValue {
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

    func index(of column: String) -> Int32 {
        guard let index = columnIndexes[column] else {
            preconditionFailure("no column \(column) in \(sql)")
        }
        return index
    }
}

extension Statement {
    var columnIndexesForRow: [String: Int32] { columnIndexes }
    var columnCount: Int32 { sqlite3_column_count(handle) }
}
