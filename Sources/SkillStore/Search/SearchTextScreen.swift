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
    /// Per term, its group and bytes a text holding it contains, ASCII
    /// lowercase.
    private var needles: [(group: Int, bytes: [UInt8])] = []
    /// The groups with a term that gives no needle long enough to tell:
    /// every text may hold them.
    private var unscreened = Set<Int>()

    /// A one-letter needle would let nearly every text through anyway.
    static let shortestNeedle = 2

    /// The screen for `terms`, each the tokens of one term as the query
    /// reads them (a phrase's tokens all occur, so its longest needle is
    /// enough), with the group of the query it belongs to.
    init(terms: [(group: Int, tokens: [ArraySlice<UInt8>])]) {
        for term in terms {
            let best = term.tokens.compactMap(Self.needle(for:)).max { $0.count < $1.count }
            if let best, best.count >= Self.shortestNeedle {
                needles.append((term.group, best))
            } else {
                unscreened.insert(term.group)
            }
        }
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
        guard unscreened.isEmpty else { return true }
        return texts.contains { !(groups(mayBeIn: $0)?.isEmpty ?? false) }
    }

    /// The groups whose terms `text` may hold (each group it holds is
    /// among them); nil when it may hold any.
    func groups(mayBeIn text: UnsafeRawBufferPointer) -> Set<Int>? {
        var groups = unscreened
        var missing = false
        for needle in needles where !groups.contains(needle.group) {
            if Self.beginsAWord(in: text, needle.bytes) {
                groups.insert(needle.group)
            } else {
                missing = true
            }
        }
        if missing, Self.mayFoldToASCII(text) { return nil }
        return groups
    }

    /// Whether `needle` (ASCII lowercase, not empty) begins a word of
    /// `text`, ASCII case folded: at its start or after a byte that is
    /// not an ASCII letter or digit (a byte outside ASCII may be a
    /// separator). memchr to each place its first byte is, in either case.
    static func beginsAWord(in text: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        var found = false
        forEachWord(in: text, beginning: needle) { _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with each place in `text` where `needle` (ASCII
    /// lowercase, not empty) begins a word, as `beginsAWord` finds them
    /// (those of the needle's first letter in lowercase first, then those
    /// in uppercase), until `body` returns false.
    static func forEachWord(in text: UnsafeRawBufferPointer, beginning needle: [UInt8], _ body: (Int) -> Bool) {
        guard let base = text.baseAddress, let first = needle.first, needle.count <= text.count else { return }
        let last = text.count - needle.count
        let upper = first >= 0x61 && first <= 0x7A ? first - 0x20 : first
        for variant in upper == first ? [first] : [first, upper] {
            var offset = 0
            while offset <= last {
                guard let found = memchr(base + offset, Int32(variant), last - offset + 1) else { break }
                let position = UnsafeRawPointer(found) - base
                if position == 0 || !isASCIIAlphanumeric(text[position - 1]), matches(text, at: position, needle) {
                    guard body(position) else { return }
                }
                offset = position + 1
            }
        }
    }

    /// Whether `text` from `position` holds `needle` (ASCII lowercase), case folded.
    private static func matches(_ text: UnsafeRawBufferPointer, at position: Int, _ needle: [UInt8]) -> Bool {
        for index in 1..<needle.count {
            let byte = text[position + index]
            if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != needle[index] { return false }
        }
        return true
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Whether `text` holds a character the tokenizer may fold into an
    /// ASCII letter or drop from between two. Eight bytes at a time: most
    /// text is ASCII.
    static func mayFoldToASCII(_ text: UnsafeRawBufferPointer) -> Bool {
        let count = text.count
        var index = 0
        while index < count {
            if index + 8 <= count, text.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let byte = text[index]
            if byte >= 0x80, mayFoldToASCII(lead: byte, next: index + 1 < count ? text[index + 1] : 0) { return true }
            index += 1
        }
        return false
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
