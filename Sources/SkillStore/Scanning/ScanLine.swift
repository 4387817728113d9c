import Foundation

/// One line of a scanned file, ready for matching: its text as written (for
/// evidence) and a folded copy (ASCII lower-cased, invisible characters
/// dropped so `cu<U+200B>rl` still reads `curl`). Matching is one pass of
/// an automaton over the bounded line, plus plain substring search for the
/// few patterns rules build as they go, so its cost is linear in the line
/// (times the needle for those), whatever the input.
struct ScanLine: Sendable {
    enum Context: Sendable, Equatable {
        /// A script line, or a line of a fenced code block: something run.
        case code
        /// Markdown text outside code: what the agent is told.
        case prose
        /// Inside an HTML comment: read by the agent, unseen by a reader.
        case comment
        /// A comment line of a script (`#`, `//`): never run.
        case scriptComment
    }

    var number: Int
    var text: String
    private(set) var folded: [UInt8]
    var context: Context
    /// In a Markdown file, which fenced block (counted from 1) a code line
    /// is in: each is an example of its own. 0 elsewhere.
    var snippet = 0
    /// Set when the line teaches about attacks (a red-flags section, an
    /// example introduced as malicious, a detection pattern) rather than
    /// telling the agent to do something.
    var descriptive = false
    /// Every pattern of `ScanVocabulary` the line holds, found in one pass
    /// when the line is made; the rules ask about these instead of searching
    /// the line once per pattern (hundreds of searches per line doubled a
    /// bulk publish).
    private var hits: [LiteralAutomaton.Hit] = []

    init(number: Int, text: String, context: Context) {
        self.number = number
        self.text = text
        self.context = context
        folded = Self.fold(text)
        hits = ScanVocabulary.automaton.hits(in: folded)
    }

