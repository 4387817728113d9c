/// One row of a result, copied out of SQLite when it is read.
struct Row {
    /// The statement's column names, shared by all its rows: a dictionary
    /// built for each row was a tenth of a search's time.
    private let columns: [String: Int32]
    private let values: [SQLValue]

    init(statement: Statement) {
        columns = statement.columnIndexesForRow
        values = (0..<statement.columnCount).map { statement.value(at: $0) }
    }

    subscript(_ column: String) -> SQLValue {
        guard let index = columns[column] else { preconditionFailure("no column \(column)") }
        return values[Int(index)]
    }

    func string(_ column: String) -> String { self[column].string }

    func optionalString(_ column: String) -> String? {
        if case .null = self[column] { return nil }
        return string(column)
    }

    /// A whole number; NULL or text that is no number is an error, not 0
    /// (a zero made up here would pass for a real count or sequence).
    func int(_ column: String) throws(SkillStoreError) -> Int {
        try self[column].wholeNumber(column: column)
    }

    func double(_ column: String) throws(SkillStoreError) -> Double {
        try self[column].number(column: column)
    }

    /// A blob id stored as 16 hex characters.
    func blobID(_ column: String) throws(SkillStoreError) -> BlobID {
        guard case .text(let text) = self[column], let id = BlobID(hex: text) else {
            throw SkillStoreError.corrupt("column \(column) holds \(self[column].summary), not a blob id")
        }
        return id
    }

    func bytes(_ column: String) -> [UInt8] { self[column].bytes }
}

extension SQLValue {
    /// The value as text: a number as Swift writes it, a blob's bytes
    /// decoded as UTF-8, NULL as "".
    var string: String {
        switch self {
        case .text(let text): return text
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .null: return ""
        }
    }

    /// The value as bytes: a blob's, a text's UTF-8 (as decoded, so
    /// repaired where it was not valid), none for anything else.
    var bytes: [UInt8] {
        switch self {
        case .blob(let bytes): return bytes
        case .text(let text): return Array(text.utf8)
        default: return []
        }
    }

    /// The value as a whole number, for `column`; NULL, a fraction or
    /// text that is no number is an error.
    func wholeNumber(column: String) throws(SkillStoreError) -> Int {
        switch self {
        case .integer(let number): return Int(number)
        case .real(let number) where number.rounded(.towardZero) == number && abs(number) < 9e18: return Int(number)
        case .text(let text) where Int(text) != nil: return Int(text)!
        case let value: throw SkillStoreError.corrupt("column \(column) holds \(value.summary), not a whole number")
        }
    }

    /// The value as a number, for `column`; NULL or text that is no number is an error.
    func number(column: String) throws(SkillStoreError) -> Double {
        switch self {
        case .integer(let number): return Double(number)
        case .real(let number): return number
        case .text(let text) where Double(text) != nil: return Double(text)!
        case let value: throw SkillStoreError.corrupt("column \(column) holds \(value.summary), not a number")
        }
    }
}
