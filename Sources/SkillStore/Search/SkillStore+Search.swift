import Foundation

extension SkillStore {
    /// The tokenizer of the search index (migrations/0003_search.sql) and of
    /// the per-query index of rules and claims: words by their porter stem,
    /// case and diacritics folded.
    static let searchTokenizer = "porter unicode61 remove_diacritics 2"

    /// bm25 weights of the index's columns: name, description, headings,
    /// text (and the two unindexed columns).
    static let searchWeights = "10.0, 4.0, 3.0, 1.0, 0.0, 0.0"
    /// bm25 weights of the per-query index of rules and claims: headings,
    /// rule title, text.
    static let unitWeights = "3.0, 2.5, 1.0"

    /// Ranked hits for `request`.
    ///
    /// Skills, sections and sources are rows of an FTS5 index, ranked by
    /// bm25 with column weights (name, description, headings, text); only
    /// the latest version of each skill is searched unless `allVersions`.
    /// Rules and claims are found inside the best sections that could hold
    /// them: those sections' rules or claims are indexed again for this
    /// query alone, and one that matches the whole query on its own (with
    /// its heading path) is a hit. Its score is its section's, scaled from
    /// half to all of it by how well it matches among the others found.
    ///
    /// Without a kind, a section in which the text of a rule (else of a
    /// claim) matches the whole query is shown as that rule or claim, with
    /// twice the section's score: all the words in one sentence or rule are
    /// stronger evidence than the same words across a section. A skill the
    /// query names exactly comes first.
    ///
    /// Any text is a valid query (see `SearchQuery`); text with no word to
    /// search for finds nothing. An empty query or a limit out of range is a
    /// `UsageProblem`.
    public func search(_ request: SearchRequest) throws -> [SearchHit] {
        try keepTemporaryTablesInMemory()
        return try database.read { try searchInOneRead(request) }
    }

    /// A search fills and empties temporary tables: in memory, not in a
    /// file each write would go through the page cache of. Set outside any
    /// transaction (SQLite refuses it inside one), before a search's read.
    func keepTemporaryTablesInMemory() throws {
        guard !temporaryTablesInMemory else { return }
        try database.execute("PRAGMA temp_store = MEMORY")
        temporaryTablesInMemory = true
    }

    private func searchInOneRead(_ request: SearchRequest) throws -> [SearchHit] {
        try Self.check(request)
        guard let query = SearchQuery(request.query) else { return [] }
        // The search's own scratch writes must not make the next search count the store again.
        let facts = try corpusFacts()
        defer { try? keepCorpusFacts(facts) }
        if request.label != nil, let kind = request.kind, kind != .claim { return [] }
        if (request.skill != nil || request.namespace != nil) && request.kind == .source { return [] }

        if let unitKind = request.label != nil ? .claim : request.kind.flatMap({ $0 == .rule || $0 == .claim ? $0 : nil }) {
            var contents = SearchRowID.Contents()
            if unitKind == .rule { contents.hasRules = true }
            if let label = request.label { contents.insert(label) }
            let sections = try rankedRows(
                query: query.withoutExclusions, kinds: [.section], containing: contents, request: request,
                limit: max(50, 5 * request.limit))
            let units = try rankUnits(
                in: sections, query: query,
                where: { $0.kind == unitKind && (request.label == nil || $0.label == request.label) })
            return try units.prefix(request.limit).map { try unitHit($0, query: query) }
        }

        let kinds = request.kind.map { [$0] } ?? [.skill, .section, .source]
        // Without a kind, more rows than asked for compete (half as many
        // again, at least 5): a section shown as its rule may overtake rows
        // ranked above it.
        let pool = request.kind == nil ? request.limit + max(5, request.limit / 2) : request.limit
        var hits: [(score: Double, hit: () throws -> SearchHit)] = []
        var rows = try rankedRows(query: query, kinds: kinds, containing: nil, request: request, limit: pool)
        let named = kinds.contains(.skill) ? try exactNameRows(request, query: query) : []
        rows.removeAll { row in named.contains { $0.rowID == row.rowID } }

        var best: [Int64: RankedUnit] = [:]
        if request.kind == nil {
            // Only a section that twice its score would bring into the top
            // `limit` can change the hits.
            let bar = rows.count >= request.limit ? rows[request.limit - 1].score : 0
            let sections = rows.filter { SearchRowID($0.rowID)?.kind == .section && 2 * $0.score >= bar }
            for unit in try rankUnits(in: sections, query: query, textOnly: true, where: { _ in true }) {
                if let current = best[unit.section.rowID], current.unit.kind == .rule || unit.unit.kind != .rule { continue }
                best[unit.section.rowID] = unit
            }
        }
        for row in rows {
            if var unit = best[row.rowID] {
                unit.score = 2 * row.score
                hits.append((unit.score, { try self.unitHit(unit, query: query) }))
            } else {
                hits.append((row.score, { try self.rowHit(row, query: query) }))
            }
        }
        hits.sort { $0.score > $1.score }
        hits.insert(contentsOf: named.map { named in (named.score, { try self.rowHit(named, query: query) }) }, at: 0)
        return try hits.prefix(request.limit).map { try $0.hit() }
    }

