import SkillStore

/// Text ready for the terminal: whatever it was made of (a skill's
/// description, a claim, a label, an error quoting them) shows its
/// `DisguisingCharacters` as `<U+XXXX>` escapes, and only the tool's own
/// styling reaches the terminal as escape sequences.
///
/// `Output` writes every human line through this type, so no command can
/// print stored text raw by forgetting to escape it; the bytes of a blob
/// (`cat`, `get`) and JSON go through `Output.write` and `Output.json` instead.
struct TerminalText {
    /// The characters as they are written, escapes and styling included.
    private(set) var rendered: String

    /// `text` with its disguising characters escaped.
    init(_ text: String) { rendered = DisguisingCharacters.escaped(text) }

    private init(rendered: String) { self.rendered = rendered }

    /// `text`, escaped, in bold: the bold is the tool's own, so it stays an
    /// escape sequence.
    static func bold(_ text: String) -> TerminalText {
        TerminalText(rendered: "\u{1B}[1m" + DisguisingCharacters.escaped(text) + "\u{1B}[0m")
    }

    static func + (left: TerminalText, right: TerminalText) -> TerminalText {
        TerminalText(rendered: left.rendered + right.rendered)
    }

    /// Every run of white space as one space, trimmed (escapes and styling hold none).
    var collapsingWhitespace: TerminalText {
        TerminalText(rendered: rendered.collapsingWhitespace)
    }
}
