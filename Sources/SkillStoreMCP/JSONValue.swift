/// A JSON value as the MCP server reads and writes it. Numbers keep their
/// source text, so a request id of `7` is echoed as `7`, never `7.0`;
/// objects keep their key order, so answers read in the order they are built.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b || (Double(a) != nil && Double(a) == Double(b))
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The member `key` of an object; nil for other values or a missing key.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The value of a number that is a whole number (`5`, `5.0`), else nil.
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let exact = Int(text) { return exact }
        guard let double = Double(text), double.rounded() == double, abs(double) < 1e15 else { return nil }
        return Int(double)
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// Compact JSON text, UTF-8: one line, as newline-delimited JSON-RPC needs.
    public var serialized: [UInt8] {
        var output: [UInt8] = []
        write(into: &output)
        return output
    }

    public var text: String { String(decoding: serialized, as: UTF8.self) }

    private func write(into output: inout [UInt8]) {
        switch self {
        case .null: output += Array("null".utf8)
        case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
        case .number(let text): output += Array(text.utf8)
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                value.write(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Escapes what JSON requires, and U+2028/U+2029 too: a reader that
    /// splits on JavaScript line terminators must still see one line.
    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += Array("\\\"".utf8)
            case "\\": output += Array("\\\\".utf8)
            case "\n": output += Array("\\n".utf8)
            case "\r": output += Array("\\r".utf8)
            case "\t": output += Array("\\t".utf8)
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: output += Array(String(scalar).utf8)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