    /// Refuses an empty query or a limit out of range.
    static func check(_ request: SearchRequest) throws {
        guard request.query.contains(where: { !$0.isWhitespace }) else {
            throw UsageProblem("the search query is empty")
        }
        guard (1...SearchRequest.maxLimit).contains(request.limit) else {
            throw UsageProblem("the limit must be between 1 and \(SearchRequest.maxLimit), not \(request.limit)")
        }
    }

    struct RankedRow {
        var rowID: Int64
        var score: Double
    }

    /// The best rows by bm25 of the given kinds that pass the filters.
    /// Filters are rowid arithmetic and index lookups, applied before scores
    /// are computed; `containing` keeps sections with any of those labels
    /// (and with rules, if asked).
    private func rankedRows(
        query: SearchQuery, kinds: [SearchKind], containing: SearchRowID.Contents?, request: SearchRequest, limit: Int
    ) throws -> [RankedRow] {
        let owner = SearchRowID.ownerSQL
        let isSource = "\(SearchRowID.kindSQL) = \(SearchKind.source.code)"
        var sql = """
            SELECT search.rowid AS row_id, bm25(search, \(Self.searchWeights)) AS score FROM search
            WHERE search MATCH ?
            """
        var arguments: [SQLValue] = [.text(query.fts5)]
        // Skills, sections and sources are the only rows: all three need no filter.
        // Compared as bits: a set of kinds would cost a search command's
        // runtime a scan of every protocol conformance in the binary.
        func bits(_ kinds: [SearchKind]) -> Int { kinds.reduce(0) { $0 | 1 << $1.code } }
        if bits(kinds) != bits([.skill, .section, .source]) {
            sql += " AND \(SearchRowID.kindSQL) IN (\(kinds.map { String($0.code) }.joined(separator: ", ")))"
        }
        if let containing {
            let labels = SearchRowID.Contents(bits: containing.bits & ~(1 << SearchRowID.labelOrder.count))
            if labels.bits != 0 { sql += " AND \(SearchRowID.contentsSQL) & \(labels.bits) != 0" }
            if containing.hasRules { sql += " AND \(SearchRowID.contentsSQL) & \(1 << SearchRowID.labelOrder.count) != 0" }
        }
        // Only the latest versions: a check per matching row, skipped when
        // no version has been superseded (as in a store published once).
        if !request.allVersions, try hasSupersededVersions() {
            sql += """
                 AND CASE WHEN \(isSource)
                    THEN \(owner) IN (SELECT max(seq) FROM sources GROUP BY url)
                    ELSE EXISTS (SELECT 1 FROM skills WHERE skills.latest = \(owner)) END
                """
        }
        let filters = Self.filters(of: request, skill: "skill", namespace: "namespace")
        if !filters.sql.isEmpty {
            sql += " AND NOT \(isSource) AND \(owner) IN (SELECT seq FROM versions WHERE 1\(filters.sql))"
            arguments += filters.arguments
        }
        sql += " ORDER BY score LIMIT ?"
        arguments.append(.integer(Int64(limit)))
        return try database.query(sql, arguments).map {
            RankedRow(rowID: Int64(try $0.int("row_id")), score: try -$0.double("score"))
        }
    }

