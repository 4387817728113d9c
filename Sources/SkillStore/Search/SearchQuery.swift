import Foundation

/// A search as a user types it, turned into an FTS5 MATCH expression that is
/// always valid: user text never reaches FTS5 syntax unquoted.
///
/// The language: plain words (all must match, stop words aside: see
/// `SearchStopWords`), `"phrases"`, `prefix*`, `OR` between two terms,
/// `NOT term` or `-term` to exclude. `AND` is the default and may be
/// written; `--word` is a word (an option named in the text). A search by
/// skill reads the same words as a question instead: any of them may match
/// (`questionFTS5`). Anything else (stray quotes, parentheses, `NEAR(`,
/// punctuation) is read as plain words. Every term is emitted as an FTS5
/// string (`"fold"`), so the tokenizer, not the query grammar, sees its text.
struct SearchQuery: Sendable, Equatable {
    /// At most this many terms are kept, so a pasted page cannot make a slow query.
    static let maxTerms = 32
    /// A number is one phrase of at most this many parts (`1.2.3.4.5.6.7.8`).
    static let maxNumberParts = 8

    struct Term: Sendable, Equatable {
        var text: String
        var prefix: Bool
        /// Written between quotes: a phrase (or word) the user insists on.
        var quoted = false

        /// Only digits (`2`, or `1 2` for 1.2).
        var isNumber: Bool {
            text.utf8.contains { $0 != 0x20 } && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x20 }
        }
    }

    /// Terms joined by OR; the groups are ANDed. Groups that are only a
    /// stop word are left out, unless every group is one.
    var groups: [[Term]]
    var excluded: [Term]
    /// A word that punctuation splits (`SR&ED`, `e-mail`, `Node.js`), as
    /// its parts run together (`sred`): one text writes `SR&ED`, another
    /// `SRED`.
    struct Compound: Sendable, Equatable {
        var term: Term
        /// The words it was split into (`sr`, `ed`): a text holding them
        /// all may be taken to hold the compound, without asking FTS5 for
        /// the phrase (which walks both words' whole lists).
        var parts: [String]
        /// Two words the query wrote apart, that a skill may write as one
        /// (`status line`, `statusline`): a skill writing it holds both
        /// words, and it counts for nothing of its own beside them.
        var joinsWords = false
    }

    /// Only a question (`asQuestion`) asks for them; rows keep requiring
    /// the parts. (The parts in a row are already a phrase a question may
    /// match, `adjacentPhrases`.)
    var compounds: [Compound] = []
    /// How many of `groups`, at their end, are compounds (`asQuestion`):
    /// not words of the text, so never in a phrase.
    private var compoundGroups = 0

    /// Nil when the input holds no searchable word (empty, or only operators and punctuation).
    init?(_ input: String) {
        var groups: [[Term]] = []
        var excluded: [Term] = []
        var pendingOr = false
        var pendingNot = false
        var count = 0
        var compounds: [Compound] = []

        for token in Self.tokens(of: input) {
            switch token {
            case .compound(let compound):
                if count < Self.maxTerms, !pendingNot { compounds.append(compound) }
            case .or:
                pendingOr = !groups.isEmpty
            case .not:
                pendingNot = true
            case .and:
                continue
            case .term(let term, let negated):
                guard count < Self.maxTerms else { break }
                count += term.isNumber ? term.text.split(separator: " ").count : 1
                if negated || pendingNot {
                    excluded.append(term)
                } else if pendingOr, !groups.isEmpty {
                    groups[groups.count - 1].append(term)
                } else {
                    groups.append([term])
                }
                pendingOr = false
                pendingNot = false
            }
        }
        // FTS5 cannot match "everything except": exclusions need a term to subtract from.
        guard !groups.isEmpty else { return nil }
        let content = groups.filter { group in !(group.count == 1 && SearchStopWords.isStopWord(group[0])) }
        self.groups = content.isEmpty ? groups : content
        self.excluded = excluded
        self.compounds = compounds
    }

    /// The query as a search by skill reads it: its groups and, after them,
    /// its compounds, each one more group that may match (their parts stay
    /// in `compounds`).
    var asQuestion: SearchQuery {
        var question = self
        question.groups += compounds.map { [$0.term] }
        question.compoundGroups += compounds.count
        return question
    }

    /// Two plain words in a row (neither quoted nor a prefix), as a phrase a
    /// question may match: `first` is the index of the first word's group.
    /// Not a number and the word after it: that is a quantity ("1.2 GB",
    /// "30 seconds"), which a skill writing the same is seldom about,
    /// where a name and the number after it ("SOC 2", "Python 3.12") is
    /// one name.
    var adjacentPhrases: [(first: Int, phrase: Term)] {
        groups.indices.dropLast(compoundGroups + 1).compactMap { index in
            let (first, second) = (groups[index], groups[index + 1])
            guard first.count == 1, second.count == 1, !first[0].prefix, !second[0].prefix,
                  !first[0].quoted, !second[0].quoted, !first[0].isNumber
            else { return nil }
            return (index, Term(text: first[0].text + " " + second[0].text, prefix: false))
        }
    }

    /// The FTS5 expression: `("a" OR "b") AND "c"* NOT "d"`.
    var fts5: String {
        var expression = groups.map(Self.expression).joined(separator: " AND ")
        for term in excluded { expression += " NOT " + Self.quoted(term) }
        return expression
    }

    /// The query as a question: any of its groups may match, and bm25 ranks
    /// by how many and how rare; quoted terms stay required and exclusions
    /// still exclude: `"fill form" AND ("fill form" OR "pdf") NOT "word"`.
    /// Two plain words in a row are also a phrase that may match (`"pdf
    /// form"`, `adjacentPhrases`), so that skills holding them together
    /// rank higher. The groups in `omitting` (words most skills hold) are
    /// left out of the alternatives: they would make every skill a
    /// candidate and rank none higher; so is a phrase of two such words,
    /// unless `keepingPhrases` holds it (the index of its first word): two
    /// common words together are often rare ("failing test"). If nothing
    /// is left, every group and phrase is an alternative.
    ///
    /// With `columns` (`{name description}`), the words must match in those
    /// columns; exclusions still apply to every column.
    func questionFTS5(omitting: Set<Int> = [], keepingPhrases: Set<Int> = [], columns: String? = nil) -> String {
        let (required, alternatives) = questionTerms(omitting: omitting, keepingPhrases: keepingPhrases)
        var parts = required.map(Self.expression)
        let any = alternatives.map(Self.quoted)
        parts.append(any.count == 1 ? any[0] : "(" + any.joined(separator: " OR ") + ")")
        return withExclusions(parts.joined(separator: " AND "), columns: columns)
    }

    /// The phrases of `questionFTS5(omitting:keepingPhrases:)`, each term
    /// once for each time its expression writes it and in that order, which
    /// is the order FTS5 numbers them in (`skillstore_bm25` takes a count
    /// of rows for each).
    func questionPhrases(omitting: Set<Int> = [], keepingPhrases: Set<Int> = []) -> [Term] {
        let (required, alternatives) = questionTerms(omitting: omitting, keepingPhrases: keepingPhrases)
        return required.flatMap { $0 } + alternatives + excluded
    }

    /// The groups a question requires (those holding a quoted term) and the
    /// terms any of which may match, as `questionFTS5` describes.
    private func questionTerms(omitting: Set<Int>, keepingPhrases: Set<Int>) -> (required: [[Term]], alternatives: [Term]) {
        let required = groups.filter { $0.contains(where: \.quoted) }
        let phrases = adjacentPhrases
        var kept = groups.indices.filter { !omitting.contains($0) }
        var keptPhrases = phrases.filter { pair in
            !omitting.contains(pair.first) || !omitting.contains(pair.first + 1) || keepingPhrases.contains(pair.first)
        }
        if kept.isEmpty && keptPhrases.isEmpty {
            kept = Array(groups.indices)
            keptPhrases = phrases
        }
        return (required, kept.flatMap { groups[$0] } + keptPhrases.map(\.phrase))
    }

    /// Every group required, as `fts5`, in `columns` only when given.
    func allWordsFTS5(columns: String? = nil) -> String {
        withExclusions(groups.map(Self.expression).joined(separator: " AND "), columns: columns)
    }

    /// The phrases of `allWordsFTS5`, in the order FTS5 numbers them (see
    /// `questionPhrases`).
    var allWordsPhrases: [Term] { groups.flatMap { $0 } + excluded }

    private func withExclusions(_ positive: String, columns: String?) -> String {
        var expression = columns.map { "\($0) : (\(positive))" } ?? positive
        if columns != nil, !excluded.isEmpty { expression = "(" + expression + ")" }
        for term in excluded { expression += " NOT " + Self.quoted(term) }
        return expression
    }

    /// One group as FTS5: its terms joined by OR.
    static func expression(_ group: [Term]) -> String {
        let alternatives = group.map(quoted)
        return alternatives.count == 1 ? alternatives[0] : "(" + alternatives.joined(separator: " OR ") + ")"
    }

    /// For each group, the opening letters of its terms (a phrase's first
    /// word), case and accents folded. Text that holds none of some group's
    /// openings cannot match: porter stems change only a word's ending, so
    /// the first three letters of a word and of any word it matches agree.
    /// A quick test before asking FTS5; it may pass text that does not match.
    var openings: [[[UInt8]]] {
        groups.map { group in
            group.map { term in
                let word = Self.words(in: term.text).first ?? term.text
                return Self.folded(String(String(decoding: Self.folded(word), as: UTF8.self).prefix(3)))
            }
        }
    }

    /// UTF-8 of `text` in lower case, without accents: how the tokenizer
    /// compares words (ASCII, the common case, without Foundation).
    static func folded(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.map(ByteText.lowercased)
        }
        return Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
    }

    /// Whether folded text holds, for every group, one of its openings.
    static func mayMatch(_ text: [UInt8], also other: [UInt8] = [], openings: [[[UInt8]]]) -> Bool {
        openings.allSatisfy { group in
            group.contains { opening in contains(text, opening) || contains(other, opening) }
        }
    }

    private static func contains(_ text: [UInt8], _ part: [UInt8]) -> Bool {
        guard !part.isEmpty else { return true }
        guard text.count >= part.count else { return false }
        for start in 0...(text.count - part.count) where text[start] == part[0] {
            if text[start..<(start + part.count)].elementsEqual(part) { return true }
        }
        return false
    }

    /// The query without its exclusions: what a section must contain for a
    /// rule or claim in it to match (the rest of the section may hold an
    /// excluded word that the rule or claim does not).
    var withoutExclusions: SearchQuery {
        var query = self
        query.excluded = []
        return query
    }

    static func quoted(_ term: Term) -> String {
        "\"" + term.text.replacingAll("\"", with: "\"\"") + "\"" + (term.prefix ? " *" : "")
    }

    private enum Token: Equatable {
        case term(Term, negated: Bool)
        /// A word punctuation splits (see `compounds`).
        case compound(Compound)
        case or, not, and
    }

    /// Splits input into terms and operators. A term keeps only letters,
    /// digits and inner apostrophes or hyphens; a phrase keeps its words.
    private static func tokens(of input: String) -> [Token] {
        var tokens: [Token] = []
        var characters = Substring(input)
        while let first = characters.first {
            if first.isWhitespace {
                characters = characters.dropFirst()
                continue
            }
            if first == "\"" {
                // A phrase runs to the next quote, or to the end when unclosed.
                let body = characters.dropFirst()
                let end = body.firstIndex(of: "\"") ?? body.endIndex
                let phrase = words(in: String(body[..<end])).joined(separator: " ")
                if !phrase.isEmpty { tokens.append(.term(Term(text: phrase, prefix: false, quoted: true), negated: false)) }
                characters = end < body.endIndex ? body[body.index(after: end)...] : body[end...]
                continue
            }
            let end = characters.firstIndex(where: \.isWhitespace) ?? characters.endIndex
            var word = characters[..<end]
            characters = characters[end...]
            switch word {
            case "OR": tokens.append(.or); continue
            case "NOT": tokens.append(.not); continue
            case "AND": tokens.append(.and); continue
            default: break
            }
            var negated = false
            // `--force` names a command's option, as in "git push --force":
            // a word to find, not one to exclude.
            if word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 1 {
                negated = true
                word = word.dropFirst()
            }
            let prefix = word.hasSuffix("*")
            let parts = words(in: String(word))
            // A number written with punctuation between its digits (`1.2`,
            // `3.12.1`, `1,000`, `10:30`, `2024-01-15`) is its digits in a
            // row, as the index holds it: one phrase, not numbers apart (a
            // skill writing `2 GB` does not hold "1.2 GB") nor run together
            // (1.2 is not 12). It counts as its parts toward the term
            // limit. Up to `maxNumberParts`: a longer run of digits and dots
            // is pasted data, read as words up to the term limit.
            let number = Term(text: parts.joined(separator: " "), prefix: prefix)
            if parts.count > 1, parts.count <= Self.maxNumberParts, number.isNumber {
                tokens.append(.term(number, negated: negated))
                continue
            }
            // Before its parts, so that a `NOT` before the word still applies
            // to the word. An apostrophe splits a contraction or a
            // possessive (don't, year's), not one name written two ways.
            if parts.count > 1, !negated, !word.contains("'"), !word.contains("\u{2019}") {
                tokens.append(.compound(Compound(term: Term(text: parts.joined(), prefix: prefix), parts: parts)))
            }
            for (index, part) in parts.enumerated() {
                let isLast = index == parts.count - 1
                tokens.append(.term(Term(text: part, prefix: prefix && isLast), negated: negated))
            }
        }
        return tokens
    }

    /// Runs of letters and digits, lower-cased.
    static func words(in text: String) -> [String] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        }
        // ASCII, as every heading of a publish is: its letters and digits are
        // A-Z, a-z and 0-9, and no Character lookups are needed.
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            if byte.isASCIILetterOrDigit {
                word.append(ByteText.lowercased(byte))
            } else if !word.isEmpty {
                words.append(String(decoding: word, as: UTF8.self))
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
