import Testing
import SkillStore

/// `collapsingWhitespace` reads ASCII byte by byte and anything else
/// Character by Character: the two must agree with
/// `split(whereSeparator: \.isWhitespace)` on every text.
@Suite struct CollapsingWhitespaceTests {
    static func reference(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test(arguments: [
        "", " ", "a", " a ", "a  b", "\ta\nb\r\nc\u{0B}d\u{0C}e ", "a\u{1C}b\u{1F}c\u{7F}", "\r\n\r\n",
        "caf\u{E9} \u{A0} na\u{EF}ve", "a\u{2028}b\u{3000}c", " \u{301}a", "x\u{85}y",
    ])
    func knownTexts(text: String) {
        #expect(text.collapsingWhitespace == Self.reference(text))
    }

    @Test func randomTextsAgreeWithTheCharacterPath() {
        // Half the texts ASCII only (the byte path), half not.
        let alphabet: [String] = [
            "a", "b", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1C}", "[", "]", "\u{1B}",
            // Outside ASCII: white space, marks that join the Character
            // before them (a space included), a prefix that joins the next.
            "\u{A0}", "\u{2028}", "\u{3000}", "\u{85}", "\u{301}", "\u{200D}", "\u{600}", "\u{E9}", "\u{2014}", "\u{1F3FB}",
        ]
        var generator = SplitMix64(seed: 15)
        for _ in 0..<2_000 {
            let letters = Bool.random(using: &generator) ? alphabet.prefix(13) : alphabet[...]
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in letters.randomElement(using: &generator)! }.joined()
            #expect(text.collapsingWhitespace == Self.reference(text), "\(Array(text.utf8))")
        }
    }
}

/// A seeded generator, so that a failing text comes back on every run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