    /// Whether any skill or source has had a version that is not its
    /// latest (superseded or yanked); see `SearchCorpusFacts.superseded`.
    func hasSupersededVersions() throws -> Bool {
        try corpusFacts().superseded
    }

    /// The store's counts, computed again only when the store has changed
    /// since the last search (`SearchCorpusFacts`).
    func corpusFacts() throws -> SearchCorpusFacts {
        let stamp = try corpusStamp()
        if let facts = searchCorpusFacts, facts.stamp == stamp { return facts }
        // `store_facts` is kept by triggers as versions and sources are
        // written (migrations/0009_store_facts.sql).
        let row = try database.queryFirst("""
            SELECT (SELECT coalesce(max(seq), 0) FROM versions) AS versions,
                   (SELECT superseded FROM store_facts WHERE id = 1) AS superseded
            """)
        let facts = SearchCorpusFacts(
            stamp: stamp, versions: try row?.int("versions") ?? 0, superseded: try row?.int("superseded") == 1)
        searchCorpusFacts = facts
        return facts
    }

    /// Marks the facts as current after a search's own writes to its
    /// temporary tables, which change the connection's count of changed rows.
    func keepCorpusFacts(_ facts: SearchCorpusFacts) throws {
        var kept = facts
        kept.stamp = try corpusStamp()
        searchCorpusFacts = kept
    }

    private func corpusStamp() throws -> SearchCorpusFacts.Stamp {
        SearchCorpusFacts.Stamp(
            dataVersion: try database.queryFirst("PRAGMA data_version")?.int("data_version") ?? 0,
            changes: database.totalChanges)
    }

    /// The latest versions of the skills the query names exactly
    /// (`oven-spring`, `oven spring`), one per namespace that holds the
    /// name and passes the filters, in namespace order: the one look-up of
    /// row search and search by skill.
    func exactlyNamedVersions(_ request: SearchRequest) throws -> [Int] {
        let name = SearchQuery.words(in: request.query).joined(separator: "-")
        guard SkillName.isValid(name) else { return [] }
        let filters = Self.filters(of: request, skill: "name", namespace: "namespace")
        return try database.query(
            "SELECT latest FROM skills WHERE name = ? AND latest IS NOT NULL\(filters.sql) ORDER BY namespace",
            [.text(name)] + filters.arguments
        ).map { try $0.int("latest") }
    }

    /// The request's `--skill` glob and `--namespace` as SQL conditions,
    /// each ` AND ...`, on the columns `skill` and `namespace` name, with
    /// their arguments: the one spelling of those filters, for every table
    /// search reads them from.
    static func filters(of request: SearchRequest, skill: String, namespace: String) -> (sql: String, arguments: [SQLValue]) {
        var sql = ""
        var arguments: [SQLValue] = []
        if let glob = request.skill {
            sql += " AND \(skill) GLOB ?"
            arguments.append(.text(glob))
        }
        if let name = request.namespace {
            sql += " AND \(namespace) = ?"
            arguments.append(.text(name))
        }
        return (sql, arguments)
    }

    /// The skill rows of the skills the query names exactly, best first.
    private func exactNameRows(_ request: SearchRequest, query: SearchQuery) throws -> [RankedRow] {
        var named: [RankedRow] = []
        for latest in try exactlyNamedVersions(request) {
            let rowID = SearchRowID(kind: .skill, owner: latest, ordinal: 0).rawValue
            guard let row = try database.queryFirst(
                "SELECT bm25(search, \(Self.searchWeights)) AS score FROM search WHERE search MATCH ? AND search.rowid = ?",
                [.text(query.fts5), .integer(rowID)])
            else { continue }
            named.append(RankedRow(rowID: rowID, score: try -row.double("score")))
        }
        return named.sorted { $0.score > $1.score }
    }

