/// A query's terms as FTS5 reads them, matched against the tokens of texts
/// read from the store (`TextTokenizer`): which groups of the query a text
/// holds, and where, without asking the index.
///
/// A term is a phrase of one or more tokens; it matches where its tokens
/// follow one another, the last one as a prefix when the term ends in `*`,
/// as FTS5 matches a phrase within one column.
struct SearchTermMatcher {
    struct Phrase {
        var tokens: [TextTokenizer.Tokens.Token]
        var bytes: [UInt8]
        var prefix: Bool
        /// The group it belongs to, or nil for an excluded term.
        var group: Int?
        /// For a term `groupsHeld` reads alone (one token, not a prefix,
        /// outside ASCII or with a needle of `SearchTextScreen.shortestNeedle`
        /// letters or more): how a word that stems to it begins
        /// (`SearchTextScreen.needle`), empty for a token outside ASCII.
        /// Nil for any other term.
        var oneWordNeedle: [UInt8]?
    }

    /// One place where a term matches: tokens `first..<end` of the text.
    struct Match {
        var group: Int?
        var first: Int
        var end: Int
    }

    private(set) var phrases: [Phrase] = []
    let groupCount: Int
    /// The groups holding a quoted term, which a question still requires.
    let required: [Int]
    let hasExclusions: Bool
    /// Whether a raw text may hold any of the query's terms, before it is
    /// tokenized.
    private(set) var screen = SearchTextScreen(terms: [])
    /// How the words that may match a term begin: each token of each term
    /// (excluded ones too) less a last letter the stemmer may write; nil
    /// when a token is outside ASCII or leaves nothing, and every word
    /// must be stemmed.
    private var stemmedBeginnings: [[UInt8]]?

    init(query: SearchQuery, tokenizer: TextTokenizer) {
        self.init(groups: query.groups, excluded: query.excluded, tokenizer: tokenizer)
    }

    /// Groups of terms, any of a group's terms matching for it.
    init(groups: [[SearchQuery.Term]], excluded: [SearchQuery.Term] = [], tokenizer: TextTokenizer) {
        groupCount = groups.count
        required = groups.indices.filter { groups[$0].contains(where: \.quoted) }
        hasExclusions = !excluded.isEmpty
        let terms = groups.enumerated().flatMap { index, group in group.map { (term: $0, group: Optional(index)) } }
            + excluded.map { (term: $0, group: nil) }
        for (term, group) in terms {
            let read = tokenizer.tokens(of: term.text, query: true, prefix: term.prefix)
            guard !read.tokens.isEmpty else { continue }
            var phrase = Phrase(tokens: read.tokens, bytes: read.bytes, prefix: term.prefix, group: group)
            if read.tokens.count == 1, !term.prefix {
                // A needle too short to tell (a token of one letter, or
                // `ai` less its `i`) would have every word stemmed.
                if let needle = SearchTextScreen.needle(for: read.bytes[...]) {
                    if needle.count >= SearchTextScreen.shortestNeedle { phrase.oneWordNeedle = needle }
                } else {
                    phrase.oneWordNeedle = []
                }
            }
            phrases.append(phrase)
        }
        let beginnings = phrases.flatMap { phrase in
            phrase.tokens.map { SearchTextScreen.needle(for: phrase.bytes[Int($0.text.lowerBound)..<Int($0.text.upperBound)]) }
        }
        if !beginnings.isEmpty, beginnings.allSatisfy({ !($0?.isEmpty ?? true) }) {
            stemmedBeginnings = Set(beginnings.compactMap { $0 }).sorted { $0.lexicographicallyPrecedes($1) }
        }
        screen = SearchTextScreen(terms: phrases.compactMap { phrase in
            phrase.group.map { group in
                (group, phrase.tokens.map { phrase.bytes[Int($0.text.lowerBound)..<Int($0.text.upperBound)] })
            }
        })
    }

