import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// `TextTokenizer` and `SearchTermMatcher`: a query's words found in text
/// read from the store exactly where an FTS5 MATCH with the search index's
/// tokenizer finds them, since passages and description matches rely on it.
@Suite struct SearchTermMatcherTests {
    static let texts = [
        "Fill each field of the PDF form, then flatten it.",
        "Filling forms: the fields are filled in order.",
        "Crème brûlée caramelises under the grill; CRÈME is folded to creme.",
        "A changelog lists merged pull requests by release.",
        "The pull request merges the change-log into release notes.",
        "Résumé writing: one page, newest role first.",
        "Tokens like foo_bar, x86-64 and 3.14 split where FTS5 splits them.",
        "",
        "     ",
        "日本語のテキストも扱える skill for 日本語",
    ]
    static let queries = [
        "fill form", "filled fields", "creme brulee", "changelog", "change log", "\"pull request\"",
        "merge* release", "resume", "foo bar x86 64", "3 14", "日本語", "page -newest", "caramel*", "\"flatten it\"",
    ]

    @Test func theMatcherFindsTheGroupsFTS5Matches() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let tokenizer = try store.textTokenizer()
        try store.database.execute("""
            CREATE VIRTUAL TABLE temp.matcher_check USING fts5(text, tokenize = '\(SkillStore.searchTokenizer)')
            """)
        for (index, text) in Self.texts.enumerated() {
            try store.database.query("INSERT INTO temp.matcher_check (rowid, text) VALUES (?, ?)", [.integer(Int64(index)), .text(text)])
        }
        var compared = 0
        for input in Self.queries {
            let query = try #require(SearchQuery(input))
            let matcher = SearchTermMatcher(query: query, tokenizer: tokenizer)
            for (index, group) in query.groups.enumerated() {
                let fts5 = Set(try store.database.query(
                    "SELECT rowid AS row FROM temp.matcher_check WHERE matcher_check MATCH ?",
                    [.text(SearchQuery.expression(group))]).map { try $0.int("row") })
                let found = Set(Self.texts.indices.filter { row in
                    matcher.groups(in: matcher.matches(in: tokenizer.tokens(of: Self.texts[row]))).contains(index)
                })
                #expect(found == fts5, "query \(input), group \(index)")
                // The same with only the words that may match stemmed.
                let sparse = Set(Self.texts.indices.filter { row in
                    matcher.groups(in: matcher.matches(in: matcher.tokens(of: Self.texts[row], tokenizer: tokenizer))).contains(index)
                })
                #expect(sparse == fts5, "query \(input), group \(index), words stemmed as needed")
                compared += 1
            }
        }
        #expect(compared > Self.queries.count)
    }

    /// Texts whose runs between ASCII separators hold letters outside
    /// ASCII, marks, long words and words the stemmer rewrites.
    static let awkwardTexts = [
        "E-mail the naïve café's menu—twice—to “Renée” before 9:30; don't re-send.",
        "cafe\u{301} CAFÉ caf\u{E9}s x\u{301}y \u{212A}elvin ﬁles ＦＵＬＬ width",
        String(repeating: "relational", count: 8) + " relational conditional hopping happy memory generalizations",
        "Generalization of the generalizations: generalize, general, generally.",
        "snake_case kebab-case CamelCase x86_64 v2.0.1 1e10 0x1F --flag",
        "日本語のテキスト mixed with English words and 日本語",
        "\u{0}\u{1F}control\u{7F}bytes\ttabs\r\nand newlines",
    ]

    /// `SearchTermMatcher.tokens(of:tokenizer:)` stems only the words that
    /// may be a query's token: every match, with its place, is the one the
    /// whole text's tokens give, and every token lies where it lies there.
    @Test func stemmingOnlyTheWordsThatMayMatchFindsTheSameMatches() throws {
        let fixture = try StoreFixture()
        let tokenizer = try fixture.store.textTokenizer()
        var texts = Self.texts + Self.awkwardTexts
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/seeds").standardized
        if let files = FileManager.default.enumerator(atPath: seeds.path) {
            for case let file as String in files where file.hasSuffix(".md") {
                texts.append((try? String(contentsOf: seeds.appendingPathComponent(file), encoding: .utf8)) ?? "")
            }
        }
        let queries = Self.queries + [
            "e-mail", "email", "cafe", "naive", "renee", "general*", "generalization", "relational", "happi*",
            "kelvin", "files", "full", "snake case", "x86", "\"kebab case\"", "1e10", "control bytes", "mail -twice",
            "skill", "rule* claim", "measure", "the", "a", "hop",
        ]
        var sparseWords = 0
        for input in queries {
            let query = try #require(SearchQuery(input))
            let matcher = SearchTermMatcher(query: query, tokenizer: tokenizer)
            for text in texts {
                let whole = tokenizer.tokens(of: text)
                let sparse = matcher.tokens(of: text, tokenizer: tokenizer)
                let places = (sparse.tokens.map(\.source), whole.tokens.map(\.source))
                let samePlaces = places.0 == places.1
                #expect(samePlaces, """
                    \(input) in \(text.prefix(40)): \(places.0.count) tokens against \(places.1.count), first apart at \
                    \(Self.firstApart(places.0, places.1))
                    """)
                let found = matcher.matches(in: sparse).map { [$0.group ?? -1, $0.first, $0.end] }
                let expected = matcher.matches(in: whole).map { [$0.group ?? -1, $0.first, $0.end] }
                let sameMatches = found == expected
                #expect(sameMatches, """
                    \(input) in \(text.prefix(40)): \(found.count) matches against \(expected.count), first apart at \
                    \(Self.firstApart(found, expected))
                    """)
                sparseWords += sparse.tokens.filter { $0.text.isEmpty }.count
            }
        }
        // Most words were left unstemmed.
        #expect(sparseWords > 1000)
    }

    /// The first index where two lists differ, for a short message.
    static func firstApart<T: Equatable>(_ first: [T], _ second: [T]) -> Int {
        zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(first.count, second.count)
    }

    @Test func tokensCarryWhereTheyLieInTheText() throws {
        let fixture = try StoreFixture()
        let tokenizer = try fixture.store.textTokenizer()
        let text = "Préheat the POTS, twice."
        let tokens = tokenizer.tokens(of: text)
        let bytes = Array(text.utf8)
        let words = tokens.tokens.map { String(decoding: bytes[Int($0.source.lowerBound)..<Int($0.source.upperBound)], as: UTF8.self) }
        #expect(words == ["Préheat", "the", "POTS", "twice"])
        // Folded and stemmed as the index stores them.
        #expect(tokens.tokens.map { String(decoding: tokens.text(of: $0), as: UTF8.self) } == ["preheat", "the", "pot", "twice"])
    }

    @Test func aSnippetMarksTheMatchesAndCutsWithEllipses() throws {
        let fixture = try StoreFixture()
        let tokenizer = try fixture.store.textTokenizer()
        let query = try #require(SearchQuery("lid"))
        let matcher = SearchTermMatcher(query: query, tokenizer: tokenizer)
        let text = (1...40).map { "word\($0)" }.joined(separator: " ") + " under the lid " + (41...80).map { "word\($0)" }.joined(separator: " ")
        let bytes = Array(text.utf8)
        let tokens = tokenizer.tokens(of: text)
        let runs = SearchTermMatcher.snippet(bytes, tokens: tokens, matches: matcher.matches(in: tokens), length: 10)
        #expect(runs.first?.text.hasPrefix("…") == true && runs.last?.text.hasSuffix("…") == true)
        #expect(runs.filter(\.matched).map(\.text) == ["lid"])
        #expect(runs.map(\.text).joined().split(separator: " ").count <= 12)

        let whole = SearchTermMatcher.highlighted(bytes, tokens: tokens, matches: matcher.matches(in: tokens))
        #expect(whole.map(\.text).joined() == text)
    }

    @Test func aPhraseLongerThanTheSnippetShowsItsBeginning() throws {
        let fixture = try StoreFixture()
        let tokenizer = try fixture.store.textTokenizer()
        let words = (1...40).map { "word\($0)" }
        let text = "Before it. " + words.joined(separator: " ") + " and after it, more words follow."
        let query = try #require(SearchQuery("\"" + words.prefix(30).joined(separator: " ") + "\""))
        let matcher = SearchTermMatcher(query: query, tokenizer: tokenizer)
        let tokens = tokenizer.tokens(of: text)
        let matches = matcher.matches(in: tokens)
        #expect(matches.count == 1 && matches[0].end - matches[0].first == 30)
        let runs = SearchTermMatcher.snippet(Array(text.utf8), tokens: tokens, matches: matches, length: 24)
        #expect(runs.first(where: \.matched)?.text.hasPrefix("word1 word2") == true)
    }

    @Test func aWordHeldThousandsOfTimesStillMakesOneSnippet() throws {
        let fixture = try StoreFixture()
        let tokenizer = try fixture.store.textTokenizer()
        let text = Array(repeating: "the lid and the pot", count: 20_000).joined(separator: "\n")
        let matcher = SearchTermMatcher(query: try #require(SearchQuery("lid pot")), tokenizer: tokenizer)
        let tokens = tokenizer.tokens(of: text)
        let matches = matcher.matches(in: tokens)
        #expect(matches.count == 40_000)
        let runs = SearchTermMatcher.snippet(Array(text.utf8), tokens: tokens, matches: matches)
        // The first window holding both words, from the start of its line.
        #expect(runs.filter(\.matched).map(\.text).prefix(2) == ["lid", "pot"])
        #expect(runs.first?.text.hasPrefix("the ") == true)
    }
}

/// `NearDuplicate`: its folding, byte by byte or scalar by scalar, is the
/// one of lowercased() and Character.isWhitespace it replaces.
@Suite struct NearDuplicateTests {
    @Test func descriptionsFoldAsCharactersWould() {
        let texts = ["  Fills PDF\tforms\r\n with DATA.  ", "a\u{0B}b\u{0C}c", "", "   ", "One-Two_three", "Crème Brûlée  Forms"]
        for text in texts {
            let expected = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(NearDuplicate.folded(text) == expected, "\(text.debugDescription)")
        }
        // Compared as folded, stopping early, the same as folding both.
        let pairs = texts + ["fills pdf forms with data.", "Fills PDF forms with data", "crème brûlée forms",
                             "\u{212A}elvin", "kelvin", "fills pdf\u{00A0}forms with data.", "FILLS PDF FORMS WITH DATA.\u{2003}",
                             // Punctuation and letters outside ASCII, compared scalar by scalar.
                             "Fills PDF forms — with “data”…", "fills pdf forms — with “data”…", "FILLS  PDF\tFORMS — WITH “DATA”…",
                             "fills pdf forms – with “data”…", "İstanbul Straße → ÉTÉ", "i\u{307}stanbul straße → été",
                             "istanbul strasse → ete", "Fills\u{0085}pdf", "fills pdf", "Ǆ ǅ ǆ Ÿ", "ǆ ǆ ǆ ÿ",
                             // Scalars that join their neighbour into one Character.
                             "fills \u{301}pdf", "fills pdf\u{301}", "fills pdf", "a\u{200D}b", "A\u{200D}B", "ab",
                             "fills 🧑‍💻 pdf", "FILLS 🧑‍💻 PDF", "Fills\r\nPDF", "fills pdf",
                             // Canonical equivalents, which String's == takes as equal.
                             "Caf\u{E9} tool", "Cafe\u{301} tool", "\u{219A} arrow", "\u{2190}\u{338} arrow",
                             "\u{1F0} x", "j\u{30C} x"]
        for first in pairs {
            for second in pairs {
                let folded = NearDuplicate.folded(first)
                #expect(NearDuplicate.sameFolded(first, second) == (!folded.isEmpty && folded == NearDuplicate.folded(second)),
                        "\(first.debugDescription) \(second.debugDescription)")
            }
        }
        #expect(NearDuplicate(name: "office-hours", description: "Run Office  hours.")
            .isCopy(of: NearDuplicate(name: "gstack-office-hours", description: "run office hours.")))
        #expect(NearDuplicate(name: "pdf", description: "Crème  Brûlée.")
            .isCopy(of: NearDuplicate(name: "pdf", description: "crème brûlée.")))
        // The same description under an unrelated name, a related name with another description.
        #expect(!NearDuplicate(name: "office-hours", description: "Run office hours.")
            .isCopy(of: NearDuplicate(name: "meeting-notes", description: "Run office hours.")))
        #expect(!NearDuplicate(name: "pdf", description: "Fills forms.")
            .isCopy(of: NearDuplicate(name: "pdf", description: "Reads forms.")))
        #expect(!NearDuplicate(name: "pdf", description: "").isCopy(of: NearDuplicate(name: "pdf", description: "  ")))
    }

    /// A name with words before another (`tools-pdf`, `pdf`) is related,
    /// either way round, as `hasSuffix("-" + name)` says; a name merely
    /// ending in the other's letters, or the other's with a dash, is not.
    @Test func relatedNamesAreTheOtherWithWordsBefore() {
        let names = ["pdf", "tools-pdf", "a-tools-pdf", "xpdf", "-pdf", "pdf-", "tools--pdf", "df", "f", "",
                     "caf\u{E9}", "x-caf\u{E9}", "x-cafe\u{301}", "x-\u{212A}elvin", "kelvin"]
        for first in names {
            for second in names {
                let related = first == second || first.hasSuffix("-" + second) || second.hasSuffix("-" + first)
                #expect(NearDuplicate(name: first, description: "Same.").isCopy(of: NearDuplicate(name: second, description: "same."))
                        == related, "\(first.debugDescription) \(second.debugDescription)")
            }
        }
    }
}
