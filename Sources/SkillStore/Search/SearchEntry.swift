/// What one full-text row holds, before it is numbered and written. Built on
/// the worker threads of a publish, so the writer only binds and inserts.
///
/// A skill's text is indexed once, in its section rows: a row per claim
/// would be 80 rows a skill, and FTS5's cost per row made a 20,000-skill
/// publish three times slower (docs/benchmarks.md). Rules and claims are
/// `SearchUnit`s, ranges of their section's text, searched within the
/// sections that match (see `SkillStore.search`).
struct SearchEntry: Sendable {
    var kind: SearchKind
    var name = ""
    var description = ""
    var headings = ""
    var body = ""
    /// Where it is: a line number, or a source anchor.
    var ref: String
    /// For a section: its rules and claims (see `SearchUnit`).
    var units = ""
    /// For a section: which claim labels and whether rules occur in it.
    var contents = SearchRowID.Contents()

    /// Heading paths are indexed and shown as one string.
    static let pathSeparator = " > "

    /// The rows of a skill version: the skill, then one per section (and
    /// one for text before the first heading, if any). A section's text is
    /// its sentences, in order, one per line.
    static func entries(name: String, description: String, graph: SkillGraph) -> [SearchEntry] {
        var entries = [SearchEntry(
            kind: .skill, name: name.split(separator: "-").joined(separator: " "), description: description, ref: "")]
        // Claims before the first heading form a section of their own, with no heading.
        let untitled = graph.sections.count
        var builders = [SectionBuilder](repeating: SectionBuilder(), count: graph.sections.count + 1)
        for claim in graph.claims {
            builders[claim.sectionIndex ?? untitled].add(claim)
        }
        for rule in graph.rules {
            builders[rule.sectionIndex ?? untitled].add(rule)
        }
        for (index, builder) in builders.enumerated() where index < untitled || builder.firstLine != nil {
            let line = index < untitled ? graph.sections[index].location.line : (builder.firstLine ?? 1)
            let path = index < untitled ? Self.indexedPath(graph.sections[index].path, skill: name) : ""
            entries.append(SearchEntry(
                kind: .section, headings: path, body: String(decoding: builder.body, as: UTF8.self), ref: String(line),
                units: builder.units, contents: builder.contents))
        }
        return entries
    }

    /// A section's heading path as indexed: without a top heading that is
    /// only the skill's name (`# oven-spring`, `# Oven spring`), which the
    /// skill's own row holds. In every section's path it would make the
    /// name's words match every section of the skill.
    static func indexedPath(_ path: [String], skill: String) -> String {
        var path = path[...]
        if let title = path.first, SearchQuery.words(in: title).joined(separator: "-") == skill { path = path.dropFirst() }
        return path.joined(separator: pathSeparator)
    }

    /// The rows of a source page: one per section.
    static func entries(source document: SourceDocument) -> [SearchEntry] {
        document.sections.map { section in
            SearchEntry(
                kind: .source, headings: section.title, body: section.text,
                ref: SourceDocument.anchorKey(section.title).split(separator: " ").joined(separator: "-"))
        }
    }
}

/// Builds a section's text from its claims, recording where each claim and rule is.
private struct SectionBuilder {
    /// The section's sentences, one per line.
    var body: [UInt8] = []
    /// The `units` column, as UTF-8: built byte by byte, it makes no string per claim.
    private var unitBytes: [UInt8] = []
    var contents = SearchRowID.Contents()
    var firstLine: Int?
    private var sentences = 0
    /// Where the last sentence starts in `body`, for the parenthetical details inside it.
    private var lastSentence = 0
    /// Each rule's sentences, as a range of sentence numbers.
    private var ruleSentences: [String: ClosedRange<Int>] = [:]

    var units: String { String(decoding: unitBytes, as: UTF8.self) }

