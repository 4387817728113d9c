import Foundation

/// One line of a scanned file, ready for matching: its text as written (for
/// evidence) and a folded copy (ASCII lower-cased, invisible characters
/// dropped so `cu<U+200B>rl` still reads `curl`). Matching is plain substring
/// search over bounded lines, so its cost is linear in the line times the
/// needle, whatever the input.
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
    /// Set when the line teaches about attacks (a red-flags section, an
    /// example introduced as malicious, a detection pattern) rather than
    /// telling the agent to do something.
    var descriptive = false
    /// The adjacent byte pairs of `folded`, hashed into 1,024 bits: a needle
    /// with a pair the line lacks is not in it, which is known without a
    /// pass over the line. Most of the hundreds of patterns matched against
    /// every line end there; without it the scan doubled a bulk publish.
    private var pairs = SIMD16<UInt64>()

    init(number: Int, text: String, context: Context) {
        self.number = number
        self.text = text
        self.context = context
        folded = Self.fold(text)
        if folded.count > 1 {
            for index in 1..<folded.count {
                let bit = Self.pairBit(folded[index - 1], folded[index])
                pairs[bit >> 6] |= 1 << UInt64(bit & 63)
            }
        }
    }

    private static func pairBit(_ first: UInt8, _ second: UInt8) -> Int { (Int(first) &* 131 &+ Int(second)) & 1023 }

    /// False when `needle` cannot be in the line (one of its pairs is
    /// missing); true when it may be.
    private func mayContain(_ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count > 1 else { return true }
        for index in 1..<needle.count {
            let bit = Self.pairBit(needle[index - 1], needle[index])
            if pairs[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return false }
        }
        return true
    }

    /// Lower-cases ASCII and drops disguising characters (zero-width, bidi,
    /// tags, controls other than tab).
    static func fold(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
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
    func find(_ needle: String, from start: Int = 0) -> Int? {
        // The needle's own UTF-8, not a copy: this runs for every pattern
        // on every line, and an array per call was most of the scan's time.
        var needle = needle
        return needle.withUTF8 { mayContain($0) ? Self.find($0, in: folded, from: start) : nil }
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

    /// The first of `needles` found, as an offset.
    func firstOf(_ needles: [String]) -> Int? {
        var best: Int?
        for needle in needles {
            if let offset = find(needle), offset < (best ?? Int.max) { best = offset }
        }
        return best
    }

    /// The offset of `word` standing alone: no letter, digit or `_` on either side.
    func findWord(_ word: String, from start: Int = 0) -> Int? {
        let needle = Array(word.utf8)
        guard needle.withUnsafeBufferPointer(mayContain) else { return nil }
        var from = start
        while let offset = Self.find(needle, in: folded, from: from) {
            let before = offset == 0 ? 0x20 : folded[offset - 1]
            let after = offset + needle.count < folded.count ? folded[offset + needle.count] : 0x20
            if !Self.isWordByte(before) && !Self.isWordByte(after) { return offset }
            from = offset + 1
        }
        return nil
    }

    func firstWord(_ words: [String]) -> Int? {
        var best: Int?
        for word in words {
            if let offset = findWord(word), offset < (best ?? Int.max) { best = offset }
        }
        return best
    }

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
