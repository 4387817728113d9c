/// Lays out the generated parts of the help: usage lines and option lists.
enum HelpText {
    /// Lines of help are kept under this many characters.
    static let width = 79

    /// `Usage: skillctl ...`, one line per form, the later ones aligned under the first.
    static func usage(of command: any Command.Type) -> String {
        command.usageForms.enumerated().map { index, form in
            form.line(command: command.name, prefix: index == 0 ? "Usage: " : "       ", width: width)
        }.joined(separator: "\n")
    }

    /// A heading, then one entry per option: its spellings, then its help
    /// wrapped in a column of its own.
    static func optionList(_ heading: String, _ options: [Option], help: (Option) -> String = \.help) -> String {
        let column = 2 + (options.map(\.heading.count).max() ?? 0) + 2
        let entries = options.map { option in
            let start = "  " + option.heading.padded(to: column - 2)
            return wrap(help(option).split(separator: " ").map(String.init), first: start, indent: column, width: width)
        }
        return ([heading] + entries).joined(separator: "\n")
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        // An Array, not the slice dropLast gives, for Array.joined(separator:).
        return items.count == 1 ? last : Array(items.dropLast()).joined(separator: ", ") + " and " + last
    }

    /// `words` after `first`, a space between each, starting a new line
    /// indented by `indent` when the next one would pass `width`. With
    /// `keepingWords` a piece holding spaces (`[--version LABEL]`) is never split.
    static func wrap(_ words: [String], first: String, indent: Int, width: Int, keepingWords: Bool = false) -> String {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in words {
            let separator = lineHasWord || !line.hasSuffix(" ") ? " " : ""
            if lineHasWord && line.count + separator.count + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
            } else {
                line += separator + word
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