    /// The tokens of `text` as `matches(in:)` needs them: where every
    /// term's token is ASCII, only the words that may be one of them are
    /// stemmed (`TextTokenizer.tokens(of:stemmingWordsBeginning:)`), the
    /// others keep their places with empty text.
    func tokens(of text: UnsafeRawBufferPointer, tokenizer: TextTokenizer) -> TextTokenizer.Tokens {
        if let stemmedBeginnings, let tokens = tokenizer.tokens(of: text, stemmingWordsBeginning: stemmedBeginnings) {
            return tokens
        }
        return tokenizer.tokens(of: text)
    }

    func tokens(of text: String, tokenizer: TextTokenizer) -> TextTokenizer.Tokens {
        var text = text
        return text.withUTF8 { tokens(of: UnsafeRawBufferPointer($0), tokenizer: tokenizer) }
    }

    /// Every place a term matches in `text`, in token order.
    func matches(in text: TextTokenizer.Tokens) -> [Match] {
        var found: [Match] = []
        let tokens = text.tokens
        // A word left unstemmed (empty text) begins no term.
        for start in tokens.indices where !tokens[start].text.isEmpty {
            for phrase in phrases where start + phrase.tokens.count <= tokens.count {
                var matched = true
                for (offset, wanted) in phrase.tokens.enumerated() {
                    let token = tokens[start + offset]
                    if phrase.prefix && offset == phrase.tokens.count - 1 {
                        let prefix = phrase.bytes[Int(wanted.text.lowerBound)..<Int(wanted.text.upperBound)]
                        if !text.text(of: token).starts(with: prefix) { matched = false }
                    } else if token.hash != wanted.hash
                        || !text.text(of: token).elementsEqual(
                            phrase.bytes[Int(wanted.text.lowerBound)..<Int(wanted.text.upperBound)]) {
                        matched = false
                    }
                    if !matched { break }
                }
                if matched { found.append(Match(group: phrase.group, first: start, end: start + phrase.tokens.count)) }
            }
        }
        return found
    }

    /// The groups that `matches` hold.
    func groups(in matches: [Match]) -> Set<Int> {
        Set(matches.compactMap(\.group))
    }

    /// Whether `groupsHeld` reads whether a text holds `group` without
    /// tokenizing the text: each of its terms is one token (not a prefix)
    /// outside ASCII or beginning with a needle long enough to tell.
    func readsAlone(_ group: Int) -> Bool {
        phrases.allSatisfy { $0.group != group || $0.oneWordNeedle != nil }
    }

    /// The groups `text` holds, as `groups(in: matches(in: tokens(of:
    /// text)))` gives them, for a text asked only that: where every group
    /// `readsAlone`, without tokenizing the text. unicode61 splits text at
    /// every ASCII byte that is not a letter or digit, and reads what lies
    /// between alone: a run of ASCII letters and digits is one token, the
    /// same alone as in its text, and only a run holding a byte outside
    /// ASCII makes a token outside ASCII or folds a letter into ASCII. So
    /// a word is held where a run of ASCII letters and digits beginning as
    /// the word's token does (the screen's test, `SearchTextScreen`) stems
    /// to it, or where a run holding bytes outside ASCII has it among its
    /// tokens; each such run is tokenized alone, the others not at all.
    /// Where a group does not read alone, the text is tokenized as
    /// `tokens(of:tokenizer:)` does, when the screen lets it through.
    func groupsHeld(in text: UnsafeRawBufferPointer, tokenizer: TextTokenizer) -> Set<Int> {
        if phrases.contains(where: { $0.group != nil && $0.oneWordNeedle == nil }) {
            guard !(screen.groups(mayBeIn: text)?.isEmpty ?? false) else { return [] }
            return groups(in: matches(in: tokens(of: text, tokenizer: tokenizer)))
        }
        var held = Set<Int>()
        // The tokens of the runs holding bytes outside ASCII, once asked for.
        var outsideASCII: [[UInt8]]?
        for phrase in phrases {
            guard let group = phrase.group, !held.contains(group), let needle = phrase.oneWordNeedle else { continue }
            if !needle.isEmpty {
                SearchTextScreen.forEachWord(in: text, beginning: needle) { start in
                    // A run touching a byte outside ASCII is read below.
                    guard start == 0 || text[start - 1] < 0x80 else { return true }
                    var end = start
                    while end < text.count, SearchTextScreen.isASCIIAlphanumeric(text[end]) { end += 1 }
                    guard end == text.count || text[end] < 0x80 else { return true }
                    // No cache of stems: a dictionary keyed by bytes costs its
                    // first use in a process more than the words it would spare.
                    let read = tokenizer.tokens(of: UnsafeRawBufferPointer(rebasing: text[start..<end]))
                    guard read.tokens.count != 1 || !read.text(of: read.tokens[0]).elementsEqual(phrase.bytes) else {
                        held.insert(group)
                        return false
                    }
                    return true
                }
                guard !held.contains(group) else { continue }
            }
            if outsideASCII == nil { outsideASCII = Self.tokensOfRunsOutsideASCII(in: text, tokenizer: tokenizer) }
            if outsideASCII?.contains(phrase.bytes) == true { held.insert(group) }
        }
        return held
    }

