import Foundation

extension SkillStore {
    /// The fields of the per-skill index (migrations/0007_search_fields.sql),
    /// in column order, and their bm25 weights: what a skill is called and
    /// says it does counts most, its code least.
    static let skillTextFields = ["name", "description", "headings", "rules", "body", "files", "code"]
    static let skillTextWeights = "10.0, 5.0, 2.5, 2.5, 1.0, 0.5, 0.3"
    /// How a candidate's score is made, each part from 0 to 1: coverage
    /// (the weighted share of the query's words it holds), bm25 (as a
    /// share of the best candidate's), its name (the share of its name's
    /// words the query holds) and its description (the weighted share of
    /// the query's words it holds). Set on the relevance benchmark
    /// (bench/relevance.sh) with one setting for all queries.
    static let coverageShare = 0.4
    static let bm25Share = 0.6
    static let nameShare = 0.2
    static let descriptionShare = 0.2
    /// A word held by more skills than this does not choose candidates:
    /// computing bm25 for every skill holding it costs more than the whole
    /// search may (about 4 us a skill, so 16 ms for two words 2,000 skills
    /// hold each). A fixed count, not a share: in a store of fewer than
    /// 1,000 skills every word may choose candidates.
    static let commonWordSkills = 1000
    /// A tier of candidates matching this many skills or more is ranked by
    /// recency, not bm25, when every word of the query is common: bm25
    /// costs about 4 us a skill, and at 100,000 generated skills a word
    /// common to most of them matches 20,000 names and descriptions.
    static let broadTier = 2000
    /// The fields searched first when every word of a query is common.
    static let leadFields = "{name description}"
    /// Candidates ranked again, at least.
    static let candidatePool = 50
    /// Passages shown for each skill.
    static let passagesPerSkill = 3

