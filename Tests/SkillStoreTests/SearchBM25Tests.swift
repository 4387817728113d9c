import Testing
@testable import SkillStore

/// `skillstore_bm25` is FTS5's bm25 with each phrase's count of rows given
/// instead of walked: given the true counts in the order
/// `SearchQuery.questionPhrases` lists a question's phrases, every row
/// scores exactly what bm25 gives it, which holds only if that order is
/// FTS5's own.
@Suite struct SearchBM25Tests {
    private static let rows = [
        ("fill pdf forms", "Fill a PDF form with data from a table", "pdf form fields and checkboxes, fill every field"),
        ("commit message", "Write a conventional commit message", "staged changes, commit type, scope and body"),
        ("pdf tools", "Merge and split PDF files", "forms are flattened when merged; a form field keeps its name"),
        ("release notes", "Write release notes from commits", "each commit message becomes a line of the notes"),
        ("form builder", "Build web forms", "a form posts its fields; fill them from data"),
        ("changelog", "Keep a changelog", "one line per change, newest first"),
    ]
    private static let weights = "10.0, 5.0, 1.0"

    private func database() throws -> Database {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE VIRTUAL TABLE t USING fts5(name, description, body, tokenize = 'porter unicode61 remove_diacritics 2')")
        for (name, description, body) in Self.rows {
            try database.query("INSERT INTO t (name, description, body) VALUES (?, ?, ?)", [.text(name), .text(description), .text(body)])
        }
        try database.registerSearchFunctions()
        return database
    }

    /// Each row's score by `function` (SQL after the table name: weights, counts).
    private func scores(_ database: Database, _ expression: String, _ arguments: String) throws -> [Int: Double] {
        var scores: [Int: Double] = [:]
        for row in try database.query(
            "SELECT rowid AS id, \(arguments) AS score FROM t WHERE t MATCH ?", [.text(expression)]) {
            scores[try row.int("id")] = try row.double("score")
        }
        return scores
    }

    /// How many rows hold each phrase, in `columns` when given (as FTS5
    /// counts them under a column filter).
    private func counts(_ database: Database, _ phrases: [SearchQuery.Term], columns: String? = nil) throws -> [Int] {
        try phrases.map { phrase in
            let expression = columns.map { "\($0) : " } ?? ""
            return try database.queryFirst(
                "SELECT count(*) AS n FROM t WHERE t MATCH ?", [.text(expression + SearchQuery.quoted(phrase))])?.int("n") ?? 0
        }
    }

    @Test(arguments: [
        ("fill pdf form", [], []),
        ("write a commit message", [0], []),
        ("\"pdf form\" fill -changelog", [], []),
        ("\"pdf form\" data -changelog", [], []),
        ("release \"commit message\" notes -pdf", [0], []),
        ("form* OR notes commit", [], []),
        ("fill pdf form", [0, 1, 2], [1]),
        ("SR&ED e-mail forms", [], []),
    ] as [(String, Set<Int>, Set<Int>)])
    func givenTheTrueCountsEveryRowScoresAsBM25Does(input: String, omitting: Set<Int>, keeping: Set<Int>) throws {
        let database = try database()
        let question = try #require(SearchQuery(input)).asQuestion
        let expression = question.questionFTS5(omitting: omitting, keepingPhrases: keeping)
        let counts = try counts(database, question.questionPhrases(omitting: omitting, keepingPhrases: keeping))
        let expected = try scores(database, expression, "bm25(t, \(Self.weights))")
        #expect(!expected.isEmpty, "\(expression) matches no row")
        let given = counts.map { ", \($0)" }.joined()
        #expect(try scores(database, expression, "skillstore_bm25(t, \(Self.weights)\(given))") == expected)
        // Without counts, or with counts for another number of phrases, it counts them itself.
        #expect(try scores(database, expression, "skillstore_bm25(t, \(Self.weights))") == expected)
        let wrong = counts.map { ", \($0 + 1)" }.joined()
        #expect(try scores(database, expression, "skillstore_bm25(t, \(Self.weights)\(wrong), 1)") == expected)
        // A NULL count is counted.
        let firstUnknown = (["NULL"] + counts.dropFirst().map(String.init)).map { ", \($0)" }.joined()
        #expect(try scores(database, expression, "skillstore_bm25(t, \(Self.weights)\(firstUnknown))") == expected)
    }

