import Foundation

extension SkillStore {
    /// The search index's tokenizer on this connection, made on first use.
    func textTokenizer() throws -> TextTokenizer {
        if let made = searchTextTokenizer { return made }
        let made = try TextTokenizer(database: database, specification: Self.searchTokenizer)
        searchTextTokenizer = made
        return made
    }

    /// The best sections of each version for the query, each shown as its
    /// best rule or claim when one holds every query word the section holds.
    ///
    /// Sections are ranked by how many of the query's words they hold (half
    /// a word more for each held in the heading path), then in the skill's
    /// order. A section holds a word where FTS5 would match it: the shown
    /// skills' sections are read and run through the index's own tokenizer
    /// (`TextTokenizer`), since asking the index would walk a common word's
    /// list through the whole store once per word and skill. With quoted
    /// words or exclusions, only sections matching the question count.
    func passages(of versions: [Int], query: SearchQuery) throws -> [Int: [SearchHit]] {
        let tokenizer = try textTokenizer()
        let matcher = SearchTermMatcher(query: query, tokenizer: tokenizer)
        var passages: [Int: [SearchHit]] = [:]
        for version in versions {
            let range = SearchRowID.range(of: SearchKind.section.code...SearchKind.section.code, owner: version)
            // A section's score is at most what the screen says its heading
            // path and text may hold: sections are read and tokenized in
            // that order, until none left could beat the ones shown.
            // Screened where SQLite holds the texts: a section holding none
            // of the query's words is never copied out. Those that may are
            // copied there, since reading them again one by one (a seek and
            // a row of values each) cost more than copying them all.
            let everyGroup = Set(0..<matcher.groupCount)
            var screened = try database.eachRow(
                "SELECT rowid, headings, body, ref, units FROM search WHERE rowid BETWEEN ? AND ?",
                [.integer(range.lowerBound), .integer(range.upperBound)]
            ) { statement -> ScreenedSection? in
                let inHeadings = statement.withBytes(at: 1) { matcher.screen.groups(mayBeIn: $0) } ?? everyGroup
                let inBody = statement.withBytes(at: 2) { matcher.screen.groups(mayBeIn: $0) } ?? everyGroup
                let held = inHeadings.union(inBody)
                guard !held.isEmpty else { return nil }
                // As a row reads them, after the screen's look: SQLite keeps a
                // number's type when it is read as text (INTEGER or FLOAT with
                // TEXT reads as the number), so a damaged row reads as before
                // (DatabaseRowTests.textReadersReadAsRowsDo).
                return ScreenedSection(
                    rowID: Int64(try statement.wholeNumber(at: 0)), bound: Double(held.count) + 0.5 * Double(inHeadings.count),
                    headings: statement.string(at: 1), body: statement.bytes(at: 2), ref: statement.string(at: 3),
                    units: statement.string(at: 4))
            }.compactMap { $0 }
            screened.sort { ($0.bound, -$0.rowID) > ($1.bound, -$1.rowID) }
            var sections: [ReadSection] = []
            for screenedSection in screened {
                let (rowID, bound) = (screenedSection.rowID, screenedSection.bound)
                if sections.count >= Self.passagesPerSkill {
                    let last = sections[Self.passagesPerSkill - 1]
                    if (bound, -rowID) < (last.score, -last.row.rowID) { break }
                }
                let (headings, body) = (screenedSection.headings, screenedSection.body)
                let headingTokens = matcher.tokens(of: headings, tokenizer: tokenizer)
                let bodyTokens = body.withUnsafeBytes { matcher.tokens(of: $0, tokenizer: tokenizer) }
                let inHeadings = matcher.matches(in: headingTokens)
                let inBody = matcher.matches(in: bodyTokens)
                let held = matcher.groups(in: inHeadings).union(matcher.groups(in: inBody))
                let excluded = (inHeadings + inBody).contains { $0.group == nil }
                guard matcher.answersQuestion(groups: held, excluded: excluded) else { continue }
                sections.append(ReadSection(
                    row: SectionRow(rowID: rowID, owner: version, headings: headings, body: body),
                    ref: screenedSection.ref, units: screenedSection.units, held: held,
                    score: Double(held.count) + 0.5 * Double(matcher.groups(in: inHeadings).count),
                    headingTokens: headingTokens, headingMatches: inHeadings, bodyTokens: bodyTokens, bodyMatches: inBody))
                sections.sort { ($0.score, -$0.row.rowID) > ($1.score, -$1.row.rowID) }
            }

            var shown: [(score: Double, order: Int, hit: SearchHit)] = []
            for (order, section) in sections.prefix(Self.passagesPerSkill).enumerated() {
                let headings = SearchTermMatcher.highlighted(
                    Array(section.row.headings.utf8), tokens: section.headingTokens, matches: section.headingMatches)
                if let unit = bestUnit(of: section) {
                    let hit = try unitHit(
                        unit, in: section.row,
                        snippet: Self.snippet(unitText(unit, of: section, matcher: matcher, tokenizer: tokenizer), headings: headings),
                        score: section.score + 1)
                    shown.append((section.score + 1, order - Self.passagesPerSkill, hit))
                } else {
                    let text = SearchTermMatcher.snippet(section.row.body, tokens: section.bodyTokens, matches: section.bodyMatches)
                    let hit = try sectionHit(
                        owner: version, score: section.score, ref: section.ref, headings: section.row.headings,
                        snippet: Self.snippet(text, headings: headings))
                    shown.append((section.score, order, hit))
                }
            }
            shown.sort { ($0.score, -$0.order) > ($1.score, -$1.order) }
            passages[version] = shown.map(\.hit)
        }
        return passages
    }

