import Foundation

/// Turns the bytes of a text file into a String for parsing, refusing what is
/// not text: invalid UTF-8 and NUL bytes, each reported at its line and
/// column. A UTF-8 BOM is dropped and CRLF read as LF; the stored blob keeps
/// the bytes exactly as published.
enum TextDecoding {
    static func decode(_ bytes: [UInt8], path: String) throws(InputRefused) -> String {
        guard !ByteText.contains(0, in: bytes[...]), var text = String(validating: bytes, as: UTF8.self) else {
            try locateProblem(bytes, path: path)
            preconditionFailure("the standard library and the scan disagree on \(path)")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if ByteText.contains(0x0D, in: bytes[...]) {
            text = text.replacingOccurrences(of: "\r\n", with: "\n")
        }
        return text
    }

    /// Throws at the first byte that is not UTF-8 text, with its line and column.
    private static func locateProblem(_ bytes: [UInt8], path: String) throws(InputRefused) {
        var line = 1
        var column = 1
        // The BOM is not text a reader sees: columns start after it.
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                throw InputRefused([Diagnostic(
                    path: path, location: SourceLocation(line: line, column: column),
                    message: String(format: "invalid UTF-8 (byte 0x%02X at offset %d); the file must be UTF-8 text", byte, index),
                    code: "encoding")])
            }
            if byte == 0 {
                throw InputRefused([Diagnostic(
                    path: path, location: SourceLocation(line: line, column: column),
                    message: "NUL byte at offset \(index); the file must be text", code: "encoding")])
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
    }

    /// The length of the valid UTF-8 sequence at `index`, or 0 if it is invalid
    /// (overlong forms, surrogates and values past U+10FFFF included).
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        let second = bytes[index + 1]
        guard second >= lower && second <= upper else { return 0 }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }
}
