/// Builds a `SkillGraph` from a skill's Markdown tree.
struct GraphExtractor {
    let skill: String
    let vocabulary: LabelVocabulary
    /// The pack's source registry (`metadata.sources`), without fragment.
    let registry: String?
    /// Whether to read every link into a `Citation`; a publish stores none
    /// (they are read again from the blob) and skips the URL parsing.
    let readsCitations: Bool

    private var graph = SkillGraph()
    /// Skills cite the same pages again and again: each URL is read once.
    private var targets: [String: CitationTarget] = [:]
    private var headings: [(level: Int, title: String)] = []
    private var lastLine = 1

    init(skill: String, vocabulary: LabelVocabulary, registry: String?, readsCitations: Bool = true) {
        self.skill = skill
        self.readsCitations = readsCitations
        self.vocabulary = vocabulary
        self.registry = registry.map { CitationTarget.withoutFragment($0) }
    }

    /// The graph of `document`. Without `citations`, the graph has no
    /// citations and its claims cite none (their labels are the same: a
    /// sentence with a link is still *cited*).
    static func extract(
        from document: SkillDocument, vocabulary: LabelVocabulary = .standard, citations: Bool = true
    ) -> SkillGraph {
        let registry = document.frontMatter["metadata"]?["sources"]?.scalarText
        var extractor = GraphExtractor(
            skill: document.name, vocabulary: vocabulary, registry: registry, readsCitations: citations)
        extractor.walk(document.body.children, unit: .paragraph, rule: nil)
        extractor.closeSection(before: (document.body.end?.line ?? extractor.lastLine) + 1)
        // Paths are filled in once at the end: an array per claim while
        // walking would be copied for every sentence of the skill.
        var graph = extractor.graph
        let paths = graph.sections.map(\.path)
        for index in graph.claims.indices {
            if let section = graph.claims[index].sectionIndex { graph.claims[index].section = paths[section] }
        }
        for index in graph.rules.indices {
            if let section = graph.rules[index].sectionIndex { graph.rules[index].section = paths[section] }
        }
        return graph
    }

    private var path: [String] { headings.map(\.title) }
    private var sectionIndex: Int? { graph.sections.isEmpty ? nil : graph.sections.count - 1 }

    private mutating func walk(_ blocks: [MarkdownNode], unit: Claim.Unit, rule: String?, depth: Int = 0) {
        for block in blocks {
            switch block.kind {
            case .heading(let level):
                closeSection(before: block.start?.line ?? lastLine)
                while let last = headings.last, last.level >= level { headings.removeLast() }
                headings.append((level, block.plainText.trimmedSpaces))
                graph.sections.append(Section(
                    path: path, level: level, location: block.start ?? SourceLocation(line: 1, column: 1),
                    endLine: block.end?.line ?? lastLine))
            case .paragraph:
                readBlock(block.children, at: block.start, unit: unit, rule: rule, context: nil)
            case .list(let ordered, let start):
                let isRuleList = ordered && depth == 0 && rule == nil
                    && headings.last.map { $0.title.lowercased().hasPrefix("rules") } == true
                for (offset, item) in block.children.enumerated() {
                    var itemRule = rule
                    if isRuleList { itemRule = addRule(item, number: start + offset) }
                    walk(item.children, unit: .listItem, rule: itemRule, depth: depth + 1)
                }
            case .item, .taskItem, .blockQuote:
                walk(block.children, unit: unit, rule: rule, depth: depth + 1)
            case .table:
                readTable(block, rule: rule)
            default:
                break
            }
            if let end = block.end?.line { lastLine = max(lastLine, end) }
        }
    }

    /// Ends the open section on the line before `line`.
    private mutating func closeSection(before line: Int) {
        guard !graph.sections.isEmpty else { return }
        let index = graph.sections.count - 1
        graph.sections[index].endLine = max(graph.sections[index].location.line, line - 1)
    }

    // MARK: Rules