    // MARK: Rules and claims

    /// A section row as the unit search reads it.
    struct SectionRow {
        var rowID: Int64
        var owner: Int
        var headings: String
        var body: [UInt8]
    }

    struct RankedUnit {
        var section: SectionRow
        var unit: SearchUnit
        var score: Double
        /// The unit's row in the per-query index, for its snippet.
        var row: Int
    }

    /// The rules and claims of `sections` that `include` accepts and that
    /// match `query` on their own (with their heading path, unless
    /// `textOnly`), best first.
    /// They are indexed for this query alone, in a temporary FTS5 table with
    /// the same tokenizer, so that stems, phrases, prefixes and exclusions
    /// mean exactly what they mean in the main index.
    func rankUnits(
        in sections: [RankedRow], query: SearchQuery, textOnly: Bool = false, where include: (SearchUnit) -> Bool
    ) throws -> [RankedUnit] {
        guard !sections.isEmpty else { return [] }
        try clearSearchScratch()
        let read = try database.statement("SELECT headings, body, units FROM search WHERE rowid = ?")
        // A unit without the opening letters of every group of the query
        // cannot match it, and is not indexed.
        let openings = query.openings
        let addText = try database.statement(
            "INSERT INTO temp.search_unit_text (id, headings, title, body) VALUES (?, ?, ?, ?)")
        let insert = try database.statement("INSERT INTO temp.search_units (rowid, headings, title, body) VALUES (?, ?, ?, ?)")
        var candidates: [(section: SectionRow, unit: SearchUnit, score: Double)] = []
        for ranked in sections {
            let rowID = ranked.rowID
            try read.bind([.integer(rowID)])
            guard let row = try read.step(), let owner = SearchRowID(rowID)?.owner else {
                read.reset()
                continue
            }
            read.reset()
            let section = SectionRow(rowID: rowID, owner: owner, headings: row.string("headings"), body: row.bytes("body"))
            let headings = textOnly ? [] : SearchQuery.folded(section.headings)
            for unit in SearchUnit.decode(row.string("units"), body: section.body) where include(unit) {
                let text = String(decoding: section.body[unit.range], as: UTF8.self)
                guard SearchQuery.mayMatch(SearchQuery.folded(text), also: headings, openings: openings) else { continue }
                // A titled rule's first line is its title, weighted above its text.
                var title = Substring("")
                var rest = Substring(text)
                if unit.titled, let end = text.firstIndex(of: "\n") {
                    title = text[..<end]
                    rest = text[text.index(after: end)...]
                }
                for statement in [addText, insert] {
                    try statement.bind(1, candidates.count)
                    try statement.bind(2, section.headings)
                    try statement.bind(3, String(title))
                    try statement.bind(4, String(rest))
                    try statement.runBound()
                }
                candidates.append((section, unit, ranked.score))
            }
        }
        guard !candidates.isEmpty else { return [] }
        // bm25 here only compares the units found with each other: the
        // table's few rows make its word weights meaningless on their own.
        let matches = try database.query("""
            SELECT rowid AS row, bm25(search_units, \(Self.unitWeights)) AS score FROM temp.search_units
            WHERE search_units MATCH ?
            """, [.text(textOnly ? "{title body} : (\(query.fts5))" : query.fts5)]).map { (row: try $0.int("row"), score: try -$0.double("score")) }
        let strongest = matches.map(\.score).max() ?? 0
        return matches.map { match in
            let candidate = candidates[match.row]
            let share = strongest > 0 ? match.score / strongest : 1
            return RankedUnit(
                section: candidate.section, unit: candidate.unit, score: candidate.score * (0.5 + 0.5 * share), row: match.row)
        }.sorted { ($0.score, -$0.row) > ($1.score, -$1.row) }
    }

