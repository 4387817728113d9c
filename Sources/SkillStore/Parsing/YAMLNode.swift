/// A YAML value read from front-matter, with where it starts.
struct YAMLNode: Sendable, Equatable {
    enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A plain scalar that reads as a number; `text` is the source form
        /// (`1.10` stays `1.10` when used as a version label).
        case number(Double, text: String)
        case string(String)
        case list([YAMLNode])
        case map([YAMLEntry])
    }

    var value: Value
    var location: SourceLocation

    /// The entry for `key` when this node is a map.
    subscript(key: String) -> YAMLNode? {
        guard case .map(let entries) = value else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The text of a scalar (string, number, bool), or nil.
    var scalarText: String? {
        switch value {
        case .string(let text): return text
        case .number(_, let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null, .list, .map: return nil
        }
    }
}

extension YAMLNode {
    /// The value as JSON text (map keys sorted); numbers JSON cannot hold
    /// (infinities, NaN) become their YAML text.
    func jsonText() -> String {
        var output = ""
        writeJSON(into: &output)
        return output
    }

    private func writeJSON(into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number, let text):
            if number.isFinite, let exact = Int64(exactly: number) {
                output += String(exact)
            } else if number.isFinite {
                output += String(number)
            } else {
                Self.writeString(text, into: &output)
            }
        case .string(let text): Self.writeString(text, into: &output)
        case .list(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.writeJSON(into: &output)
            }
            output += "]"
        case .map(let entries):
            output += "{"
            for (index, entry) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output += "," }
                Self.writeString(entry.key, into: &output)
                output += ":"
                entry.value.writeJSON(into: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, into output: inout String) {
        JSONText.appendQuoted(text, to: &output)
    }
}