    private mutating func addRule(_ item: MarkdownNode, number: Int) -> String {
        let paragraph = item.children.first { $0.kind == .paragraph }
        let inlines = paragraph?.children ?? []
        var id = "R\(number)"
        var title: String?
        if let first = inlines.first, first.kind == .strong {
            title = first.plainText.trimmedSpaces
        }
        // An item that starts with its own id (`R7.`, `**R7**`) keeps it.
        let opening = (inlines.first?.plainText ?? "").prefix(12)
        if let own = Self.ruleID(atStartOf: opening) {
            id = own
            if title == own || title == own + "." { title = nil }
        }
        if let text = title, let own = Self.ruleID(atStartOf: Substring(text)) {
            id = own
            title = String(text.dropFirst(own.count).drop { $0 == "." || $0 == ":" || $0 == " " })
        }
        graph.rules.append(Rule(
            id: id, number: Int(id.dropFirst()) ?? number, title: title?.isEmpty == true ? nil : title,
            text: item.plainText.trimmedSpaces,
            location: item.start ?? SourceLocation(line: 1, column: 1), section: [], sectionIndex: sectionIndex))
        return id
    }

    /// `R7` when `text` starts with `R<digits>` followed by `.`, `:`, a space or its end.
    static func ruleID(atStartOf text: Substring) -> String? {
        guard text.first == "R" else { return nil }
        let digits = text.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < 5 else { return nil }
        let after = text.dropFirst(1 + digits.count).first
        guard after == nil || after == "." || after == ":" || after == " " else { return nil }
        return "R" + digits
    }

    // MARK: Claims

    private mutating func readTable(_ table: MarkdownNode, rule: String?) {
        let rows = table.children
        guard let header = rows.first else { return }
        let titles = header.children.map { $0.plainText.trimmedSpaces }
        for row in rows.dropFirst() {
            let cells = row.children
            let key = cells.first?.plainText.trimmedSpaces ?? ""
            for (column, cell) in cells.enumerated() {
                // The first column names the row; it is context, not a claim.
                let isKey = column == 0 && cells.count > 1
                let title = column < titles.count ? titles[column] : ""
                readBlock(
                    cell.children, at: cell.start, unit: .tableRow, rule: rule,
                    context: isKey ? nil : "\(key) · \(title)", citationsOnly: isKey)
            }
        }
    }

    private mutating func readBlock(
        _ inlines: [MarkdownNode], at location: SourceLocation?, unit: Claim.Unit, rule: String?,
        context: String?, citationsOnly: Bool = false
    ) {
        let text = FlatText(inlines, fallback: location)
        guard !text.bytes.isEmpty else { return }
        let citationBase = graph.citations.count
        if readsCitations {
            for link in text.links { graph.citations.append(citation(for: link, in: text)) }
        }
        if citationsOnly { return }
        let fallback = location ?? SourceLocation(line: 1, column: 1)
        for sentence in SentenceReader(text: text, vocabulary: vocabulary).sentences() {
            // A rule item's own id (`R7.`) is neither a claim nor a link. The
            // length test comes first: it spares a string of every other sentence.
            if let rule, sentence.range.count <= rule.utf8.count + 1,
               Self.ruleID(atStartOf: Substring(text.string(sentence.range))) == rule {
                continue
            }
            readCrossLinks(in: sentence.range, of: text, fallback: fallback, currentRule: rule)
            if let legend = sentence.legend {
                for label in legend where !graph.legend.contains(label.rawValue) { graph.legend.append(label.rawValue) }
                graph.legendLocations.append(text.location(of: sentence.range.lowerBound) ?? fallback)
                continue
            }
            let label = sentence.labels.first ?? (sentence.links.isEmpty ? .unlabelled : .cited)
            addClaim(Claim(
                text: text.string(sentence.range), label: label, labels: sentence.labels,
                qualifier: sentence.qualifier, unit: unit,
                location: text.location(of: sentence.range.lowerBound) ?? fallback, section: [],
                sectionIndex: sectionIndex, rule: rule,
                context: context, citations: readsCitations ? sentence.links.map { $0 + citationBase } : []))
            for detail in sentence.details {
                addClaim(Claim(
                    text: text.string(detail.range), label: detail.label, labels: [detail.label], qualifier: detail.qualifier,
                    unit: .parenthetical, location: text.location(of: detail.range.lowerBound) ?? fallback,
                    section: [], sectionIndex: sectionIndex, rule: rule, context: context,
                    citations: readsCitations ? detail.links.map { $0 + citationBase } : []))
            }
        }
    }