    /// A section of a shown skill that may hold the query's words, as read
    /// by the screen, with the most its score can be (`bound`).
    private struct ScreenedSection {
        var rowID: Int64
        var bound: Double
        var headings: String
        var body: [UInt8]
        var ref: String
        var units: String
    }

    /// A section of a shown skill, read and matched.
    private struct ReadSection {
        var row: SectionRow
        var ref: String
        var units: String
        /// The query's groups it holds, in its heading path or text.
        var held: Set<Int>
        var score: Double
        var headingTokens: TextTokenizer.Tokens
        var headingMatches: [SearchTermMatcher.Match]
        var bodyTokens: TextTokenizer.Tokens
        var bodyMatches: [SearchTermMatcher.Match]
    }

    /// The rule or claim of `section` whose own text holds every group the
    /// section holds: the one with the most matches, then one whose title
    /// holds a match, then a rule before a claim, then the shortest, then
    /// the first. Nil when none does. Tokens and matches are in text order,
    /// so each unit's are found by bisection, not by a pass over the section.
    private func bestUnit(of section: ReadSection) -> SearchUnit? {
        var best: (unit: SearchUnit, rank: (Int, Int, Int, Int))?
        let tokens = section.bodyTokens.tokens
        let tokenStarts = tokens.map { Int($0.source.lowerBound) }
        let tokenEnds = tokens.map { Int($0.source.upperBound) }
        let matches = section.bodyMatches.filter { $0.group != nil }.sorted { $0.first < $1.first }
        let matchFirsts = matches.map(\.first)
        let body = section.row.body
        for unit in SearchUnit.decode(section.units, body: body) {
            // The unit's tokens: from the first starting in it to the first ending past it.
            let first = SearchTermMatcher.firstIndex(in: tokenStarts, atLeast: unit.range.lowerBound)
            let end = max(first, SearchTermMatcher.firstIndex(in: tokenEnds, atLeast: unit.range.upperBound + 1))
            var held = Set<Int>()
            var inside = 0
            var inTitle = false
            let titleEnd = unit.titled ? (body[unit.range].firstIndex(of: 0x0A) ?? unit.range.upperBound) : unit.range.lowerBound
            var index = SearchTermMatcher.firstIndex(in: matchFirsts, atLeast: first)
            while index < matches.count, matches[index].first < end {
                if matches[index].end <= end, let group = matches[index].group {
                    held.insert(group)
                    inside += 1
                    if tokenStarts[matches[index].first] < titleEnd { inTitle = true }
                }
                index += 1
            }
            guard section.held.isSubset(of: held) else { continue }
            let rank = (inside, inTitle ? 1 : 0, unit.kind == .rule ? 1 : 0, first - end)
            if best.map({ rank > $0.rank }) ?? true { best = (unit, rank) }
        }
        return best?.unit
    }

    /// A rule's or claim's text as snippet runs: a rule's title whole, then
    /// the best words of the rest, the section's groups marked. Its tokens
    /// are the section's, where none straddles either end of a part.
    private func unitText(
        _ unit: SearchUnit, of section: ReadSection, matcher: SearchTermMatcher, tokenizer: TextTokenizer
    ) -> [SearchHit.SnippetRun] {
        let body = section.row.body
        var rest = unit.range
        var title: Range<Int>?
        if unit.titled, let end = body[unit.range].firstIndex(of: 0x0A) {
            title = unit.range.lowerBound..<end
            rest = (end + 1)..<unit.range.upperBound
        }
        func runs(_ range: Range<Int>, whole: Bool) -> [SearchHit.SnippetRun] {
            let text = Array(body[range])
            let tokens = Self.tokens(of: section.bodyTokens, in: range) ?? text.withUnsafeBytes { matcher.tokens(of: $0, tokenizer: tokenizer) }
            let matches = matcher.matches(in: tokens).filter { $0.group.map(section.held.contains) ?? false }
            return whole
                ? SearchTermMatcher.highlighted(text, tokens: tokens, matches: matches)
                : SearchTermMatcher.snippet(text, tokens: tokens, matches: matches)
        }
        let text = runs(rest, whole: false)
        guard let title, !title.isEmpty else { return text }
        return runs(title, whole: true) + [.init(text: " ", matched: false)] + text
    }

    /// The tokens of a text (`all`) that lie in `range` of it, placed in
    /// that part as tokenizing it alone places them; nil when one straddles
    /// either end of it (tokenizing the part alone would cut it).
    static func tokens(of all: TextTokenizer.Tokens, in range: Range<Int>) -> TextTokenizer.Tokens? {
        var part = TextTokenizer.Tokens()
        part.bytes = all.bytes
        for token in all.tokens {
            let (lower, upper) = (Int(token.source.lowerBound), Int(token.source.upperBound))
            guard upper > range.lowerBound, lower < range.upperBound else { continue }
            guard lower >= range.lowerBound, upper <= range.upperBound else { return nil }
            var placed = token
            placed.source = Int32(lower - range.lowerBound)..<Int32(upper - range.lowerBound)
            part.tokens.append(placed)
        }
        return part
    }
}