    /// Lower-cases ASCII and drops disguising characters (zero-width, bidi,
    /// tags, controls other than tab).
    static func fold(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        // Most lines are ASCII: their bytes need no decoding into scalars.
        if isASCII(text) {
            for byte in text.utf8 {
                if byte == 0x09 { bytes.append(0x20); continue }
                if byte < 0x20 || byte == 0x7F { continue }
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
            return bytes
        }
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                let byte = UInt8(scalar.value)
                if byte == 0x09 { bytes.append(0x20); continue }
                if byte < 0x20 || byte == 0x7F { continue }
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            } else if !DisguisingCharacters.contains(scalar) {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// The byte offset of the first `needle` (lower-case ASCII) at or after `start`.
    /// For a pattern the rules ask about on every line, `firstOf` with a
    /// `ScanPatternSet` costs nothing here; this searches the line.
    func find(_ needle: String, from start: Int = 0) -> Int? {
        var needle = needle
        return needle.withUTF8 { Self.find($0, in: folded, from: start) }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        needle.withUnsafeBufferPointer { find($0, in: haystack, from: start) }
    }

    /// `memchr` to each candidate first byte, `memcmp` for the rest: a
    /// needle is a few bytes and a line at most 4 KiB, so even a haystack
    /// built to defeat this costs the line times a short needle.
    static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: [UInt8], from start: Int) -> Int? {
        guard let needleStart = needle.baseAddress, needle.count > 0, start >= 0,
              haystack.count - start >= needle.count
        else { return nil }
        return haystack.withUnsafeBufferPointer { hay -> Int? in
            guard let hayStart = hay.baseAddress else { return nil }
            let first = Int32(needleStart.pointee)
            let last = hay.count - needle.count  // the last offset a match can start at
            var index = start
            while index <= last {
                guard let hit = memchr(hayStart + index, first, last - index + 1) else { return nil }
                let offset = hayStart.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(hayStart + offset, needleStart, needle.count) == 0 { return offset }
                index = offset + 1
            }
            return nil
        }
    }

    func has(_ needle: String) -> Bool { find(needle) != nil }

    /// The offset of the first of `patterns` on the line.
    func firstOf(_ patterns: ScanPatternSet) -> Int? {
        var best = Int.max
        for hit in hits where hit.first < best && patterns.contains(hit.pattern) { best = Int(hit.first) }
        for needle in patterns.unindexed {
            if let offset = find(needle), offset < best { best = offset }
        }
        return best == .max ? nil : best
    }

    func has(_ patterns: ScanPatternSet) -> Bool { firstOf(patterns) != nil }

    /// The offset of the first of `hosts` (host names, or the start of
    /// one, as `oast.`) where a host name or a label of one may start
    /// (`hostMayStart`): `x.oast.fun`, `//webhook.site` and
    /// `https%3A%2F%2Fwebhook.site` hold one; `toast.visible`, `matrix.io`
    /// and the script `./transfer.sh` none.
    func firstHost(_ hosts: ScanPatternSet) -> Int? {
        var best = Int.max
        for hit in hits where hit.first < best && hosts.contains(hit.pattern) {
            let needle = ScanVocabulary.automaton.patterns[Int(hit.pattern)]
            var from = Int(hit.first)
            while from < best, let offset = Self.find(needle, in: folded, from: from), offset < best {
                if hostMayStart(at: offset) {
                    best = offset
                    break
                }
                from = offset + 1
            }
        }
        for host in hosts.unindexed {
            var from = 0
            while let offset = find(host, from: from), offset < best {
                if hostMayStart(at: offset) { best = offset }
                from = offset + 1
            }
        }
        return best == .max ? nil : best
    }

    /// Whether a host name may start at byte `offset`: first on the line;
    /// after a byte no host name holds (not a letter, digit, `_` or `-`),
    /// a `/` only in a run of two or more slashes, or after a scheme's `:`
    /// or a quote (`//host`, `\/\/host`, `https:/host`, `'https:/' + '/host'`:
    /// not a path's folder); or after
    /// an escaped byte (`%2F`, `\x2f`, `\u002f`), as a URL or string may hide
    /// its slashes.
    private func hostMayStart(at offset: Int) -> Bool {
        guard offset > 0 else { return true }
        func hex(_ index: Int) -> Bool {
            let byte = folded[index]
            return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
        }
        let before = folded[offset - 1]
        if before == UInt8(ascii: "/") {
            // A run of slashes (and backslashes) after a scheme's `:` or of
            // two or more: `https:/host` and `https:\/\/host` are URLs too.
            var start = offset - 1
            while start > 0, folded[start - 1] == UInt8(ascii: "/") || folded[start - 1] == UInt8(ascii: "\\") { start -= 1 }
            return offset - start >= 2 || (start > 0 && [":", "'", "\"", "`"].map(UInt8.init(ascii:)).contains(folded[start - 1]))
        }
        if !Self.isWordByte(before) && before != UInt8(ascii: "-") { return true }
        if offset >= 3, folded[offset - 3] == UInt8(ascii: "%"), hex(offset - 2), hex(offset - 1) { return true }
        if offset >= 4, folded[offset - 4] == UInt8(ascii: "\\"), folded[offset - 3] == UInt8(ascii: "x"),
           hex(offset - 2), hex(offset - 1) { return true }
        if offset >= 6, folded[offset - 6] == UInt8(ascii: "\\"), folded[offset - 5] == UInt8(ascii: "u"),
           (offset - 4..<offset).allSatisfy(hex) { return true }
        return false
    }

    /// The offset of the first of `words` standing alone: no letter, digit
    /// or `_` on either side.
    func firstWord(_ words: ScanPatternSet) -> Int? {
        var best = Int.max
        for hit in hits where hit.firstWord >= 0 && hit.firstWord < best && words.contains(hit.pattern) {
            best = Int(hit.firstWord)
        }
        for word in words.unindexed {
            if let offset = findWord(word), offset < best { best = offset }
        }
        return best == .max ? nil : best
    }

    /// The offset of `word` standing alone at or after `start`.
    func findWord(_ word: String, from start: Int = 0) -> Int? {
        let needle = Array(word.utf8)
        var from = start
        while let offset = Self.find(needle, in: folded, from: from) {
            let before = offset == 0 ? 0x20 : folded[offset - 1]
            let after = offset + needle.count < folded.count ? folded[offset + needle.count] : 0x20
            if !Self.isWordByte(before) && !Self.isWordByte(after) { return offset }
            from = offset + 1
        }
        return nil
    }

    /// Whether `text` is all ASCII, so it holds no invisible character.
    static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
    }

    /// The folded line as a string (ASCII-lowered).
    var foldedText: String { String(decoding: folded, as: UTF8.self) }

    /// The position of byte `offset` of the folded line, for a finding.
    func position(in file: String, at offset: Int) -> ScanPosition {
        var column = 0
        for byte in folded[..<min(offset, folded.count)] where byte & 0xC0 != 0x80 { column += 1 }
        return ScanPosition(
            file: file, line: number, column: column + 1, evidence: ScanPosition.evidence(text, around: column))
    }
}
