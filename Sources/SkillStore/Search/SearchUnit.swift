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
        let lineCount = starts.count
        func lineRange(_ index: Int) -> Range<Int> { starts[index]..<ends[index] }

        var decoded: [SearchUnit] = []
        var sentence = -1
        for entry in Array(units.utf8).split(separator: UInt8(ascii: " ")) {
            if entry.first == UInt8(ascii: "R") {
                let titled = entry.last == UInt8(ascii: "t")
                let parts = entry.dropLast(titled ? 1 : 0).split(omittingEmptySubsequences: false) {
                    $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "-")
                }
                guard parts.count == 4, let line = number(parts[1]), let first = number(parts[2]), let last = number(parts[3]),
                      first <= last, last < lineCount
                else { continue }
                decoded.append(SearchUnit(
                    kind: .rule, range: starts[first]..<ends[last], line: line,
                    rule: String(decoding: parts[0], as: UTF8.self), titled: titled))
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
                let numbers = detail.dropFirst().dropLast()
                    .split(separator: UInt8(ascii: "+"), omittingEmptySubsequences: false).map(number)
                guard detail.first == UInt8(ascii: "("), detail.last == UInt8(ascii: ")"), numbers.count == 2,
                      let start = numbers[0], let length = numbers[1], sentence >= 0, sentence < lineCount,
                      start <= lineRange(sentence).count, length <= lineRange(sentence).count - start
                else { continue }
                let lower = starts[sentence] + start
                decoded.append(SearchUnit(kind: .claim, range: lower..<(lower + length), line: line, label: label))
            }
        }
        return decoded
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