    private mutating func addClaim(_ claim: Claim) {
        let index = graph.claims.count
        for citation in claim.citations { graph.citations[citation].claim = index }
        graph.claims.append(claim)
    }

    private mutating func citation(for link: FlatText.Link, in text: FlatText) -> Citation {
        let target: CitationTarget
        if let known = targets[link.url] {
            target = known
        } else {
            target = CitationTarget(link.url, registry: registry)
            targets[link.url] = target
        }
        return Citation(
            text: text.string(link.range), url: link.url, target: target.target, fragment: target.fragment,
            kind: target.kind, location: link.location ?? text.location(of: link.range.lowerBound) ?? SourceLocation(line: 1, column: 1),
            urlTime: target.time, textTimes: TimeText.times(in: text.string(link.range)), claim: nil)
    }

    // MARK: Cross-links

    /// Skill names in inline code, and rule ids tied to the nearest skill
    /// named before them in the sentence (else after, else this skill).
    private mutating func readCrossLinks(
        in range: Range<Int>, of text: FlatText, fallback: SourceLocation, currentRule: String?
    ) {
        var named: [(offset: Int, name: String)] = []
        var ruleIDs: [(offset: Int, id: String)] = []
        for index in text.runIndexes(overlapping: range) {
            let run = text.runs[index]
            // A text run can span a sentence boundary: read only this sentence's part.
            let part = max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound)
            guard run.style == .code || (run.link == nil && ByteText.contains(0x52, in: text.bytes[part])) else { continue }
            let content = text.string(part)
            if run.style == .code {
                if let id = Self.ruleID(atStartOf: Substring(content)), id == content {
                    ruleIDs.append((run.range.lowerBound, id))
                } else if SkillName.isValid(content), content != skill, run.link == nil {
                    // A valid name is ASCII: a byte test says what `contains("-")` would.
                    let certain = content.utf8.contains(0x2D)
                    graph.links.append(CrossLink(
                        kind: .skill, skill: content, rule: nil,
                        location: text.location(of: run.range.lowerBound) ?? fallback, certain: certain))
                    if certain { named.append((run.range.lowerBound, content)) }
                }
            } else {
                ruleIDs += Self.ruleIDs(in: content).map { (part.lowerBound + $0.offset, $0.id) }
            }
        }
        // Both lists are in text order: walk them together, not one search per id.
        var nearest = -1
        for (offset, id) in ruleIDs {
            while nearest + 1 < named.count && named[nearest + 1].offset < offset { nearest += 1 }
            let target = nearest >= 0 ? named[nearest].name : (named.first?.name ?? skill)
            // A rule naming itself (`R7.` at the start of item 7) is not a link.
            if target == skill && id == currentRule { continue }
            graph.links.append(CrossLink(
                kind: .rule, skill: target, rule: id, location: text.location(of: offset) ?? fallback, certain: true))
        }
    }

    /// Whole-word `R<digits>` tokens in plain text, with their byte offsets.
    static func ruleIDs(in text: String) -> [(offset: Int, id: String)] {
        var found: [(Int, String)] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let startsWord = index == 0 || !(bytes[index - 1].isASCIILetterOrDigit)
            if bytes[index] == 0x52, startsWord {
                var end = index + 1
                while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
                if end > index + 1, end - index < 6, end == bytes.count || !bytes[end].isASCIILetterOrDigit {
                    found.append((index, String(decoding: bytes[index..<end], as: UTF8.self)))
                }
                index = end
            } else {
                index += 1
            }
        }
        return found
    }
}

extension UInt8 {
    var isASCIILetterOrDigit: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A)
    }
}

extension String {
    /// Without leading and trailing white space (a fast path for ASCII).
    var trimmedSpaces: String {
        let utf8 = self.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, ByteText.isWhitespace(utf8[start]) { utf8.formIndex(after: &start) }
        while end > start, ByteText.isWhitespace(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
        // Ends that are ASCII and not white space are where the scalar scan
        // below would stop; a non-ASCII end may be white space, so it decides.
        if start == end { return "" }
        if utf8[start] < 0x80 && utf8[utf8.index(before: end)] < 0x80 {
            return start == utf8.startIndex && end == utf8.endIndex ? self : String(self[start..<end])
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
