import Foundation

/// Finds sentences in a `FlatText` and reads each one's provenance labels.
///
/// Label forms (docs/graph.md), all case-insensitive:
/// - `*Label*`, `*Label:*`, `*Label*:` anywhere in a sentence, and a label
///   word marked up inside it (`... are *unverified*.`): the sentence has it;
/// - `(*label*)`, `(*label*, detail)`, `(*label* detail)`: the sentence has
///   it, and the rest of the parenthetical is its qualifier;
/// - `(*label*: detail)`: the detail is a claim of its own with that label;
/// - bare words in parentheses (`(derived; unverified)`, `(...; unverified)`);
/// - a label after "not" or "not yet" does not count;
/// - a sentence where a label (or "a link") is followed by "means" is the
///   legend: it declares the skill's vocabulary and is not a claim.
struct SentenceReader {
    let text: FlatText
    let vocabulary: LabelVocabulary
    /// The label each marked-up run names, if any; read once per block.
    private let runLabels: [ClaimLabel?]

    init(text: FlatText, vocabulary: LabelVocabulary) {
        self.text = text
        bytes = text.bytes
        self.vocabulary = vocabulary
        runLabels = text.runs.map { run in
            run.style == .emphasis && run.range.count <= 40
                ? vocabulary.label(ofMarkedUp: Substring(text.string(run.range))) : nil
        }
    }

    /// The labelled runs starting inside `range`, with their labels.
    private func labelledRuns(in range: Range<Int>) -> [(run: FlatText.Run, label: ClaimLabel)] {
        text.runIndexes(startingIn: range).compactMap { index in runLabels[index].map { (text.runs[index], $0) } }
    }

    struct Sentence {
        var range: Range<Int>
        var labels: [ClaimLabel] = []
        var qualifier: String?
        var links: [Int] = []
        /// Labels this sentence declares, if it is a legend sentence.
        var legend: [ClaimLabel]?
        /// Claims carried by `(*label*: detail)` parentheticals inside it.
        var details: [Detail] = []
    }

    struct Detail {
        var range: Range<Int>
        var label: ClaimLabel
        /// Words between the label and the colon (`closed` in `(*measured* closed: ...)`).
        var qualifier: String?
        var links: [Int]
    }

    /// Stored, not computed: the scans below read it byte by byte.
    private let bytes: [UInt8]

    func sentences() -> [Sentence] {
        let groups = parentheticals()
        return sentenceRanges(outside: groups).compactMap { range in
            read(range, groups: groups.filter { range.contains($0.lowerBound) })
        }
    }

    // MARK: Sentences

    /// Sentence ends: `.`, `!` or `?` outside code and parentheses, followed
    /// by white space and a capital, digit, or opening mark, or by the end.
    private func sentenceRanges(outside groups: [Range<Int>]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        // A sentence is kept trimmed, and only if it holds a letter (or a non-ASCII byte).
        func close(_ range: Range<Int>) {
            guard let range = trimmed(range) else { return }
            if bytes[range].contains(where: { ByteText.isLetter($0) || $0 >= 0x80 }) { ranges.append(range) }
        }
        var start = 0
        var groupIndex = 0
        bytes.withUnsafeBytes { buffer in
            // Only `.`, `!` and `?` can end a sentence: only they are visited.
            ByteText.forEachOffset(of: Self.sentenceMarks, in: buffer) { index in
                while groupIndex < groups.count && groups[groupIndex].upperBound <= index { groupIndex += 1 }
                let inGroup = groupIndex < groups.count && groups[groupIndex].contains(index)
                if !inGroup, !text.isCode(index), let end = sentenceEnd(at: index) {
                    close(start..<end)
                    start = end
                }
            }
        }
        if start < bytes.count { close(start..<bytes.count) }
        return ranges
    }

    private static let sentenceMarks: [UInt8] = [0x2E, 0x21, 0x3F]
    private static let parentheses: [UInt8] = [0x28, 0x29]

    private static let abbreviations: Set<String> = ["e.g", "i.e", "etc", "vs", "cf", "fig", "approx", "eg", "ie", "dr", "mr", "mrs", "ms", "prof", "st"]
    private static let abbreviationBytes = abbreviations.map { Array($0.utf8) }

