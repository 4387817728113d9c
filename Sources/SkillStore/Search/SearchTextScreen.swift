import Foundation

/// A look at raw text before it is tokenized: whether it may hold any of a
/// query's terms. Tokenizing every section of a shown skill cost more than
/// the rest of a search; most sections hold none of the query's words, and
/// a byte search tells so for a fraction of the cost.
///
/// The test is one-sided: a text it passes over cannot hold a term, a text
/// it lets through is tokenized and matched as before. It rests on two
/// facts about the index's tokenizer (`porter unicode61 remove_diacritics
/// 2`), both checked by tests against the tokenizer itself:
///
/// - A word's porter stem is the word's own beginning, but for a last
///   letter the rules may write: `e` (`conflated` -> `conflate`), `i`
///   (`memory` -> `memori`) or `l` (`capability` -> `capabl`). So a text
///   holding a token whose stem is (or, for `prefix*`, begins with) the
///   term's token holds a word beginning with that token, less such a
///   last letter, ASCII case folded.
/// - Outside ASCII, only Latin letters with diacritics, combining marks
///   and two letterlike symbols (Kelvin, Angstrom) fold to ASCII letters.
///   A text holding any of them is always let through.
struct SearchTextScreen {
    /// Per term, bytes a text holding it contains, ASCII lowercase; nil
    /// when some term gives none long enough to tell (every text may hold
    /// it).
    private let needles: [[UInt8]]?

    /// A one-letter needle would let nearly every text through anyway.
    static let shortestNeedle = 2

    /// The screen for `terms`, each the tokens of one term as the query
    /// reads them (a phrase's tokens all occur, so its longest needle is
    /// enough).
    init(terms: [[ArraySlice<UInt8>]]) {
        var needles: [[UInt8]] = []
        for tokens in terms {
            let best = tokens.compactMap(Self.needle(for:)).max { $0.count < $1.count }
            guard let best, best.count >= Self.shortestNeedle else {
                self.needles = nil
                return
            }
            needles.append(best)
        }
        self.needles = needles.isEmpty ? nil : needles
    }

    /// How a word whose stem is, or begins with, `token` begins: the token
    /// less a last letter the stemmer may have written. Nil for a token
    /// outside ASCII.
    static func needle(for token: ArraySlice<UInt8>) -> [UInt8]? {
        guard token.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard let last = token.last, [UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "l")].contains(last) else {
            return Array(token)
        }
        return Array(token.dropLast())
    }

    /// Whether the texts together may hold one of the terms: false only
    /// when none can.
    func mayHold(_ texts: [UnsafeRawBufferPointer]) -> Bool {
        guard let needles else { return true }
        for text in texts where text.count > 0 {
            guard let folded = Self.foldedASCII(text) else { return true }
            let found = folded.withUnsafeBytes { haystack in
                needles.contains { needle in
                    needle.withUnsafeBytes { Self.beginsAWord(in: haystack, $0) }
                }
            }
            if found { return true }
        }
        return false
    }

    /// Whether `needle` (not empty) begins a word of `haystack`: at its
    /// start or after a byte that is not an ASCII letter or digit (a byte
    /// outside ASCII may be a separator). memchr to each place its first
    /// byte is, then a comparison.
    static func beginsAWord(in haystack: UnsafeRawBufferPointer, _ needle: UnsafeRawBufferPointer) -> Bool {
        guard let base = haystack.baseAddress, let wanted = needle.baseAddress, let first = needle.first,
              needle.count <= haystack.count else { return false }
        let last = haystack.count - needle.count
        var offset = 0
        while offset <= last {
            guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
            let position = UnsafeRawPointer(found) - base
            if position == 0 || !isASCIIAlphanumeric(haystack[position - 1]), memcmp(found, wanted, needle.count) == 0 {
                return true
            }
            offset = position + 1
        }
        return false
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// `text` with ASCII letters lowercased, or nil when it holds a
    /// character the tokenizer may fold into an ASCII letter or drop from
    /// between two (`SearchTextScreen` above).
    static func foldedASCII(_ text: UnsafeRawBufferPointer) -> [UInt8]? {
        var folded = [UInt8](repeating: 0, count: text.count)
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            if byte >= 0x80 {
                let next = index + 1 < count ? text[index + 1] : 0
                if mayFoldToASCII(lead: byte, next: next) { return nil }
            }
            folded[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            index += 1
        }
        return folded
    }

    /// Whether the UTF-8 sequence starting `lead`, `next` is a character
    /// the tokenizer folds into an ASCII letter or removes: U+00C0-U+037F
    /// (Latin letters with diacritics, combining marks), U+1E00-U+1EFF
    /// (Latin Extended Additional), U+2100-U+213F (letterlike symbols).
    static func mayFoldToASCII(lead: UInt8, next: UInt8) -> Bool {
        switch lead {
        case 0xC3...0xCD: true
        case 0xE1: next >= 0xB8 && next <= 0xBB
        case 0xE2: next == 0x84
        default: false
        }
    }
}
