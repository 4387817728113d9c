@testable import SkillStore
import Testing

/// Which characters can disguise text, how they are shown, and that a
/// version label refuses them.
@Suite struct DisguisingCharactersTests {
    static let disguising: [Unicode.Scalar] = [
        "\u{0}", "\u{7}", "\u{8}", "\u{B}", "\u{C}", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}",
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{2060}", "\u{FEFF}", "\u{AD}", "\u{61C}",
        "\u{2028}", "\u{2029}", "\u{E0001}", "\u{E0041}", "\u{E007F}", "\u{E0000}",
    ]

    @Test func controlBidiAndInvisibleFormatCharactersAreDisguising() {
        for scalar in Self.disguising { #expect(DisguisingCharacters.contains(scalar), "U+\(String(scalar.value, radix: 16))") }
        for scalar: Unicode.Scalar in ["a", " ", "\n", "\t", "é", "ß", "\u{05D0}", "\u{FE0F}", "\u{1F35E}", "\u{3000}"] {
            #expect(!DisguisingCharacters.contains(scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }

    /// A diagnostic is one line: a line feed or tab in its path (a folder
    /// named with one) or in its message (which quotes such a name) is
    /// escaped.
    @Test func aDiagnosticIsOneLine() {
        let diagnostic = Diagnostic(
            path: "packs/odd\nname\t/SKILL.md", location: SourceLocation(line: 2, column: 7),
            message: "name 'other' does not match its folder 'odd\nname\t'", code: "name-folder-mismatch")
        #expect(diagnostic.description == "packs/odd<U+000A>name<U+0009>/SKILL.md:2:7: error: "
            + "name 'other' does not match its folder 'odd<U+000A>name<U+0009>' [name-folder-mismatch]")
        #expect(Diagnostic(path: "a\r\nb", location: nil, message: "m", code: "c").description == "a\r<U+000A>b: error: m [c]")
        #expect(DisguisingCharacters.oneLine("names it 'pdf\nx'\t") == "names it 'pdf<U+000A>x'<U+0009>")
        #expect(DisguisingCharacters.oneLine("plain") == "plain")
    }

    @Test func escapesAreTheCodePointInUnicodeNotation() {
        #expect(DisguisingCharacters.escaped("red \u{1B}[31mtext\u{1B}[0m") == "red <U+001B>[31mtext<U+001B>[0m")
        #expect(DisguisingCharacters.escaped("txt\u{202E}exe.doc") == "txt<U+202E>exe.doc")
        #expect(DisguisingCharacters.escaped("tag\u{E0041}\u{E007F}") == "tag<U+E0041><U+E007F>")
        #expect(DisguisingCharacters.escaped("over\rwrite") == "over<U+000D>write")
        // Line feeds, tabs and CRLF line endings hide nothing and stay.
        #expect(DisguisingCharacters.escaped("one\r\ntwo\n\tthree") == "one\r\ntwo\n\tthree")
        #expect(DisguisingCharacters.escaped("end\r") == "end<U+000D>")
        #expect(DisguisingCharacters.escaped("Fold 🍞 the dough, café") == "Fold 🍞 the dough, café")
    }

    @Test func aVersionLabelRefusesEveryDisguisingCharacter() {
        for scalar in Self.disguising {
            let label = "1.0-" + String(Character(scalar)) + "cba"
            #expect(VersionLabel.problem(with: label) != nil, "U+\(String(scalar.value, radix: 16))")
        }
        #expect(VersionLabel.problem(with: "1.0\u{202E}")?.contains("<U+202E>") == true)
        #expect(throws: InvalidIdentity.self) { try VersionLabel.validated("v\u{2066}2\u{2069}") }
        for label in ["1.0", "git:20261018.dfcd3c5", "bundle:9d4359094e2074e6", "2026-β", "版本1"] {
            #expect(VersionLabel.problem(with: label) == nil, "\(label)")
        }
        // The message of labels refused before stays as it was.
        #expect(VersionLabel.problem(with: "1.0\u{1B}") == "may not contain spaces or control characters")
    }
}