    /// The skills that best answer `request`, as a question: a ranked list
    /// of distinct skills, each with its best passages.
    ///
    /// Any of the query's words may match (stop words aside; quoted terms
    /// are still required and `-word` still excludes). Candidates are the
    /// best skills by bm25 over the per-skill index, with field weights
    /// (`skillTextWeights`); words that many skills hold (see
    /// `commonWordSkills`) do not choose candidates, which keeps a query
    /// fast in a large store, but still count below; when every word is
    /// that common, the skills whose name or description holds all of them,
    /// then any, are the candidates (the whole index only if too few). Candidates are ranked
    /// again by coverage, the share of the query's words each holds
    /// weighted by rarity (idf), with bm25 and name and description
    /// matches (see `coverageShare`). A skill the query names exactly
    /// comes first. Skills whose latest SKILL.md is the same bytes are one
    /// result, listing the others in `alsoIn`. `limit` counts skills.
    /// Throws `UsageProblem` as `search` does.
    public func searchSkills(_ request: SearchRequest) throws -> [SkillMatch] {
        try Self.check(request)
        guard let query = SearchQuery(request.query) else { return [] }
        let words = query.groups
        // The versions indexed, for idf. The search's own scratch writes
        // must not make the next search count the store again.
        let facts = try corpusFacts()
        defer { try? keepCorpusFacts(facts) }
        let skills = facts.versions
        let common = Self.commonWordSkills
        // Each word's skills, up to `common` of them: the rarer words' in full.
        let holders = try words.map { try versions(matching: SearchQuery.expression($0), upTo: common) }
        let commonWords = Set(holders.indices.filter { holders[$0].count >= common })
        let expression = query.questionFTS5(omitting: commonWords)

        let poolSize = min(SearchRequest.maxLimit, max(Self.candidatePool, request.limit * 2))
        // Every word common: bm25 for each skill holding one would cost
        // more than the search may. Skills naming or describing them all,
        // then any, come first; the whole index only if those are too few.
        var tiers = [expression]
        if commonWords.count == words.count {
            tiers = [query.questionFTS5(columns: Self.leadFields), expression]
            if words.count > 1 { tiers.insert(query.allWordsFTS5(columns: Self.leadFields), at: 0) }
        }
        var candidates: [SkillCandidate] = []
        for (index, tier) in tiers.enumerated() {
            // A later tier only makes up an answer the earlier ones could
            // not fill: its skills rank below theirs anyway.
            guard candidates.count < (index == 0 ? poolSize : request.limit) else { break }
            let found = Set(candidates.map(\.version))
            // Every word common: a tier may match most of the store, and
            // then its newest skills stand in for its best.
            let bound = commonWords.count == words.count ? Self.broadTier : nil
            candidates += try skillCandidates(tier, request: request, limit: poolSize, bound: bound)
                .filter { !found.contains($0.version) }.prefix(poolSize - candidates.count)
        }
        let named = try exactlyNamedVersions(request)
        for version in named where !candidates.contains(where: { $0.version == version }) {
            if let score = try skillScore(version: version, expression: expression) {
                candidates.append(SkillCandidate(version: version, bm25: score))
            }
        }
        guard !candidates.isEmpty else { return [] }

        let pool = candidates.map(\.version)
        let weights = holders.map { held in
            let count = Double(held.count)
            return max(0.01, log(1 + (Double(skills) - count + 0.5) / (count + 0.5)))
        }
        // Every candidate matched an expression made of the query's words:
        // with one word (or one group) each holds it, without a look-up.
        let present = try words.indices.map { index in
            words.count == 1 ? Set(pool) : commonWords.contains(index)
                ? try versions(
                    matching: SearchQuery.expression(words[index]), among: pool,
                    walking: words[index].contains(where: \.prefix))
                : holders[index]
        }
        let (names, descriptions) = try namesAndDescriptions(of: pool)
        let described = try versionsDescribing(words, descriptions: descriptions)
        let queryWords = words.flatMap { $0 }.flatMap { SearchQuery.words(in: $0.text) }.map(SearchQuery.folded)
        let total = weights.reduce(0, +)
        let strongest = candidates.map(\.bm25).max() ?? 0
        for index in candidates.indices {
            let version = candidates[index].version
            var held = 0.0
            var inDescription = 0.0
            for (word, weight) in weights.enumerated() {
                if present[word].contains(version) { held += weight }
                if described[word].contains(version) { inDescription += weight }
            }
            var candidate = candidates[index]
            candidate.coverage = total > 0 ? held / total : 1
            candidate.description = total > 0 ? inDescription / total : 1
            candidate.name = Self.nameShare(names[version] ?? "", queryWords: queryWords)
            let relevance = strongest > 0 ? candidate.bm25 / strongest : 1
            candidate.score = Self.coverageShare * candidate.coverage + Self.bm25Share * relevance
                + Self.nameShare * candidate.name + Self.descriptionShare * candidate.description
            candidate.exactName = named.contains(version)
            candidates[index] = candidate
        }
        candidates.sort {
            ($0.exactName ? 1 : 0, $0.score, $0.bm25, -$0.version) > ($1.exactName ? 1 : 0, $1.score, $1.bm25, -$1.version)
        }

        var matches: [SkillMatch] = []
        var shownVersions: [Int] = []
        var seenBlobs = Set<BlobID>()
        var seenSkills = Set<SkillKey>()
        for candidate in candidates where matches.count < request.limit {
            guard let version = try database.queryFirst(
                "SELECT namespace, skill, label, skill_blob, description FROM versions WHERE seq = ?",
                [.integer(Int64(candidate.version))])
            else { throw SkillStoreError.corrupt("the per-skill index names a missing version (\(candidate.version))") }
            let key = SkillKey(namespace: version.string("namespace"), name: version.string("skill"))
            let blob = try version.blobID("skill_blob")
            // The same bytes elsewhere, or an older version of a skill shown (all versions searched).
            guard !seenBlobs.contains(blob), !seenSkills.contains(key) else { continue }
            seenBlobs.insert(blob)
            seenSkills.insert(key)
            var match = SkillMatch(
                namespace: key.namespace, skill: key.name, address: key.description, version: version.string("label"),
                id: blob, description: version.string("description"), score: candidate.score,
                alsoIn: try placesHolding(blob, besides: key), passages: [], explanation: nil)
            if request.explain {
                match.explanation = SearchExplanation(
                    words: try words.enumerated().map { index, group in
                        SearchExplanation.Word(
                            word: group.map(\.text).joined(separator: " OR "),
                            fields: try fields(holding: group, version: candidate.version), weight: weights[index])
                    },
                    bm25: candidate.bm25, coverage: candidate.coverage, name: candidate.name,
                    description: candidate.description, exactName: candidate.exactName, score: candidate.score)
            }
            matches.append(match)
            shownVersions.append(candidate.version)
        }
        let passages = try passages(of: shownVersions, query: query)
        for index in matches.indices { matches[index].passages = passages[shownVersions[index]] ?? [] }
        return matches
    }

