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
    /// empty. Compared as they are folded, scalar by scalar, stopping at
    /// the first difference (where two descriptions usually differ: their
    /// first words); a text holding a scalar that may join a neighbour
    /// into one Character (outside Latin and common punctuation, where
    /// `folded` reads Characters) is folded whole.
    static func sameFolded(_ first: String, _ second: String) -> Bool {
        var one = Folding(first.unicodeScalars)
        var other = Folding(second.unicodeScalars)
        var any = false
        while true {
            switch (one.next(), other.next()) {
            case (.end, .end): return any
            case (.scalar(let a), .scalar(let b)) where a == b: any = true
            // Scalars that may join a neighbour, and two that differ where
            // either is outside ASCII: String's == compares canonical
            // equivalents (`é` and `e` with U+0301) as equal, so the texts
            // are folded whole and compared as folded().
            case (.mayJoin, _), (_, .mayJoin):
                return Self.sameWhenFoldedWhole(first, second)
            case (.scalar(let a), .scalar(let b)) where !a.isASCII || !b.isASCII:
                return Self.sameWhenFoldedWhole(first, second)
            default: return false
            }
        }
    }

    private static func sameWhenFoldedWhole(_ first: String, _ second: String) -> Bool {
        let folded = Self.folded(first)
        return !folded.isEmpty && folded == Self.folded(second)
    }

    /// The scalars of `folded` for text whose every scalar is a Character
    /// of its own there (Latin letters and symbols below U+0300, general
    /// punctuation, arrows), one at a time: each lower-cased as
    /// `lowercased()` maps it, each run of white space one space.
    private struct Folding {
        enum Step: Equatable { case scalar(Unicode.Scalar), end, mayJoin }
        private var iterator: String.UnicodeScalarView.Iterator
        /// A scalar read after white space, given after the one space.
        private var held: Unicode.Scalar?
        /// The rest of a lower-case mapping of several scalars (`İ`), and
        /// how many of them were given.
        private var rest: [Unicode.Scalar] = []
        private var given = 0
        private var started = false
        private var space = false

        init(_ text: String.UnicodeScalarView) { iterator = text.makeIterator() }

        mutating func next() -> Step {
            if let scalar = held {
                held = nil
                return .scalar(scalar)
            }
            if given < rest.count {
                given += 1
                return .scalar(rest[given - 1])
            }
            while let scalar = iterator.next() {
                let value = scalar.value
                var lower = scalar
                if value < 0x80 {
                    if value == 0x20 || (0x09...0x0D).contains(value) {
                        space = started
                        continue
                    }
                    if value >= 0x41 && value <= 0x5A { lower = Unicode.Scalar(UInt8(value + 0x20)) }
                } else {
                    guard Self.standsAlone(value) else { return .mayJoin }
                    let properties = scalar.properties
                    if properties.isWhitespace {
                        space = started
                        continue
                    }
                    let mapping = properties.lowercaseMapping.unicodeScalars
                    lower = mapping.first ?? scalar
                    if mapping.count > 1 { (rest, given) = (Array(mapping.dropFirst()), 0) }
                }
                started = true
                if space {
                    space = false
                    held = lower
                    return .scalar(" ")
                }
                return .scalar(lower)
            }
            return .end
        }

        /// Scalars that neither extend the Character before them nor join
        /// the next: Latin-1 and Latin Extended (below the combining marks
        /// at U+0300), general punctuation without the invisible format
        /// characters (U+2010-U+2027, U+2030-U+205E), arrows.
        static func standsAlone(_ value: UInt32) -> Bool {
            value < 0x300 || (0x2010...0x2027).contains(value) || (0x2030...0x205E).contains(value)
                || (0x2190...0x21FF).contains(value)
        }
    }
}