    /// The tokens of each run of `text` between ASCII bytes that are not
    /// letters or digits that holds a byte outside ASCII, each run
    /// tokenized alone.
    static func tokensOfRunsOutsideASCII(in text: UnsafeRawBufferPointer, tokenizer: TextTokenizer) -> [[UInt8]] {
        var found: [[UInt8]] = []
        var index = 0
        let count = text.count
        while index < count {
            // Eight ASCII bytes at a time: most text is ASCII.
            if index + 8 <= count, text.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            guard text[index] >= 0x80 else {
                index += 1
                continue
            }
            var start = index
            while start > 0, text[start - 1] >= 0x80 || SearchTextScreen.isASCIIAlphanumeric(text[start - 1]) { start -= 1 }
            var end = index
            while end < count, text[end] >= 0x80 || SearchTextScreen.isASCIIAlphanumeric(text[end]) { end += 1 }
            let read = tokenizer.tokens(of: UnsafeRawBufferPointer(rebasing: text[start..<end]))
            for token in read.tokens { found.append(Array(read.text(of: token))) }
            index = end
        }
        return found
    }

    /// Whether a row whose columns hold `groups`, and an excluded term or
    /// not, matches the query read as a question: any group, every
    /// required group, no excluded term.
    func answersQuestion(groups: Set<Int>, excluded: Bool) -> Bool {
        !groups.isEmpty && !excluded && required.allSatisfy(groups.contains)
    }

    /// `text` as snippet runs: the whole of it, each match marked.
    static func highlighted(_ text: [UInt8], tokens: TextTokenizer.Tokens, matches: [Match]) -> [SearchHit.SnippetRun] {
        runs(text, tokens: tokens, matches: matches, window: 0..<tokens.tokens.count, whole: true)
    }

    /// The best `length` tokens of `text` for `matches` as snippet runs,
    /// with `…` where text was left out. Windows start at a match (centred
    /// on it, or at the start of its line when the match still fits): the
    /// window scoring most wins, 1,000 for each different group it holds,
    /// one for each match, 100 for starting a line (a sentence of a
    /// section's text), then the earliest. Only the first
    /// `snippetAnchors` matches start a window, so a section holding a
    /// word thousands of times costs no more than one holding it a few.
    static func snippet(
        _ text: [UInt8], tokens: TextTokenizer.Tokens, matches: [Match], length: Int = 24
    ) -> [SearchHit.SnippetRun] {
        let count = tokens.tokens.count
        guard count > length else { return highlighted(text, tokens: tokens, matches: matches) }
        var lineStarts: [Int] = []
        var previousEnd = 0
        for (index, token) in tokens.tokens.enumerated() {
            let start = Int(token.source.lowerBound)
            if index == 0 || text[previousEnd..<max(previousEnd, start)].contains(0x0A) { lineStarts.append(index) }
            previousEnd = Int(token.source.upperBound)
        }
        let positive = matches.filter { $0.group != nil }.sorted { ($0.first, $0.end) < ($1.first, $1.end) }
        var starts = Set<Int>()
        for match in positive.prefix(snippetAnchors) {
            let span = match.end - match.first
            guard span < length else {
                // A phrase as long as the window: its first words.
                starts.insert(min(match.first, count - length))
                continue
            }
            // The line the match is on, when the match still fits after it.
            let line = lineStarts[lastIndex(in: lineStarts, atMost: match.first)]
            if line >= match.end - length { starts.insert(line) }
            starts.insert(max(0, min(count - length, match.first - (length - span) / 2)))
        }
        let firsts = positive.map(\.first)
        var best = (score: -1, start: 0)
        for start in starts.sorted() {
            var groups = Set<Int>()
            var inside = 0
            var index = firstIndex(in: firsts, atLeast: start)
            while index < positive.count, positive[index].first < start + length {
                if positive[index].end <= start + length, let group = positive[index].group {
                    groups.insert(group)
                    inside += 1
                }
                index += 1
            }
            let startsLine = lineStarts[lastIndex(in: lineStarts, atMost: start)] == start
            let score = 1000 * groups.count + inside + (startsLine ? 100 : 0)
            if score > best.score { best = (score, start) }
        }
        return runs(text, tokens: tokens, matches: positive, window: best.start..<min(count, best.start + length), whole: false)
    }