    /// Whether `bytes[range]`, in lower case, is one of `abbreviations`.
    private func isAbbreviation(_ range: Range<Int>) -> Bool {
        let word = bytes[range]
        guard word.allSatisfy({ $0 < 0x80 }) else {
            // Unicode case mapping can turn other letters into ASCII ones (the Kelvin sign into "k").
            return Self.abbreviations.contains(String(decoding: word, as: UTF8.self).lowercased())
        }
        // Most words before a full stop are ordinary ones: compare bytes, making no string.
        return Self.abbreviationBytes.contains { abbreviation in
            abbreviation.count == word.count && abbreviation.elementsEqual(word.lazy.map(ByteText.lowercased))
        }
    }

    /// Where the sentence ends if the mark at `index` ends one: after the
    /// mark and any closing quotes or brackets right after it.
    private func sentenceEnd(at index: Int) -> Int? {
        var next = index + 1
        while next < bytes.count, bytes[next] == 0x22 || bytes[next] == 0x29 || bytes[next] == 0x27 { next += 1 }
        let end = next
        if next >= bytes.count { return precededByAbbreviation(index) ? nil : end }
        guard bytes[next] == 0x20 || bytes[next] == 0x09 else { return nil }
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
        guard next < bytes.count else { return end }
        let first = bytes[next]
        // "No. 5" is a number, not the end of an answer.
        if first >= 0x30 && first <= 0x39 && precedingWord(index).lowercased() == "no" { return nil }
        let opensSentence = (first >= 0x41 && first <= 0x5A) || (first >= 0x30 && first <= 0x39)
            || startsWithBrandName(at: next)
            || first == 0x28 || first == 0x22 || first == 0x5B || first >= 0xC0
            || text.run(at: next).map { $0.style != .plain && $0.range.lowerBound == next } == true
        return opensSentence && !precededByAbbreviation(index) ? end : nil
    }

    /// A word like "iOS" or "iPhone": lower-case first, a capital inside.
    private func startsWithBrandName(at index: Int) -> Bool {
        guard bytes[index] >= 0x61 && bytes[index] <= 0x7A else { return false }
        var cursor = index + 1
        while cursor < bytes.count, bytes[cursor].isASCIILetterOrDigit {
            if bytes[cursor] >= 0x41 && bytes[cursor] <= 0x5A { return true }
            cursor += 1
        }
        return false
    }

