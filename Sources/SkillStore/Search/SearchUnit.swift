/// A rule or claim: a range of its section's indexed text.
///
/// A section row's text is its sentences, one per line; its `units` column
/// lists, in order and separated by spaces, one entry per claim and rule:
///
///     12m           a sentence on line 12, labelled measured (the next line
///                   of the text); labels m d j u, c cited, n unlabelled
///     12d(3+25)     a parenthetical detail of the sentence before: 25 bytes
///                   from byte 3 of that sentence
///     R3@10:4-7     rule R3, on line 10: sentences 4 to 7 (counted from 0)
///     R3@10:4-7t    the same, whose first sentence is its bold title
struct SearchUnit: Equatable {
    var kind: SearchKind
    /// UTF-8 offsets into the section's text.
    var range: Range<Int>
    var line: Int
    var label: ClaimLabel?
    var rule: String?
    /// For a rule: its first sentence is its title.
    var titled = false

    private static let labelCodes: [(ClaimLabel, UInt8)] = [
        (.measured, UInt8(ascii: "m")), (.derived, UInt8(ascii: "d")), (.judgement, UInt8(ascii: "j")),
        (.unverified, UInt8(ascii: "u")), (.cited, UInt8(ascii: "c")), (.unlabelled, UInt8(ascii: "n")),
    ]

    /// The code of `label`, as an ASCII byte.
    static func code(of label: ClaimLabel) -> UInt8 {
        labelCodes.first { $0.0 == label }?.1 ?? UInt8(ascii: "n")
    }

    /// The units of a section row, from its text and `units` column.
    /// Entries that do not read (or point outside the text) are skipped.
    /// Read as bytes (the column is ASCII as written; other bytes fail to
    /// read): Character by Character this was a fifteenth of a search
    /// command, for the few sections it shows.
    static func decode(_ units: String, body: [UInt8]) -> [SearchUnit] {
        // Where each line starts and ends, as two lists of offsets: the
        // first array of ranges of a process costs the runtime a scan of
        // every protocol conformance in the binary.
        var (starts, ends) = ([Int](), [Int]())
        body.withUnsafeBytes { bytes in
            ByteText.forEachOffset(of: [0x0A], in: bytes) { index in
                starts.append(ends.last.map { $0 + 1 } ?? 0)
                ends.append(index)
            }
        }
        if !body.isEmpty {
            starts.append(ends.last.map { $0 + 1 } ?? 0)
            ends.append(body.count)
        }
        // Constants from here: read by `lineRange` without a captured var's box.
        let (lineStarts, lineEnds) = (starts, ends)
        let lineCount = lineStarts.count
        func lineRange(_ index: Int) -> Range<Int> { lineStarts[index]..<lineEnds[index] }

        var decoded: [SearchUnit] = []
        var sentence = -1
        // Each entry a slice of the column's bytes: split into arrays of
        // arrays, the entries of the few sections a search shows cost more
        // than choosing among them.
        let text = Array(units.utf8)
        var entryStart = 0
        while entryStart < text.count {
            var entryEnd = entryStart
            while entryEnd < text.count, text[entryEnd] != UInt8(ascii: " ") { entryEnd += 1 }
            defer { entryStart = entryEnd + 1 }
            let entry = text[entryStart..<entryEnd]
            guard let first = entry.first else { continue }
            if first == UInt8(ascii: "R") {
                let titled = entry.last == UInt8(ascii: "t")
                guard let parts = fields(of: entry.dropLast(titled ? 1 : 0)), let line = number(parts.1),
                      let firstLine = number(parts.2), let last = number(parts.3), firstLine <= last, last < lineCount
                else { continue }
                decoded.append(SearchUnit(
                    kind: .rule, range: lineStarts[firstLine]..<lineEnds[last], line: line,
                    rule: String(decoding: parts.0, as: UTF8.self), titled: titled))
                continue
            }
            let digits = entry.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard let line = number(digits), let code = entry.dropFirst(digits.count).first,
                  let label = labelCodes.first(where: { $0.1 == code })?.0
            else { continue }
            let detail = entry.dropFirst(digits.count + 1)
            if detail.isEmpty {
                sentence += 1
                guard sentence < lineCount else { continue }
                decoded.append(SearchUnit(kind: .claim, range: lineRange(sentence), line: line, label: label))
            } else {
                // `(start+length)`, nothing else.
                let inside = detail.dropFirst().dropLast()
                guard detail.count >= 2, detail.first == UInt8(ascii: "("), detail.last == UInt8(ascii: ")"),
                      let plus = inside.firstIndex(of: UInt8(ascii: "+")),
                      let start = number(inside[..<plus]), let length = number(inside[(plus + 1)...]),
                      sentence >= 0, sentence < lineCount,
                      start <= lineRange(sentence).count, length <= lineRange(sentence).count - start
                else { continue }
                let lower = lineStarts[sentence] + start
                decoded.append(SearchUnit(kind: .claim, range: lower..<(lower + length), line: line, label: label))
            }
        }
        return decoded
    }

    /// A rule entry's four fields, `R3@10:4-7` without its `t`: the rule,
    /// its line, its first and last sentence, split at `@`, `:` and `-`,
    /// whichever of them comes; nil unless there are exactly four.
    private static func fields(
        of entry: ArraySlice<UInt8>
    ) -> (ArraySlice<UInt8>, ArraySlice<UInt8>, ArraySlice<UInt8>, ArraySlice<UInt8>)? {
        var cuts: (Int, Int, Int) = (0, 0, 0)
        var found = 0
        for index in entry.indices {
            let byte = entry[index]
            guard byte == UInt8(ascii: "@") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") else { continue }
            switch found {
            case 0: cuts.0 = index
            case 1: cuts.1 = index
            case 2: cuts.2 = index
            default: return nil
            }
            found += 1
        }
        guard found == 3 else { return nil }
        return (entry[..<cuts.0], entry[(cuts.0 + 1)..<cuts.1], entry[(cuts.1 + 1)..<cuts.2], entry[(cuts.2 + 1)...])
    }

    /// ASCII digits as a number that is not negative; nil for anything
    /// else, or too large for an Int.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowAgain else { return nil }
            value = sum
        }
        return value
    }
}