    /// Matches that may start a snippet's window.
    static let snippetAnchors = 256

    /// The index of the first of the ascending `values` at least `value`
    /// (`values.count` when none is).
    static func firstIndex(in values: [Int], atLeast value: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the last of the ascending, non-empty `values` at most
    /// `value`, 0 when none is.
    private static func lastIndex(in values: [Int], atMost value: Int) -> Int {
        max(0, firstIndex(in: values, atLeast: value + 1) - 1)
    }

    private static func runs(
        _ text: [UInt8], tokens: TextTokenizer.Tokens, matches: [Match], window: Range<Int>, whole: Bool
    ) -> [SearchHit.SnippetRun] {
        let all = tokens.tokens
        guard !window.isEmpty else { return text.isEmpty ? [] : [.init(text: String(decoding: text, as: UTF8.self), matched: false)] }
        let from = whole || window.lowerBound == 0 ? 0 : Int(all[window.lowerBound].source.lowerBound)
        let to = whole || window.upperBound == all.count ? text.count : Int(all[window.upperBound - 1].source.upperBound)
        // Marked byte ranges, merged where they touch or overlap: their
        // bounds, two by two (an array of ranges would be the first of a
        // search command, whose type costs the runtime a scan of every
        // protocol conformance in the binary).
        var marked: [Int] = []
        for match in matches.sorted(by: { $0.first < $1.first }) where match.group != nil {
            let first = max(match.first, window.lowerBound)
            let end = min(match.end, window.upperBound)
            guard first < end else { continue }
            let (lower, upper) = (Int(all[first].source.lowerBound), Int(all[end - 1].source.upperBound))
            if let last = marked.last, lower <= last {
                marked[marked.count - 1] = max(last, upper)
            } else {
                marked += [lower, upper]
            }
        }
        var runs: [SearchHit.SnippetRun] = []
        func add(_ bytes: ArraySlice<UInt8>, matched: Bool) {
            guard !bytes.isEmpty else { return }
            runs.append(.init(text: String(decoding: bytes, as: UTF8.self), matched: matched))
        }
        var position = from
        if from > 0 { runs.append(.init(text: "…", matched: false)) }
        for pair in stride(from: 0, to: marked.count, by: 2) {
            add(text[position..<marked[pair]], matched: false)
            add(text[marked[pair]..<marked[pair + 1]], matched: true)
            position = marked[pair + 1]
        }
        add(text[position..<max(position, to)], matched: false)
        if to < text.count { runs.append(.init(text: "…", matched: false)) }
        // Adjacent unmatched runs as one, as FTS5's marked text reads.
        return runs.reduce(into: []) { merged, run in
            if let last = merged.last, !last.matched, !run.matched {
                merged[merged.count - 1].text += run.text
            } else {
                merged.append(run)
            }
        }
    }
}