    /// Empties the per-query index of rules and claims, creating it on this
    /// connection's first search.
    private func clearSearchScratch() throws {
        try prepareSearchScratch()
        try database.statement("INSERT INTO temp.search_units (search_units) VALUES ('delete-all')").run([])
        try database.statement("DELETE FROM temp.search_unit_text").run([])
    }

    /// Creates the temporary tables of a search on this connection's first
    /// search: the per-query index of rules and claims. Created once, not per
    /// query: any CREATE or DROP makes SQLite prepare every cached
    /// statement again. The units' text is an external-content table, so
    /// that 'delete-all' empties their index at once.
    func prepareSearchScratch() throws {
        guard !searchScratchReady else { return }
        try database.execute("""
            CREATE TEMP TABLE IF NOT EXISTS search_unit_text (
                id INTEGER PRIMARY KEY, headings TEXT, title TEXT, body TEXT);
            CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_units USING fts5(
                headings, title, body, content = 'search_unit_text', content_rowid = 'id',
                tokenize = '\(Self.searchTokenizer)');
            """)
        searchScratchReady = true
    }

    // MARK: Hits

    /// A rule or claim hit, while its query's temporary index is still there.
    func unitHit(_ ranked: RankedUnit, query: SearchQuery) throws -> SearchHit {
        let snippetRow = try database.queryFirst("""
            SELECT snippet(search_units, 2, char(2), char(3), '…', 24) AS snippet,
                   highlight(search_units, 1, char(2), char(3)) AS title,
                   highlight(search_units, 0, char(2), char(3)) AS headings
            FROM temp.search_units WHERE search_units MATCH ? AND rowid = ?
            """, [.text(query.fts5), .integer(Int64(ranked.row))])
        var text = Self.snippetRuns(snippetRow?.string("snippet") ?? "")
        let title = Self.snippetRuns(snippetRow?.string("title") ?? "")
        // A rule's title, whole, before the text around the matched words.
        if !title.isEmpty { text = title + [.init(text: " ", matched: false)] + text }
        let snippet = Self.snippet(text, headings: Self.snippetRuns(snippetRow?.string("headings") ?? ""))
        return try unitHit(ranked.unit, in: ranked.section, snippet: snippet, score: ranked.score)
    }

    /// A rule or claim hit, with its snippet made.
    func unitHit(_ unit: SearchUnit, in section: SectionRow, snippet: [SearchHit.SnippetRun], score: Double) throws -> SearchHit {
        var hit = try versionHit(owner: section.owner, kind: unit.kind, snippet: snippet, score: score)
        // The skill as the hit names it: its name, qualified outside the default namespace.
        let skill = hit.address
        hit.line = unit.line
        hit.section = Self.headingPath(section.headings)
        if unit.kind == .rule, let rule = unit.rule {
            hit.rule = rule
            hit.address = "\(skill)#\(rule)"
        } else {
            hit.label = unit.label
            hit.address = "\(skill):\(unit.line)"
        }
        return hit
    }

