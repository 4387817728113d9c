import Foundation
import Testing
@testable import SkillStore

/// User search text becomes FTS5 syntax that is always valid.
@Suite struct SearchQueryTests {
    @Test(arguments: [
        // Stop words are not required, unless the query is nothing else.
        ("buttons on the fold", #""buttons" AND "fold""#),
        ("how to", #""how" AND "to""#),
        (#""on the fold" buttons"#, #""on the fold" AND "buttons""#),
        (#""vertical controls" bar"#, #""vertical controls" AND "bar""#),
        ("fold*", #""fold" *"#),
        ("tent OR tabletop hinge", #"("tent" OR "tabletop") AND "hinge""#),
        ("fold -hinge", #""fold" NOT "hinge""#),
        ("push --force", #""push" AND "force""#),
        ("fold NOT hinge", #""fold" NOT "hinge""#),
        ("fold AND hinge", #""fold" AND "hinge""#),
        ("Duo-Navigation", #""duo" AND "navigation""#),
        ("Crème BRÛLÉE", #""crème" AND "brûlée""#),
    ])
    func theLanguage(input: String, expected: String) {
        #expect(SearchQuery(input)?.fts5 == expected)
    }

    /// As a question: any word may match, two plain words in a row also as
    /// a phrase; quoted terms stay required and exclusions exclude.
    @Test(arguments: [
        ("how do I fill a pdf form?", #"("fill" OR "pdf" OR "form" OR "fill pdf" OR "pdf form")"#),
        ("pdf", #""pdf""#),
        (#""fill form" pdf -word"#, #""fill form" AND ("fill form" OR "pdf") NOT "word""#),
        ("fold* OR crease hinge", #"("fold" * OR "crease" OR "hinge")"#),
    ])
    func theLanguageAsAQuestion(input: String, expected: String) {
        #expect(SearchQuery(input)?.questionFTS5() == expected)
    }

    @Test func wordsMostSkillsHoldDoNotChooseCandidatesUnlessTheyAreAll() {
        let query = SearchQuery("use pdf forms")
        #expect(query?.questionFTS5(omitting: [0]) == #"("pdf" OR "forms" OR "use pdf" OR "pdf forms")"#)
        #expect(query?.questionFTS5(omitting: [0, 1, 2]) == query?.questionFTS5())
    }

    /// Two common words in a row are often a rare phrase: kept when asked,
    /// alone if every word is omitted.
    @Test func aPhraseOfOmittedWordsIsKeptWhenAsked() {
        let query = SearchQuery("write failing test first")
        #expect(query?.questionFTS5(omitting: [0, 1, 2, 3], keepingPhrases: [1]) == #""failing test""#)
        #expect(query?.questionFTS5(omitting: [0, 1], keepingPhrases: [0])
            == #"("test" OR "first" OR "write failing" OR "failing test" OR "test first")"#)
        #expect(query?.questionFTS5(omitting: [0, 1, 2, 3]) == query?.questionFTS5())
    }

    /// A word punctuation splits is also its parts run together or in a
    /// row, for a question only: rows still require each part.
    @Test func aSplitWordIsAlsoOneWordInAQuestion() throws {
        let query = try #require(SearchQuery("SR&ED tax credit"))
        #expect(query.fts5 == #""sr" AND "ed" AND "tax" AND "credit""#)
        #expect(query.asQuestion.groups.last?.map(\.text) == ["sred"])
        #expect(query.asQuestion.questionFTS5() == #"("sr" OR "ed" OR "tax" OR "credit" OR "sred" OR "sr ed" OR "ed tax" OR "tax credit")"#)
        #expect(SearchQuery("node.js e-mail")?.asQuestion.groups.suffix(2).map { $0.map(\.text) } == [["nodejs"], ["email"]])
        // A contraction or a possessive is not one word written two ways,
        // and an excluded word stays excluded.
        for input in ["don't stop", "last year's taxes", "taxes -e-mail", "taxes NOT e-mail", "taxes"] {
            #expect(SearchQuery(input)?.compounds == [], "\(input)")
        }
    }

    /// A number written with a point, comma or colon is its digits in a
    /// row, as the index holds it: one phrase, neither numbers apart (`2
    /// gb` would be a phrase of its own) nor one number (1.2 is not 12).
    /// A number makes no phrase with the word after it.
    @Test func aNumberWithAPointIsOnePhrase() throws {
        let query = try #require(SearchQuery("image is 1.2 GB"))
        #expect(query.fts5 == #""image" AND "1 2" AND "gb""#)
        #expect(query.compounds == [])
        // A number and the word after it are a quantity, not a phrase to find.
        #expect(query.asQuestion.questionFTS5() == #"("image" OR "1 2" OR "gb" OR "image 1 2")"#)
        #expect(SearchQuery("SOC 2 audit")?.questionFTS5() == #"("soc" OR "2" OR "audit" OR "soc 2")"#)
        #expect(SearchQuery("python 3.12.1* -1,000 10:30")?.fts5 == #""python" AND "3 12 1" * AND "10 30" NOT "1 000""#)
        // A pasted run of digits and dots is words, up to the term limit.
        #expect(SearchQuery(String(repeating: "1.", count: 40) + "1")?.groups.count == SearchQuery.maxTerms)
        #expect(SearchQuery("1.2.3.4.5.6.7.8")?.groups.map { $0.map(\.text) } == [["1 2 3 4 5 6 7 8"]])
        // A number counts as its parts toward the term limit.
        #expect(SearchQuery(String(repeating: "1.2 ", count: 40))?.groups.count == SearchQuery.maxTerms / 2)
        // A word of letters and digits is still also its parts run together.
        #expect(SearchQuery("v1.2")?.compounds.map(\.term.text) == ["v12"])

        let database = try Database(path: ":memory:")
        try database.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='porter unicode61 remove_diacritics 2')")
        try database.query("INSERT INTO t (rowid, body) VALUES (1, 'the image is 1.2 GB'), (2, 'an image of 2 GB, 12 layers, 1 base')")
        #expect(try database.wholeNumbers("SELECT rowid FROM t WHERE t MATCH ?", [.text(query.fts5)]) == [1])
    }

    /// When every word is common, names and descriptions are searched first;
    /// an exclusion still excludes whatever column holds the word.
    @Test func leadFieldsNarrowThePositiveWordsOnly() {
        let query = SearchQuery("button fold -hinge")
        #expect(query?.allWordsFTS5(columns: "{name description}")
            == #"({name description} : ("button" AND "fold")) NOT "hinge""#)
        #expect(query?.questionFTS5(columns: "{name description}")
            == #"({name description} : (("button" OR "fold" OR "button fold"))) NOT "hinge""#)
    }

    @Test(arguments: ["", "   ", "\"", "AND", "OR", "NOT", "*", "-", "-fold", "()", "!!!"])
    func inputWithNoWordToFindIsNoQuery(input: String) {
        #expect(SearchQuery(input) == nil)
    }

    /// Whatever a user types, FTS5 accepts the expression.
    @Test(arguments: [
        "\"", "AND", "fold AND", "OR fold", "fold OR", "*fold", "fold**", "NEAR(fold hinge)", "NEAR(",
        "'; DROP TABLE skills; --", "fold\"hinge", "\"unclosed phrase", "a:b col:fold", "^fold", "fold + hinge",
        "(fold OR", "{fold}", "fold NOT", "- -", "\u{0}fold", "emoji 🫠 fold", "é à ü", "R6",
    ])
    func hostileInputIsValidFTS5(input: String) throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='porter unicode61 remove_diacritics 2')")
        try database.query("INSERT INTO t (body) VALUES ('the fold and the hinge of r6')")
        if let query = SearchQuery(input) {
            #expect(throws: Never.self) { try database.query("SELECT rowid FROM t WHERE t MATCH ?", [.text(query.fts5)]) }
        }
    }

    @Test func aPastedPageIsCutToTheTermLimit() throws {
        let input = String(repeating: "fold hinge tent ", count: 700)  // about 10 KB
        let query = try #require(SearchQuery(input))
        #expect(query.groups.count == SearchQuery.maxTerms)
        let database = try Database(path: ":memory:")
        try database.execute("CREATE VIRTUAL TABLE t USING fts5(body)")
        #expect(throws: Never.self) { try database.query("SELECT rowid FROM t WHERE t MATCH ?", [.text(query.fts5)]) }
    }

    @Test func invalidUTF8ReadFromAFileIsSearchedAsItsReadableWords() throws {
        let bytes: [UInt8] = [0x66, 0x6F, 0x6C, 0x64, 0x20, 0xFF, 0xFE, 0x20, 0x68, 0x69, 0x6E, 0x67, 0x65]
        let query = try #require(SearchQuery(String(decoding: bytes, as: UTF8.self)))
        #expect(query.fts5 == #""fold" AND "hinge""#)
    }

    @Test func matchesAreStemmed() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='porter unicode61 remove_diacritics 2')")
        try database.query("INSERT INTO t (body) VALUES ('keep buttons off the fold')")
        let query = try #require(SearchQuery("folding button"))
        #expect(try database.query("SELECT rowid FROM t WHERE t MATCH ?", [.text(query.fts5)]).count == 1)
    }

    /// The quick test before FTS5 never turns away text that FTS5 would match.
    @Test(arguments: [
        ("folding", "Keep buttons off the Fold."),
        ("folded buttons", "Each button FOLDS away"),
        ("creme brulee", "Crème brûlée sets at 82 C."),
        ("CAFÉ", "a cafe table"),
        ("\"coil fold\"", "one coil folded"),
        ("glost*", "the GLOSTAR panel"),
        ("tent OR tabletop", "a tabletop stand"),
        ("ties", "tied down"),
        ("happiness", "a happy loaf"),
    ])
    func openingsPassTextTheIndexMatches(query text: String, unit: String) throws {
        let query = try #require(SearchQuery(text))
        let database = try Database(path: ":memory:")
        try database.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='porter unicode61 remove_diacritics 2')")
        try database.query("INSERT INTO t (body) VALUES (?)", [.text(unit)])
        #expect(try database.query("SELECT rowid FROM t WHERE t MATCH ?", [.text(query.fts5)]).count == 1)
        #expect(SearchQuery.mayMatch(SearchQuery.folded(unit), openings: query.openings))
    }

    @Test func openingsTurnAwayTextWithoutAGroup() throws {
        let query = try #require(SearchQuery("fold hinge"))
        #expect(!SearchQuery.mayMatch(SearchQuery.folded("a fold, no joint"), openings: query.openings))
        #expect(SearchQuery.mayMatch(SearchQuery.folded("a fold"), also: SearchQuery.folded("Hinges"), openings: query.openings))
    }

    @Test func userTextIsCheckedOnceAndRefusalsNameTheCallersParameter() throws {
        let request = try SearchRequest(
            userQuery: "fold", kind: "CLAIM", label: "Measured", skill: "dough-*", limit: "3", allVersions: true)
        #expect(request == SearchRequest(
            query: "fold", kind: .claim, label: .measured, skill: "dough-*", limit: 3, allVersions: true))
        let refused: [(kind: String?, label: String?, skill: String?, limit: String?, names: SearchRequest.Parameter)] = [
            ("paragraph", nil, nil, nil, .kind), (nil, "sure", nil, nil, .label), ("rule", "measured", nil, nil, .label),
            (nil, nil, "", nil, .skill), (nil, nil, nil, "0", .limit), (nil, nil, nil, "1001", .limit), (nil, nil, nil, "ten", .limit),
        ]
        for case let (kind, label, skill, limit, parameter) in refused {
            #expect {
                try SearchRequest(userQuery: "fold", kind: kind, label: label, skill: skill, limit: limit, allVersions: false)
            } throws: { error in
                (error as? SearchRequest.Refusal)?.message { "<\($0)>" }.contains("<\(parameter)>") == true
            }
        }
        #expect(throws: SearchRequest.Refusal.self) {
            try SearchRequest(userQuery: " \t", kind: nil, label: nil, skill: nil, limit: nil, allVersions: false)
        }
    }
}