    mutating func add(_ claim: Claim) {
        contents.insert(claim.label)
        if firstLine == nil { firstLine = claim.location.line }
        if !unitBytes.isEmpty { unitBytes.append(0x20) }
        appendNumber(claim.location.line)
        unitBytes.append(SearchUnit.code(of: claim.label))
        var text = claim.text
        let length = text.utf8.count
        if claim.unit == .parenthetical {
            // A detail is part of its sentence's text: point into it.
            let sentenceLength = body.count - lastSentence
            let found = text.withUTF8 { detail in
                body.withUnsafeBytes { body in
                    ByteText.firstOffset(
                        of: UnsafeRawBufferPointer(detail), in: UnsafeRawBufferPointer(rebasing: body[lastSentence...]))
                }
            }
            let offset = found ?? 0
            unitBytes.append(0x28)
            appendNumber(offset)
            unitBytes.append(0x2B)
            appendNumber(min(length, sentenceLength - offset))
            unitBytes.append(0x29)
            return
        }
        if !body.isEmpty { body.append(0x0A) }
        lastSentence = body.count
        text.withUTF8 { body.append(contentsOf: $0) }
        // A sentence is one line: a line break inside one would split it in two.
        for index in lastSentence..<body.count where body[index] == 0x0A { body[index] = 0x20 }
        if let rule = claim.rule {
            ruleSentences[rule] = (ruleSentences[rule]?.lowerBound ?? sentences)...sentences
        }
        sentences += 1
    }

    /// A rule covers the sentences of its claims.
    mutating func add(_ rule: Rule) {
        contents.hasRules = true
        guard let range = ruleSentences[rule.id] else { return }
        if !unitBytes.isEmpty { unitBytes.append(0x20) }
        unitBytes.append(contentsOf: rule.id.utf8)
        unitBytes.append(0x40)
        appendNumber(rule.location.line)
        unitBytes.append(0x3A)
        appendNumber(range.lowerBound)
        unitBytes.append(0x2D)
        appendNumber(range.upperBound)
        // `t`: the first sentence is the rule's bold title (`1. **Fold often.** ...`).
        if rule.title != nil { unitBytes.append(0x74) }
    }

    /// `number` in decimal, as `String(number)` writes it.
    private mutating func appendNumber(_ number: Int) {
        if number < 0 { unitBytes.append(0x2D) }
        let value = number.magnitude
        var unit: UInt = 1
        while unit <= value / 10 { unit *= 10 }
        while unit > 0 {
            unitBytes.append(0x30 + UInt8(value / unit % 10))
            unit /= 10
        }
    }
}

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
    static func decode(_ units: String, body: [UInt8]) -> [SearchUnit] {
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in body.enumerated() where byte == 0x0A {
            lines.append(start..<index)
            start = index + 1
        }
        if !body.isEmpty { lines.append(start..<body.count) }

        var decoded: [SearchUnit] = []
        var sentence = -1
        for entry in units.split(separator: " ") {
            if entry.first == "R" {
                let titled = entry.last == "t"
                let parts = entry.dropLast(titled ? 1 : 0).split(whereSeparator: { "@:-".contains($0) })
                guard parts.count == 4, let line = Int(parts[1]), let first = Int(parts[2]), let last = Int(parts[3]),
                      first <= last, last < lines.count
                else { continue }
                decoded.append(SearchUnit(
                    kind: .rule, range: lines[first].lowerBound..<lines[last].upperBound, line: line, rule: String(parts[0]),
                    titled: titled))
                continue
            }
            let digits = entry.prefix { $0.isASCII && $0.isNumber }
            guard let line = Int(digits), let code = entry.dropFirst(digits.count).first,
                  let label = labelCodes.first(where: { Character(UnicodeScalar($0.1)) == code })?.0
            else { continue }
            let detail = entry.dropFirst(digits.count + 1)
            if detail.isEmpty {
                sentence += 1
                guard sentence < lines.count else { continue }
                decoded.append(SearchUnit(kind: .claim, range: lines[sentence], line: line, label: label))
            } else {
                let numbers = detail.split(whereSeparator: { "()+".contains($0) }).compactMap { Int($0) }
                guard numbers.count == 2, sentence >= 0, sentence < lines.count else { continue }
                let lower = lines[sentence].lowerBound + numbers[0]
                guard lower + numbers[1] <= lines[sentence].upperBound else { continue }
                decoded.append(SearchUnit(kind: .claim, range: lower..<(lower + numbers[1]), line: line, label: label))
            }
        }
        return decoded
    }
}