    /// A skill, section or source hit; `expression` (the query's FTS5 by
    /// default) marks the matched words.
    func rowHit(_ ranked: RankedRow, query: SearchQuery, expression: String? = nil) throws -> SearchHit {
        guard let rowID = SearchRowID(ranked.rowID),
              let row = try database.queryFirst("""
                SELECT snippet(search, ?, char(2), char(3), '…', 24) AS snippet, headings, ref,
                       highlight(search, ?, char(2), char(3)) AS marked_headings
                FROM search WHERE search MATCH ? AND search.rowid = ?
                """, [.integer(rowID.kind == .skill ? 1 : 3), .integer(rowID.kind == .skill ? 0 : 2),
                      .text(expression ?? query.fts5), .integer(ranked.rowID)])
        else { throw SkillStoreError.corrupt("search row \(ranked.rowID) vanished while it was read") }
        let snippet = Self.snippet(
            Self.snippetRuns(row.string("snippet")), headings: Self.snippetRuns(row.string("marked_headings")))
        let ref = row.string("ref")

        if rowID.kind == .source {
            guard let source = try database.queryFirst("""
                SELECT url, blob, line FROM sources JOIN source_sections ON source = seq WHERE seq = ? AND ord = ?
                """, [.integer(Int64(rowID.owner)), .integer(Int64(rowID.ordinal))])
            else { throw SkillStoreError.corrupt("search row \(ranked.rowID) names a missing source section") }
            return SearchHit(
                kind: .source, address: source.string("url") + "#" + ref, namespace: nil, skill: nil, version: nil,
                id: try source.blobID("blob"), url: source.string("url"), label: nil, line: try source.int("line"), rule: nil,
                section: [row.string("headings")], snippet: snippet, score: ranked.score)
        }
        if rowID.kind == .section {
            return try sectionHit(owner: rowID.owner, score: ranked.score, ref: ref, headings: row.string("headings"), snippet: snippet)
        }
        return try versionHit(owner: rowID.owner, kind: rowID.kind, snippet: snippet, score: ranked.score)
    }

    /// A section hit: the line of its heading is its `ref`.
    func sectionHit(
        owner: Int, score: Double, ref: String, headings: String, snippet: [SearchHit.SnippetRun]
    ) throws -> SearchHit {
        var hit = try versionHit(owner: owner, kind: .section, snippet: snippet, score: score)
        hit.line = Int(ref)
        hit.address = "\(hit.address):\(ref)"
        hit.section = Self.headingPath(headings)
        return hit
    }

    /// A hit in a skill version, addressed by the skill's name.
    func versionHit(
        owner: Int, kind: SearchKind, snippet: [SearchHit.SnippetRun], score: Double
    ) throws -> SearchHit {
        guard let version = try database.queryFirst(
            "SELECT namespace, skill, label, skill_blob FROM versions WHERE seq = ?", [.integer(Int64(owner))])
        else { throw SkillStoreError.corrupt("the search index names a missing version (\(owner))") }
        let key = SkillKey(namespace: version.string("namespace"), name: version.string("skill"))
        return SearchHit(
            kind: kind, address: key.description, namespace: key.namespace, skill: key.name, version: version.string("label"),
            id: try version.blobID("skill_blob"), url: nil, label: nil, line: nil, rule: nil, section: [],
            snippet: snippet, score: score)
    }

    /// A heading path as indexed (`SearchEntry.pathSeparator` between the
    /// headings), split back into its headings: byte by byte, as it was
    /// joined (Foundation's `components(separatedBy:)` compares Characters,
    /// about 16,000 instructions a path, and would not split before a
    /// heading that opens with a combining mark).
    static func headingPath(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        let bytes = Array(text.utf8)
        let separator = Array(SearchEntry.pathSeparator.utf8)
        var headings: [String] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count {
            if bytes[index..<(index + separator.count)].elementsEqual(separator) {
                headings.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        headings.append(String(decoding: bytes[start...], as: UTF8.self))
        return headings
    }

    /// The text's snippet, after the heading path (or, for a skill, its
    /// name) when words matched there, so that the hit shows why it is one.
    static func snippet(
        _ text: [SearchHit.SnippetRun], headings: [SearchHit.SnippetRun]
    ) -> [SearchHit.SnippetRun] {
        guard headings.contains(where: \.matched) else { return text }
        return headings + [.init(text: " · ", matched: false)] + text
    }

    /// Splits an FTS5 snippet whose matched terms sit between U+0002 and U+0003.
    static func snippetRuns(_ marked: String) -> [SearchHit.SnippetRun] {
        var runs: [SearchHit.SnippetRun] = []
        var current = ""
        var matched = false
        for character in marked {
            if character == "\u{2}" || character == "\u{3}" {
                if !current.isEmpty { runs.append(.init(text: current, matched: matched)) }
                current = ""
                matched = character == "\u{2}"
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { runs.append(.init(text: current, matched: matched)) }
        return runs
    }
}
