import Testing
@testable import SkillStore

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
        // Read byte by byte too: prose punctuation and Latin letters
        // (`ByteText.standsAlone`), beside what must not be: the edges of
        // its ranges, marks and joiners after them, spaces outside ASCII.
        let standingAlone: [String] = [
            "a", " ", "\n", "\r\n", "\u{2026}", "\u{2014}", "\u{2019}", "\u{201C}", "\u{E9}", "\u{A1}", "\u{24F}", "\u{2010}",
            "\u{2027}", "\u{2030}", "\u{205E}", "\u{203C}",
            "\u{AD}", "\u{A0}", "\u{250}", "\u{2028}", "\u{2029}", "\u{200A}", "\u{200B}", "\u{205F}", "\u{2060}", "\u{300}",
            "\u{FE0F}", "\u{200D}", "\u{20DD}", "\u{1F3FB}", "\u{903}",
        ]
        var generator = SplitMix64(seed: 15)
        for _ in 0..<2_000 {
            let letters = Bool.random(using: &generator) ? alphabet.prefix(13) : alphabet[...]
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in letters.randomElement(using: &generator)! }.joined()
            #expect(text.collapsingWhitespace == Self.reference(text), "\(Array(text.utf8))")
        }
        for _ in 0..<4_000 {
            let letters = Bool.random(using: &generator) ? standingAlone.prefix(16) : standingAlone[...]
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in letters.randomElement(using: &generator)! }.joined()
            #expect(text.collapsingWhitespace == Self.reference(text), "\(Array(text.utf8))")
        }
    }

    /// The scalars the byte path reads outside ASCII: every one is a
    /// Character on its own beside any other of them or ASCII, and not
    /// white space; the scalars on either side of each range are not read.
    @Test func theScalarsReadByteByByteStandAlone() {
        let read = (0xA1...0x24F).filter { $0 != 0xAD } + Array(0x2010...0x2027) + Array(0x2030...0x205E)
        for value in read {
            let scalar = Unicode.Scalar(UInt32(value))!
            #expect(ByteText.standsAlone(String(scalar).utf8), "U+\(String(value, radix: 16))")
            #expect(!Character(scalar).isWhitespace)
            for neighbour in ["a", " ", "\n", "\u{2026}", "\u{E9}"] {
                #expect((String(scalar) + neighbour).count == 2 && (neighbour + String(scalar)).count == 2, "U+\(String(value, radix: 16))")
            }
        }
        // Whatever it lets through of the Basic Multilingual Plane stands alone.
        for value in 0x80...0xFFFF {
            guard let scalar = Unicode.Scalar(UInt32(value)), ByteText.standsAlone(String(scalar).utf8) else { continue }
            #expect(!Character(scalar).isWhitespace && (String(scalar) + "\u{2026}").count == 2, "U+\(String(value, radix: 16))")
        }
        for value in [0x80, 0xA0, 0xAD, 0x250, 0x300, 0x2000, 0x200A, 0x200D, 0x2028, 0x202F, 0x205F, 0x2060, 0x20AC, 0x3000] {
            #expect(!ByteText.standsAlone(String(Unicode.Scalar(UInt32(value))!).utf8), "U+\(String(value, radix: 16))")
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
