/// A value that can be bound to a statement parameter.
enum SQLValue: Sendable, Equatable {
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
