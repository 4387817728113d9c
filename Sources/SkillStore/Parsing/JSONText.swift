/// JSON string literals, written by hand where output must be canonical and
/// fast (manifests, stored front-matter): `"`, `\` and control characters
/// escaped, everything else as UTF-8.
enum JSONText {
    static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        // Most strings need no escape at all: append them whole. The test
        // reads a buffer, not the string's view: descriptions are long.
        var contiguous = text
        let needsEscapes = contiguous.withUTF8 { bytes in bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } }
        if !needsEscapes {
            output += text
        } else {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
