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
