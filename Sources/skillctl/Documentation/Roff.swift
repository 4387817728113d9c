import Foundation

/// Text made safe for roff, the language of manual pages, and the few
/// pieces of markup the page uses.
enum Roff {
    /// `text` as it should print: a backslash would start an escape, `-`
    /// would print as a hyphen (so a copied `--db` would not work), quotes
    /// would print curly, and a `.` or `'` at the start of a line would make
    /// it a request.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "'": result += "\\(aq"
            case "`": result += "\\(ga"
            case "\n": result += " "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += " "
            case _ where !scalar.isASCII: result += "\\[u" + hex4(scalar.value) + "]"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return guardedLine(result)
    }

    /// A text line that starts with `.` or `'` would be read as a request.
    static func guardedLine(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }

    static func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }

    /// Paragraphs separated by blank lines, as the help writes them: filled
    /// text, except a paragraph whose lines are all indented (an example),
    /// which keeps its lines.
    static func paragraphs(_ text: String) -> [String] {
        let blocks = text.components(separatedBy: "\n\n").map { $0.split(separator: "\n").map(String.init) }
        return blocks.filter { !$0.isEmpty }.flatMap { lines -> [String] in
            if lines.allSatisfy({ $0.hasPrefix(" ") }) {
                let indent = lines.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                return [".PP", ".RS 4", ".nf"] + lines.map { escaped(String($0.dropFirst(indent))) } + [".fi", ".RE"]
            }
            let joined = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            return [".PP", escaped(joined)]
        }
    }

    /// At least four upper-case hex digits, as `\[uXXXX]` wants them.
    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