    /// `allWordsPhrases` is `allWordsFTS5`'s order too, with a column filter or without.
    @Test(arguments: ["fill pdf form", "\"pdf form\" data -changelog", "form* commit -notes", "release notes OR changelog"])
    func everyWordRequiredScoresAsBM25Does(input: String) throws {
        let database = try database()
        let query = try #require(SearchQuery(input))
        for columns in [nil, "{name description}"] {
            let expression = query.allWordsFTS5(columns: columns)
            let counts = try counts(database, query.allWordsPhrases, columns: columns).map { ", \($0)" }.joined()
            let expected = try scores(database, expression, "bm25(t, \(Self.weights))")
            #expect(try scores(database, expression, "skillstore_bm25(t, \(Self.weights)\(counts))") == expected, "\(expression)")
        }
    }

    /// A count above the table's rows (an estimate, or a bound) scores as a
    /// count of every row: no score is NaN (which SQLite returns as NULL,
    /// and the search then failed).
    @Test func aCountAboveTheRowsIsEveryRow() throws {
        let database = try database()
        let everyRow = try scores(database, "\"pdf\"", "skillstore_bm25(t, \(Self.weights), \(Self.rows.count))")
        #expect(!everyRow.isEmpty)
        #expect(try scores(database, "\"pdf\"", "skillstore_bm25(t, \(Self.weights), 1000)") == everyRow)
    }

    /// The counts given are the ones used: a wrong count is a wrong idf.
    @Test func theCountsGivenAreUsed() throws {
        let database = try database()
        let question = try #require(SearchQuery("pdf")).asQuestion
        #expect(question.questionPhrases() == [SearchQuery.Term(text: "pdf", prefix: false)])
        let right = try scores(database, "\"pdf\"", "skillstore_bm25(t, \(Self.weights), 2)")
        let wrong = try scores(database, "\"pdf\"", "skillstore_bm25(t, \(Self.weights), 5)")
        #expect(right == (try scores(database, "\"pdf\"", "bm25(t, \(Self.weights))")))
        #expect(wrong.keys == right.keys)
        #expect(wrong != right)
    }

    /// A phrase scored with an idf of 1 gives each row's share alone: times
    /// the idf (`SearchBM25.idf`, of the rows the averages record counts),
    /// the very score bm25 gives with the count, to the bit. The search
    /// puts a walked phrase on its own idf that way once it has counted it.
    @Test(arguments: ["\"pdf form\"", "\"commit message\"", "fill"])
    func anIdfOfOneTimesTheIdfIsTheScoreWithTheCount(expression: String) throws {
        let database = try database()
        let averages = try #require(try database.queryFirst("SELECT block FROM t_data WHERE id = 1")).bytes("block")
        let rows = try #require(SearchBM25.rows(averages: averages))
        #expect(rows == Self.rows.count)
        let hits = try #require(try database.queryFirst(
            "SELECT count(*) AS n FROM t WHERE t MATCH ?", [.text(expression)])).int("n")
        let shares = try scores(database, expression, "skillstore_bm25(t, \(Self.weights), \(SearchBM25.idfOne))")
        let scored = try scores(database, expression, "skillstore_bm25(t, \(Self.weights), \(hits))")
        #expect(!scored.isEmpty)
        #expect(scored == (try scores(database, expression, "bm25(t, \(Self.weights))")))
        #expect(shares.mapValues { -(SearchBM25.idf(rows: rows, hits: hits) * -$0) } == scored)
        #expect(shares != scored)
    }

    @Test func anAveragesRecordThatIsNotOneReadsAsNothing() {
        #expect(SearchBM25.rows(averages: []) == 0)
        #expect(SearchBM25.rows(averages: [0x80]) == nil)
        #expect(SearchBM25.rows(averages: [0x81, 0x00, 0x05]) == 128)
    }

}