    private struct SkillCandidate {
        var version: Int
        var bm25: Double
        var coverage = 0.0
        var name = 0.0
        var description = 0.0
        var score = 0.0
        var exactName = false
    }

    /// The share of a skill name's words (`fill-pdf-forms`) that the query
    /// holds. A name word matches a query word that is the same word or,
    /// both being four letters or more, opens with the same four: porter
    /// stems change only a word's ending, and names are not in the
    /// tokenizer's hands here.
    static func nameShare(_ name: String, queryWords: [[UInt8]]) -> Double {
        let parts = name.split(separator: "-").map { SearchQuery.folded(String($0)) }
        guard !parts.isEmpty else { return 0 }
        let matched = parts.filter { part in
            queryWords.contains { word in
                part.count < 4 || word.count < 4 ? part == word : part.prefix(4).elementsEqual(word.prefix(4))
            }
        }
        return Double(matched.count) / Double(parts.count)
    }

    /// The best skill versions by bm25 that pass the request's filters.
    /// With a `bound`, FTS5 scores at most that many matches, newest first,
    /// and stops: when it stopped there, the newest `limit` stand in for the
    /// best; else they are all the matches, ranked by bm25. One walk along
    /// the words' lists either way.
    private func skillCandidates(
        _ expression: String, request: SearchRequest, limit: Int, bound: Int? = nil
    ) throws -> [SkillCandidate] {
        var sql = """
            SELECT rowid AS version, bm25(skill_text, \(Self.skillTextWeights)) AS score FROM skill_text
            WHERE skill_text MATCH ?
            """
        var arguments: [SQLValue] = [.text(expression)]
        // Correlated subqueries, not `rowid IN (...)`: FTS5 would take an IN
        // list as one lookup per value, which for every latest version is slower.
        if !request.allVersions, try hasSupersededVersions() {
            sql += " AND EXISTS (SELECT 1 FROM skills WHERE skills.latest = skill_text.rowid)"
        }
        if let glob = request.skill {
            sql += " AND EXISTS (SELECT 1 FROM versions WHERE seq = skill_text.rowid AND skill GLOB ?)"
            arguments.append(.text(glob))
        }
        if let namespace = request.namespace {
            sql += " AND EXISTS (SELECT 1 FROM versions WHERE seq = skill_text.rowid AND namespace = ?)"
            arguments.append(.text(namespace))
        }
        sql += bound == nil ? " ORDER BY score LIMIT ?" : " ORDER BY version DESC LIMIT ?"
        arguments.append(.integer(Int64(bound ?? limit)))
        let found = try database.query(sql, arguments).map {
            SkillCandidate(version: try $0.int("version"), bm25: try -$0.double("score"))
        }
        guard let bound, found.count < bound else { return Array(found.prefix(limit)) }
        return Array(found.sorted { ($0.bm25, -$0.version) > ($1.bm25, -$1.version) }.prefix(limit))
    }

    /// The versions whose per-skill row matches `expression`, at most
    /// `limit` of them: without scores, a walk along the words' lists.
    private func versions(matching expression: String, upTo limit: Int) throws -> Set<Int> {
        Set(try database.query(
            "SELECT rowid AS version FROM skill_text WHERE skill_text MATCH ? LIMIT ?",
            [.text(expression), .integer(Int64(limit))]).map { try $0.int("version") })
    }

