/// Reads one JSON text into a `JSONValue`. Written here rather than taken
/// from Foundation so that hostile input is refused by rule, not by the
/// stack: nesting deeper than `maxDepth` is an error, never a crash.
public struct JSONParser {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var message: String
        /// The byte offset where reading stopped.
        public var offset: Int
        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Requests nest a handful of levels; 64 leaves room for any real
    /// tool arguments while keeping recursion shallow.
    public var maxDepth = 64

    public init() {}

    public func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> JSONValue {
        let buffer = Array(bytes)
        var reader = Reader(bytes: buffer, maxDepth: maxDepth)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.position == buffer.count else { throw reader.failure("unexpected text after the JSON value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        let maxDepth: Int
        var position = 0

        init(bytes: [UInt8], maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        func failure(_ message: String) -> Failure { Failure(message: message, offset: position) }

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
        }

        mutating func expect(_ literal: String, _ value: JSONValue) throws(Failure) -> JSONValue {
            let utf8 = Array(literal.utf8)
            guard position + utf8.count <= bytes.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
                throw failure("invalid literal")
            }
            position += utf8.count
            return value
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard let byte = current else { throw failure("unexpected end of input") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw failure("unexpected character")
            }
        }

        mutating func object(depth: Int) throws(Failure) -> JSONValue {
            guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth) levels") }
            position += 1
            var members: [(String, JSONValue)] = []
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw failure("expected a string key") }
                let key = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
                position += 1
                skipWhitespace()
                let member = try value(depth: depth)
                // A repeated key: the last one wins, as in most JSON readers.
                members.removeAll { $0.0 == key }
                members.append((key, member))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "}"):
                    position += 1
                    return .object(members)
                default: throw failure("expected ',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws(Failure) -> JSONValue {
            guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth) levels") }
            position += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                position += 1
                return .array(items)
            }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "]"):
                    position += 1
                    return .array(items)
                default: throw failure("expected ',' or ']'")
                }
            }
        }

        mutating func number() throws(Failure) -> JSONValue {
            let start = position
            if current == UInt8(ascii: "-") { position += 1 }
            func digits(_ reader: inout Reader) -> Int {
                let from = reader.position
                while let byte = reader.current, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { reader.position += 1 }
                return reader.position - from
            }
            let integerStart = position
            let integerDigits = digits(&self)
            guard integerDigits > 0 else { throw failure("invalid number") }
            if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") { throw failure("invalid number (leading zero)") }
            if current == UInt8(ascii: ".") {
                position += 1
                guard digits(&self) > 0 else { throw failure("invalid number") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                position += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
                guard digits(&self) > 0 else { throw failure("invalid number") }
            }
            return .number(String(decoding: bytes[start..<position], as: UTF8.self))
        }

        mutating func hexQuad() throws(Failure) -> UInt32 {
            guard position + 4 <= bytes.count else { throw failure("invalid \\u escape") }
            var value: UInt32 = 0
            for byte in bytes[position..<position + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw failure("invalid \\u escape")
                }
                value = value * 16 + UInt32(digit)
            }
            position += 4
            return value
        }

        mutating func string() throws(Failure) -> String {
            position += 1
            var scalars = String.UnicodeScalarView()
            var runStart = position
            func flush(_ reader: Reader, _ scalars: inout String.UnicodeScalarView, upTo end: Int) throws(Failure) {
                guard runStart < end else { return }
                guard let run = String(validating: reader.bytes[runStart..<end], as: UTF8.self) else {
                    throw reader.failure("invalid UTF-8 in a string")
                }
                scalars.append(contentsOf: run.unicodeScalars)
            }
            while true {
                guard let byte = current else { throw failure("unterminated string") }
                switch byte {
                case UInt8(ascii: "\""):
                    try flush(self, &scalars, upTo: position)
                    position += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flush(self, &scalars, upTo: position)
                    position += 1
                    guard let escaped = current else { throw failure("unterminated string") }
                    position += 1
                    switch escaped {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hexQuad()
                        if (0xD800...0xDBFF).contains(code), position + 1 < bytes.count,
                           bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                            let saved = position
                            position += 2
                            let low = try hexQuad()
                            if (0xDC00...0xDFFF).contains(low) {
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                position = saved
                            }
                        }
                        // A lone surrogate names no character: it reads as U+FFFD.
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: throw failure("invalid escape")
                    }
                    runStart = position
                case 0x00..<0x20:
                    throw failure("control character in a string")
                default:
                    position += 1
                }
            }
        }
    }
}