    /// The word that ends at `index` (a `.` or other mark).
    private func precedingWord(_ index: Int) -> String {
        var start = index
        while start > 0, bytes[start - 1] != 0x20, bytes[start - 1] != 0x28 { start -= 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func precededByAbbreviation(_ index: Int) -> Bool {
        var start = index
        while start > 0, bytes[start - 1] != 0x20, bytes[start - 1] != 0x28 { start -= 1 }
        if isAbbreviation(start..<index) { return true }
        // A single capital is an initial ("J. Smith", "John F. Kennedy") when
        // it opens the text or follows a capitalized word; after a lower-case
        // word it is a name of its own ("plan B. Then ...").
        guard index - start == 1, bytes[start] >= 0x41 && bytes[start] <= 0x5A else { return false }
        var previous = start - 1
        while previous >= 0, bytes[previous] == 0x20 { previous -= 1 }
        guard previous >= 0 else { return true }
        var wordStart = previous
        while wordStart > 0, bytes[wordStart - 1] != 0x20 { wordStart -= 1 }
        return bytes[wordStart] >= 0x41 && bytes[wordStart] <= 0x5A
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int>? {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 || bytes[lower] == 0x0A { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 || bytes[upper - 1] == 0x0A { upper -= 1 }
        return lower < upper ? lower..<upper : nil
    }

    /// Top-level `( ... )` groups outside code, as byte ranges including the parentheses.
    private func parentheticals() -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var depth = 0
        var open = 0
        bytes.withUnsafeBytes { buffer in
            ByteText.forEachOffset(of: Self.parentheses, in: buffer) { index in
                if text.isCode(index) { return }
                if buffer[index] == 0x28 {
                    if depth == 0 { open = index }
                    depth += 1
                } else if depth > 0 {
                    depth -= 1
                    if depth == 0 { groups.append(open..<(index + 1)) }
                }
            }
        }
        return groups
    }

    // MARK: Labels

    private func read(_ range: Range<Int>, groups: [Range<Int>]) -> Sentence? {
        var sentence = Sentence(range: range)
        var consumed: [Range<Int>] = []  // groups whose labels are already read

        if let legend = legendLabels(in: range) {
            sentence.legend = legend
            sentence.links = linkIndexes(in: range)
            return sentence
        }

        for group in groups {
            let inner = (group.lowerBound + 1)..<(group.upperBound - 1)
            if let (label, labelEnd) = leadingLabel(in: inner) {
                consumed.append(group)
                let rest = labelEnd..<inner.upperBound
                if let colon = colonAfterLabel(in: rest), let detail = trimmed((colon + 1)..<inner.upperBound) {
                    let qualifier = colon > rest.lowerBound ? trimmed(rest.lowerBound..<colon).map(text.string) : nil
                    sentence.details.append(Detail(
                        range: detail, label: label, qualifier: qualifier, links: linkIndexes(in: detail)))
                    // A qualifier before the colon (`*measured* closed: ...`) stays with the detail.
                    continue
                }
                sentence.labels.append(label)
                // More labels marked up in the same parenthetical (`(*derived*, *judgement*)`).
                sentence.labels += labelledRuns(in: rest).map(\.label)
                if let qualifier = trimmed(rest).map(text.string) {
                    let cleaned = qualifier.drop { $0 == "," || $0 == ";" || $0 == " " }
                    if !cleaned.isEmpty { sentence.qualifier = String(cleaned) }
                }
            } else if !groupHasMarkedLabel(inner) {
                let bare = bareLabels(in: inner)
                if !bare.isEmpty {
                    consumed.append(group)
                    sentence.labels += bare
                }
            }
        }

        for (run, label) in labelledRuns(in: range) {
            if consumed.contains(where: { $0.contains(run.range.lowerBound) }) { continue }
            if negated(before: run.range.lowerBound, from: range.lowerBound) { continue }
            sentence.labels.append(label)
        }

        let detailRanges = sentence.details.map(\.range)
        sentence.links = linkIndexes(in: range).filter { link in
            !detailRanges.contains { $0.contains(text.links[link].range.lowerBound) }
        }
        // Weakest first, each once; most sentences carry one label or none.
        if sentence.labels.count > 1 {
            var unique: [ClaimLabel] = []
            for label in sentence.labels.sorted() where !unique.contains(label) { unique.append(label) }
            sentence.labels = unique
        }
        return sentence
    }

    /// `*Label* means ...` or `a link means ...` anywhere in the sentence.
    private func legendLabels(in range: Range<Int>) -> [ClaimLabel]? {
        guard contains(" means ", in: range) else { return nil }
        var declared: [ClaimLabel] = []
        for (run, label) in labelledRuns(in: range)
        where followedByMeans(run.range.upperBound, within: range) && opensClause(run.range.lowerBound, in: range) {
            declared.append(label)
        }
        if contains("a link means", in: range) || contains("A link means", in: range) { declared.append(.cited) }
        return declared.isEmpty ? nil : declared
    }

    private func contains(_ phrase: StaticString, in range: Range<Int>) -> Bool {
        let needle = UnsafeRawBufferPointer(start: phrase.utf8Start, count: phrase.utf8CodeUnitCount)
        return bytes.withUnsafeBytes { buffer in
            ByteText.firstOffset(of: needle, in: UnsafeRawBufferPointer(rebasing: buffer[range])) != nil
        }
    }

    /// A legend's label opens its clause: at the sentence's start, or after
    /// `:`, `;` or `,` ("Labels below: *measured* means ..."), not mid-phrase
    /// ("the *derived* means of two runs").
    private func opensClause(_ offset: Int, in range: Range<Int>) -> Bool {
        var index = offset
        while index > range.lowerBound, bytes[index - 1] == 0x20 { index -= 1 }
        return index == range.lowerBound || bytes[index - 1] == 0x3A || bytes[index - 1] == 0x3B || bytes[index - 1] == 0x2C
    }

    private func followedByMeans(_ offset: Int, within range: Range<Int>) -> Bool {
        let word = Array(" means ".utf8)
        guard offset + word.count <= range.upperBound else { return false }
        return Array(bytes[offset..<(offset + word.count)]) == word
    }

    /// A label marked up as the first thing inside a parenthetical: the label and where its run ends.
    private func leadingLabel(in inner: Range<Int>) -> (ClaimLabel, Int)? {
        guard let start = trimmed(inner)?.lowerBound,
              let (run, label) = labelledRuns(in: start..<(start + 1)).first
        else { return nil }
        return (label, run.range.upperBound)
    }

    /// The colon that separates a label (and its qualifier) from a detail:
    /// the first colon after the label, if only a few words come before it.
    private func colonAfterLabel(in rest: Range<Int>) -> Int? {
        // `*Measured:*` ends with the colon inside the emphasis.
        if rest.lowerBound > 0, bytes[rest.lowerBound - 1] == 0x3A { return rest.lowerBound - 1 }
        guard let colon = rest.first(where: { bytes[$0] == 0x3A && !text.isCode($0) }) else { return nil }
        let before = bytes[rest.lowerBound..<colon]
        let words = before.split(separator: 0x20).count
        return words <= 4 && !before.contains(0x2C) && !before.contains(0x3B) ? colon : nil
    }

    private func groupHasMarkedLabel(_ inner: Range<Int>) -> Bool {
        !labelledRuns(in: inner).isEmpty
    }

    /// `(derived; unverified)`, `(our reading of it; unverified)`: parts
    /// separated by `;` or `,` that are exactly a label word.
    private func bareLabels(in inner: Range<Int>) -> [ClaimLabel] {
        var labels: [ClaimLabel] = []
        var start = inner.lowerBound
        for index in inner.lowerBound...inner.upperBound {
            guard index == inner.upperBound || bytes[index] == 0x3B || bytes[index] == 0x2C else { continue }
            // Only a short part can be a label word; skip the rest without making a string.
            if index - start <= 24, let part = trimmed(start..<index), let label = vocabulary.label(forUTF8: bytes[part]) {
                labels.append(label)
            }
            start = index + 1
        }
        return labels
    }

    private static let negations: Set<String> = ["not", "never", "no", "nobody", "cannot", "neither", "nor"]

    /// "not measured", "not yet measured", "never measured", "has not been
    /// measured", "no one measured": a negation among the three words before
    /// the label means the sentence does not carry it.
    private func negated(before offset: Int, from start: Int) -> Bool {
        let window = max(start, offset - 32)..<offset
        guard bytes[window].allSatisfy({ $0 < 0x80 }) else {
            let words = text.string(window).lowercased()
                .split(whereSeparator: { !$0.isLetter && $0 != "'" }).suffix(3)
            return words.contains { Self.isNegation(String($0)) }
        }
        // ASCII: the same words (runs of letters and apostrophes), read
        // backwards from the label, without a Character lookup per byte.
        func inWord(_ byte: UInt8) -> Bool { ByteText.isLetter(byte) || byte == 0x27 }
        var end = offset
        for _ in 0..<3 {
            while end > window.lowerBound, !inWord(bytes[end - 1]) { end -= 1 }
            guard end > window.lowerBound else { return false }
            var begin = end - 1
            while begin > window.lowerBound, inWord(bytes[begin - 1]) { begin -= 1 }
            if Self.isNegation(ByteText.lowercasedString(bytes[begin..<end])) {
                return true
            }
            end = begin
        }
        return false
    }

    private static func isNegation(_ word: String) -> Bool {
        negations.contains(word) || word.hasSuffix("n't")
    }

    private func linkIndexes(in range: Range<Int>) -> [Int] {
        text.links.indices.filter { range.contains(text.links[$0].range.lowerBound) || text.links[$0].range == range }
    }
}