    /// The versions of `pool` whose per-skill row matches `expression`, for
    /// a word too common to list in full: one look-up per version, as FTS5
    /// seeks a row id, where `rowid IN (...)` would walk the word's whole
    /// list. A prefix (`walking`) is the other way round: FTS5 merges the
    /// lists of every word it opens for each look-up, so one walk is
    /// cheaper. The pool is one JSON argument, so that the statement is
    /// prepared once, not once per pool.
    private func versions(matching expression: String, among pool: [Int], walking: Bool) throws -> Set<Int> {
        let sql = walking
            ? """
                SELECT rowid AS version FROM skill_text
                WHERE skill_text MATCH ?2 AND rowid IN (SELECT value FROM json_each(?1))
                """
            : """
                SELECT pool.value AS version FROM json_each(?1) AS pool
                WHERE EXISTS (SELECT 1 FROM skill_text WHERE skill_text MATCH ?2 AND skill_text.rowid = pool.value)
                """
        return Set(try database.query(sql, [.text(Self.jsonList(pool)), .text(expression)]).map { try $0.int("version") })
    }

    /// The skill names and descriptions of versions.
    private func namesAndDescriptions(of versions: [Int]) throws -> (names: [Int: String], descriptions: [Int: String]) {
        var names: [Int: String] = [:]
        var descriptions: [Int: String] = [:]
        for row in try database.query(
            "SELECT seq, skill, description FROM versions WHERE seq IN (SELECT value FROM json_each(?))",
            [.text(Self.jsonList(versions))]) {
            let version = try row.int("seq")
            names[version] = row.string("skill")
            descriptions[version] = row.string("description")
        }
        return (names, descriptions)
    }

    /// For each group of words, the versions whose description holds it:
    /// the candidates' descriptions (the same text as the per-skill index's
    /// description field) run through the index's tokenizer, where asking
    /// the index would walk a common word's whole list of skills.
    private func versionsDescribing(_ words: [[SearchQuery.Term]], descriptions: [Int: String]) throws -> [Set<Int>] {
        let matcher = SearchTermMatcher(groups: words, tokenizer: try textTokenizer())
        var describing = [Set<Int>](repeating: [], count: words.count)
        for (version, description) in descriptions {
            for group in matcher.groups(in: matcher.matches(in: try textTokenizer().tokens(of: description))) {
                describing[group].insert(version)
            }
        }
        return describing
    }

    private static func jsonList(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }

    /// The latest versions of the skills the query names exactly, in any
    /// namespace the filters allow.
    private func exactlyNamedVersions(_ request: SearchRequest) throws -> [Int] {
        let name = SearchQuery.words(in: request.query).joined(separator: "-")
        guard SkillName.isValid(name) else { return [] }
        var sql = "SELECT latest FROM skills WHERE name = ? AND latest IS NOT NULL"
        var arguments: [SQLValue] = [.text(name)]
        if let glob = request.skill {
            sql += " AND name GLOB ?"
            arguments.append(.text(glob))
        }
        if let namespace = request.namespace {
            sql += " AND namespace = ?"
            arguments.append(.text(namespace))
        }
        return try database.query(sql, arguments).map { try $0.int("latest") }
    }

    /// bm25 of one version for the query, nil when it does not match.
    private func skillScore(version: Int, expression: String) throws -> Double? {
        try database.queryFirst(
            "SELECT bm25(skill_text, \(Self.skillTextWeights)) AS score FROM skill_text WHERE skill_text MATCH ? AND rowid = ?",
            [.text(expression), .integer(Int64(version))]
        ).map { -(try $0.double("score")) }
    }

    /// The fields of a version's per-skill row in which a word occurs.
    private func fields(holding group: [SearchQuery.Term], version: Int) throws -> [String] {
        try Self.skillTextFields.filter { field in
            try database.queryFirst(
                "SELECT 1 AS found FROM skill_text WHERE skill_text MATCH ? AND rowid = ?",
                [.text("\(field) : \(SearchQuery.expression(group))"), .integer(Int64(version))]) != nil
        }
    }

    /// Other skills whose latest version has the SKILL.md `blob`.
    private func placesHolding(_ blob: BlobID, besides key: SkillKey) throws -> [String] {
        try database.query("""
            SELECT versions.namespace, versions.skill FROM versions
            JOIN skills ON skills.latest = versions.seq
            WHERE versions.skill_blob = ? ORDER BY versions.namespace, versions.skill
            """, [.text(blob.hex)]).compactMap { row in
            let other = SkillKey(namespace: row.string("namespace"), name: row.string("skill"))
            return other == key ? nil : other.description
        }
    }
}
