/// A skill as a search compares it with the skills it shows, to list its
/// copies with them instead of beside them. Collections copy a skill and
/// edit its body a little (a link, a line), so the SKILL.md bytes differ
/// while the skill is the same to whoever chooses one to load; some also
/// prefix the name with the folders it sat in (`office-hours` becomes
/// `gstack-office-hours`).
struct NearDuplicate: Equatable {
    let name: String
    /// As written: folded only to compare with a skill whose name is
    /// related (`isCopy`), since a search compares each of its candidates
    /// with every skill it shows, and folding each description up front
    /// was a sixth of a search.
    let description: String
    /// Whether `name` is ASCII (every valid name is), found once: a search
    /// compares each candidate's name with each shown skill's, and asking
    /// at each comparison was 4% of a search.
    private let asciiName: Bool

    init(name: String, description: String) {
        self.name = name
        self.description = description
        asciiName = name.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Lower case, each run of white space one space, none at either end.
    /// ASCII (nearly every description) byte by byte: a search folds the
    /// description of each of its fifty candidates, and Character by
    /// Character that was a tenth of the search.
    static func folded(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var space = false
        for byte in text.utf8 {
            // The ASCII white space of Character.isWhitespace: space, tab,
            // line feed, vertical tab, form feed, carriage return.
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                space = !bytes.isEmpty
                continue
            }
            if space { bytes.append(0x20) }
            space = false
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same description (case and white space aside), not empty, and
    /// the same name or one name the other with words before it.
    func isCopy(of other: NearDuplicate) -> Bool {
        guard name == other.name || Self.hasWordsBefore(self, other) || Self.hasWordsBefore(other, self)
        else { return false }
        return Self.sameFolded(description, other.description)
    }

    /// Whether `skill`'s name is `other`'s with words before it
    /// (`gstack-office-hours` and `office-hours`): `hasSuffix("-" + name)`. A search asks this of each candidate and each
    /// skill shown: ASCII names (all valid ones) are compared as bytes,
    /// without making `"-" + last`.
    private static func hasWordsBefore(_ skill: NearDuplicate, _ other: NearDuplicate) -> Bool {
        guard skill.asciiName, other.asciiName else { return skill.name.hasSuffix("-" + other.name) }
        let (whole, tail) = (skill.name.utf8, other.name.utf8)
        guard whole.count > tail.count else { return false }
        let start = whole.index(whole.endIndex, offsetBy: -tail.count)
        return whole[whole.index(before: start)] == UInt8(ascii: "-") && whole[start...].elementsEqual(tail)
    }

    /// Whether `first` and `second` fold (`folded`) to the same text, not
    /// empty. ASCII is compared as it is folded, stopping at the first
    /// difference (where two descriptions usually differ: their first
    /// words); text outside ASCII is folded whole.
    static func sameFolded(_ first: String, _ second: String) -> Bool {
        var one = ASCIIFolding(first.utf8)
        var other = ASCIIFolding(second.utf8)
        var any = false
        while true {
            switch (one.next(), other.next()) {
            case (.end, .end): return any
            case (.byte(let a), .byte(let b)) where a == b: any = true
            case (.notASCII, _), (_, .notASCII):
                let folded = Self.folded(first)
                return !folded.isEmpty && folded == Self.folded(second)
            default: return false
            }
        }
    }

    /// The bytes of `folded` for ASCII text, one at a time.
    private struct ASCIIFolding {
        enum Step { case byte(UInt8), end, notASCII }
        private var iterator: String.UTF8View.Iterator
        /// A byte read after white space, given after the one space.
        private var pending: UInt8?
        private var started = false
        private var space = false

        init(_ text: String.UTF8View) { iterator = text.makeIterator() }

        mutating func next() -> Step {
            if let byte = pending {
                pending = nil
                return .byte(byte)
            }
            while let byte = iterator.next() {
                if byte >= 0x80 { return .notASCII }
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    space = started
                    continue
                }
                let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                started = true
                if space {
                    space = false
                    pending = lower
                    return .byte(0x20)
                }
                return .byte(lower)
            }
            return .end
        }
    }
}
