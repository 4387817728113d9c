import Foundation

extension SkillStore {
    /// The fields of the per-skill index (migrations/0007_search_fields.sql),
    /// in column order, and their bm25 weights: what a skill is called and
    /// says it does counts most, its code least.
    static let skillTextFields = ["name", "description", "headings", "rules", "body", "files", "code"]
    static let skillTextWeights = "10.0, 5.0, 2.5, 2.5, 1.0, 0.5, 0.3"
    /// How a candidate's score is made, each part from 0 to 1: coverage
    /// (the weighted share of the query's words it holds), bm25 (as a
    /// share of the best candidate's found by the same FTS5 expression:
    /// bm25 of different expressions do not compare), its name (the share of its name's
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
    /// bm25 weights of the index of names and descriptions, as in `skillTextWeights`.
    static let leadWeights = "10.0, 5.0"
    /// The fields a skill writes itself, as opposed to its bundle's files
    /// and code: the first five of `skillTextFields`, as `columns` masks.
    static let ownTextColumns = 0b11111
    /// What a word held only in a skill's bundle files or code counts for
    /// in its coverage, against one in its own text.
    static let bundleOnlyShare = 0.5
    /// Candidates ranked again, at least.
    static let candidatePool = 50
    /// When every word is common, the share of the pool that skills
    /// holding a rare phrase of them may take, leaving room for the skills
    /// that name or describe them.
    static let rarePhraseShare = 0.5
    /// Passages shown for each skill.
    static let passagesPerSkill = 3

    /// The skills that best answer `request`, as a question: a ranked list
    /// of distinct skills, each with its best passages.
    ///
    /// Any of the query's words may match (stop words aside; quoted terms
    /// are still required and `-word` still excludes); a word punctuation
    /// splits (`SR&ED`) also matches its parts run together (`SRED`).
    /// Candidates are the best skills by bm25 over the per-skill index,
    /// with field weights (`skillTextWeights`); words that many skills hold
    /// (see `commonWordSkills`) do not choose candidates, which keeps a
    /// query fast in a large store, but still count below, and two of them
    /// in a row that few skills hold together ("failing test") do; when
    /// every word is that common, the skills whose name or description
    /// holds all of them, those holding such a phrase, then the skills
    /// whose name or description holds any, are the candidates (the whole
    /// index only if too few; these two tiers rank after the others, so
    /// that up to a limit of 25 an answer is the start of a longer one).
    /// Candidates are ranked again by coverage, the share of the query's
    /// words each holds weighted by rarity (idf), with bm25 and name and
    /// description matches (see `coverageShare`). A skill the query names
    /// exactly comes first. Skills whose latest SKILL.md is
    /// the same bytes, or copies with the same description under the same
    /// name or that name with words before it (`NearDuplicate`), are one
    /// result, listing the others in `alsoIn`; the same bytes are shown as
    /// the first of them published. `limit` counts skills.
    /// Throws `UsageProblem` as `search` does.
    public func searchSkills(_ request: SearchRequest) throws -> [SkillMatch] {
        try keepTemporaryTablesInMemory()
        return try database.read { try searchSkillsInOneRead(request) }
    }

    private func searchSkillsInOneRead(_ request: SearchRequest) throws -> [SkillMatch] {
        try Self.check(request)
        guard var query = SearchQuery(request.query) else { return [] }
        query.compounds += try phrasalCompounds(of: request.query, in: query)
        // A compound no skill writes as one word (`shadcn/ui`) is its parts
        // alone, as in rows: it would only be the rarest word of all.
        query.compounds = try query.compounds.filter { !(try versions(matching: SearchQuery.quoted($0.term), upTo: 1)).isEmpty }
        let question = query.asQuestion
        let words = question.groups
        // The versions indexed, for idf. The search's own scratch writes
        // must not make the next search count the store again.
        let facts = try corpusFacts()
        defer { try? keepCorpusFacts(facts) }
        let skills = facts.versions
        let common = Self.commonWordSkills
        // Each word's skills, up to `common` of them, in rowid order: the
        // rarer words' in full. Arrays, not sets: a common word's thousand
        // would each be hashed, where only the candidates are asked for.
        let holders = try words.map { try versions(matching: SearchQuery.expression($0), upTo: common) }
        let commonWords = Set(holders.indices.filter { holders[$0].count >= common })
        // Two common words in a row are often a rare phrase ("failing
        // test"), which may choose candidates as a rare word does, when
        // every word is common (else rare words choose them: finding
        // whether a phrase is rare walks both words' whole lists).
        let phrasesOfCommonWords = commonWords.count < words.count ? [] : question.adjacentPhrases.filter {
            commonWords.contains($0.first) && commonWords.contains($0.first + 1)
        }
        let poolSize = min(SearchRequest.maxLimit, max(Self.candidatePool, request.limit * 2))
        // The words of the text, before the compounds `asQuestion` adds:
        // whether every one of them is common decides how candidates are
        // found; a rare compound (`rollback` for "roll back") is one more
        // way in, not a reason to drop the rest.
        let textGroups = words.count - question.compounds.count
        let allCommon = (0..<textGroups).allSatisfy(commonWords.contains)
        // Every word common: bm25 for each skill holding one would cost
        // more than the search may. Skills naming or describing them all,
        // then those holding a rare phrase of them (up to `rarePhraseShare`
        // of the pool) come first; skills naming or describing any, then
        // any skill, only make up an answer those could not fill (such a
        // tier matches most of a large store), and a tier matching most of
        // it is scored newest first (`broadTier`).
        var candidates: [SkillCandidate] = []
        var tiers = 0
        func add(_ found: [SkillCandidate], room: Int, filling: Int = 0) {
            let seen = Set(candidates.map(\.version))
            candidates += found.filter { !seen.contains($0.version) }.prefix(min(room, poolSize - candidates.count))
                .map { var candidate = $0; candidate.tier = tiers; candidate.filling = filling; return candidate }
            tiers += 1
        }
        // How many skills hold each word: those a rare word's walk above
        // listed, a common word's estimated from its first `common`.
        var counts = holders.map { Self.holderCount($0, limit: common, versions: skills) }
        // How many skills hold each phrase of an expression (`skillCandidates`).
        let wordRows = counts
        func rows(of phrases: [SearchQuery.Term]) -> [Int?] {
            Self.rowCounts(of: phrases, in: question, words: wordRows)
        }
        func rows(omitting: Set<Int> = [], keepingPhrases: Set<Int> = []) -> [Int?] {
            rows(of: question.questionPhrases(omitting: omitting, keepingPhrases: keepingPhrases))
        }
        var rarePhrases = Set<Int>()
        if allCommon, textGroups > 1 {
            add(try leadCandidates(query, everyWord: true, rows: rows(of:), request: request, limit: poolSize), room: poolSize)
        }
        // Compounds fewer than `common` skills write choose candidates as a rare word does.
        let rareCompounds = Set((textGroups..<words.count).filter { !commonWords.contains($0) })
        if allCommon, !rareCompounds.isEmpty, candidates.count < poolSize {
            let omitted = Set(words.indices).subtracting(rareCompounds)
            add(try skillCandidates(
                    question.questionFTS5(omitting: omitted), rows: rows(omitting: omitted),
                    request: request, limit: poolSize, bound: Self.broadTier),
                room: Int(Double(poolSize) * Self.rarePhraseShare))
        }
        // One walk along each phrase's two lists, and only when names and
        // descriptions left room: its matches, when fewer than `common`,
        // show it rare and, scored, are its candidates (the bm25 of phrases
        // joined by OR is the sum of each one's).
        if allCommon, candidates.count < poolSize {
            var phraseScores: [Int: Double] = [:]
            for pair in phrasesOfCommonWords {
                let phrase = question.questionFTS5(omitting: commonWords, keepingPhrases: [pair.first])
                var phraseRows = rows(omitting: commonWords, keepingPhrases: [pair.first])
                // Counting a phrase of two common words walks both lists
                // once more. Alone in its expression, any count ranks its
                // skills alike (its idf times each one's own share): the
                // walk scores each match's share alone (an idf of 1) and
                // takes every version (so that what it finds is the
                // phrase's count); the scores are then those the rarer
                // word's count gives, put on the phrase's own idf by the
                // first one's score with that count, and the request's
                // filters apply after.
                let lone = phraseRows.count == 1
                let rarerWordRows = Int(min(wordRows[pair.first], wordRows[pair.first + 1]).rounded())
                var walk = request
                if lone {
                    phraseRows = [SearchBM25.idfOne]
                    (walk.allVersions, walk.skill, walk.namespace) = (true, nil, nil)
                }
                var found = try skillCandidates(
                    phrase, rows: phraseRows, request: walk, limit: common, bound: common, newestFirst: false)
                if lone, found.count >= common, try filtersRows(request) {
                    // Common across the store, it may still be rare where
                    // the request looks (a namespace, a glob): walked
                    // again there, and counted as bm25 does.
                    found = try skillCandidates(
                        phrase, rows: rows(omitting: commonWords, keepingPhrases: [pair.first]),
                        request: request, limit: common, bound: common, newestFirst: false)
                    guard found.count < common else { continue }
                } else {
                    guard found.count < common else { continue }
                    if lone, !found.isEmpty {
                        // The arithmetic of bm25 itself, in its order, so
                        // the same scores to the bit as scoring the first
                        // match again with the phrase's count (which
                        // sought it in every segment of the index); the
                        // first is the best with the rarer word's count,
                        // as the walk would have ordered them (two shares
                        // an ulp apart can score alike).
                        let rows = try skillTextRows()
                        let assumed = SearchBM25.idf(rows: rows, hits: rarerWordRows)
                        var shares: [Int: Double] = [:]
                        for index in found.indices {
                            shares[found[index].version] = found[index].bm25
                            found[index].bm25 = assumed * found[index].bm25
                        }
                        found.sort { $0.beats($1) }
                        if let first = found.first, first.bm25 > 0, let share = shares[first.version] {
                            let scale = SearchBM25.idf(rows: rows, hits: found.count) * share / first.bm25
                            for index in found.indices { found[index].bm25 *= scale }
                        }
                    }
                    if lone, try filtersRows(request) {
                        let allowed = try versions(among: found.map(\.version), allowedBy: request)
                        found = found.filter { allowed.contains($0.version) }
                    }
                }
                rarePhrases.insert(pair.first)
                for candidate in found { phraseScores[candidate.version, default: 0] += candidate.bm25 }
            }
            if !rarePhrases.isEmpty {
                add(phraseScores.map { SkillCandidate(version: $0.key, bm25: $0.value) }
                    .sorted { $0.beats($1) },
                    room: Int(Double(poolSize) * Self.rarePhraseShare))
            }
        }
        let expression = question.questionFTS5(omitting: commonWords, keepingPhrases: rarePhrases)
        if !allCommon {
            add(try skillCandidates(
                    expression, rows: rows(omitting: commonWords, keepingPhrases: rarePhrases), request: request, limit: poolSize),
                room: poolSize)
        } else {
            // Only making up a short answer, each such tier ranks after
            // the ones before it: an answer is then the start of a longer
            // one, up to a limit of 25 (`poolSize` grows above it).
            if candidates.count < request.limit {
                add(try leadCandidates(question, everyWord: false, rows: rows(of:), request: request, limit: poolSize),
                    room: poolSize, filling: 1)
            }
            if candidates.count < request.limit {
                add(try skillCandidates(
                        question.questionFTS5(), rows: rows(), request: request, limit: poolSize, bound: Self.broadTier,
                        countFirst: true),
                    room: poolSize, filling: 2)
            }
        }
        let named = try exactlyNamedVersions(request)
        for version in named where !candidates.contains(where: { $0.version == version }) {
            // Scored on every word and phrase: `expression` may hold only
            // a rare phrase or compound the name does not.
            if let score = try skillScore(version: version, expression: question.questionFTS5(), rows: rows()) {
                candidates.append(SkillCandidate(version: version, bm25: score, tier: tiers))
            }
        }
        guard !candidates.isEmpty else { return [] }

        let pool = candidates.map(\.version)
        // A compound's skills are those writing it as one word and, at
        // most, those holding its least held part (`compoundParts`).
        let compoundParts = Self.compoundParts(of: question, words: words)
        for (index, parts) in compoundParts { counts[index] += parts.map { counts[$0] }.min() ?? 0 }
        var weights = counts.map { count in max(0.01, log(1 + (Double(skills) - count + 0.5) / (count + 0.5))) }
        // Every candidate matched an expression made of the query's words:
        // with one word (or one group) each holds it, without a look-up.
        // A common word's first `common` skills, listed in rowid order, say
        // which candidates up to the last of them hold it. Those past it are
        // first taken to hold it (`unverified`: the most their score can
        // be) and looked up only when they could be shown, by
        // `refineWhereWordsAre`, which looks each word up there anyway
        // (looking every candidate up first was a fifth of a search at
        // 100,000 skills). A prefix is walked once for all of them (see
        // `versions(matchingPrefix:among:)`).
        var unverified = [Set<Int>](repeating: [], count: words.count)
        var direct = try words.indices.map { index in
            guard words.count > 1 else { return Set(pool) }
            guard commonWords.contains(index) else { return Set(pool.filter { Self.holds(holders[index], $0) }) }
            let listed = holders[index].last ?? 0
            let unlisted = pool.filter { $0 > listed }
            let inList = Set(pool.filter { $0 <= listed && Self.holds(holders[index], $0) })
            guard !words[index].contains(where: \.prefix) else {
                return inList.union(try versions(matchingPrefix: SearchQuery.expression(words[index]), among: unlisted))
            }
            unverified[index] = Set(unlisted)
            return inList.union(unlisted)
        }
        let (namespaces, names, descriptions, unshared) = try namesAndDescriptions(of: pool)
        var described = try versionsDescribing(words, descriptions: descriptions)
        // A skill holding every part of a compound (`SR&ED`) holds it; one
        // writing two words as one (`statusline`) holds both, and the
        // compound adds no weight of its own.
        let joined = Set(compoundParts.keys.filter { question.compounds[$0 - textGroups].joinsWords })
        func addCompounds(to holding: inout [Set<Int>], among versions: [Int]) {
            for (index, parts) in compoundParts {
                if joined.contains(index) {
                    for part in parts { holding[part].formUnion(holding[index]) }
                } else {
                    holding[index].formUnion(versions.filter { version in parts.allSatisfy { holding[$0].contains(version) } })
                }
            }
        }
        var present = direct
        addCompounds(to: &present, among: pool)
        addCompounds(to: &described, among: pool)
        for index in joined { weights[index] = 0 }
        // A word a skill holds only in its bundle's files or code counts
        // for less (`bundleOnlyShare`): a big bundle holds most words
        // somewhere. Where each word is costs a look-up per word and skill,
        // so each skill is first taken to hold its words in its own text
        // (the most its score can be) and looked up only when it could be
        // shown (`refineWhereWordsAre`), or its row read when it is small
        // (`columnsInText`). A prefix (`deploy*`) is not looked
        // up: FTS5 merges the lists of every word it opens again for each
        // look-up, or walks them all (a lone prefix went from 3 to 16 ms),
        // so a skill holding it counts as holding it in its own text.
        var bundleOnly = [Set<Int>](repeating: [], count: words.count)
        var refined = Set<Int>()
        var walkedColumns: [Int: [Int: Int]] = [:]
        func isOneWord(_ index: Int) -> Bool {
            words[index].count == 1 && SearchQuery.words(in: words[index][0].text).count == 1
        }
        // The words a small row is read for (`SearchTermMatcher.readsAlone`:
        // one token, not a prefix, outside ASCII or whose stem's needle has
        // two letters or more); the others (phrases, prefixes, tokens such
        // as `e` or `ai`), left out of the matcher, are looked up as before.
        let tokenizer = try textTokenizer()
        let everyWord = SearchTermMatcher(groups: words, tokenizer: tokenizer)
        let readable = Set(words.indices.filter { !words[$0].contains(where: \.prefix) && everyWord.readsAlone($0) })
        let textMatcher = SearchTermMatcher(
            groups: words.indices.map { readable.contains($0) ? words[$0] : [] }, tokenizer: tokenizer)
        // Only where such a word would be looked up for each version (a
        // common word, or several words in a group): rare words alone are
        // walked along their lists, for less.
        let readsRows = readable.contains { commonWords.contains($0) || !isOneWord($0) }
        func refineWhereWordsAre(_ versions: Set<Int>) throws {
            refined.formUnion(versions)
            var ownText: [Set<Int>] = []
            var verified = false
            let inText = readsRows ? try columnsInText(of: versions.sorted(), matcher: textMatcher) : [:]
            for index in words.indices {
                let holding = versions.intersection(present[index])
                guard !words[index].contains(where: \.prefix) else {
                    ownText.append(holding)
                    continue
                }
                var columns: [Int: Int] = [:]
                var unread = Set<Int>()
                for version in holding {
                    if readable.contains(index), let masks = inText[version] {
                        if masks[index] != 0 { columns[version] = masks[index] }
                    } else {
                        unread.insert(version)
                    }
                }
                if unread.isEmpty {
                    // Every one read.
                } else if commonWords.contains(index) || !isOneWord(index) {
                    columns.merge(try self.columns(matching: SearchQuery.expression(words[index]), among: unread.sorted())) { $1 }
                } else {
                    // A word fewer than `common` skills hold: one walk along
                    // its list gives every holder's fields, for less than a
                    // look-up of each candidate costs (FTS5 seeks a row id
                    // in every segment of the index, for each). Not a
                    // phrase, however few hold it: its walk goes along each
                    // of its words' lists, which may be common.
                    if walkedColumns[index] == nil {
                        walkedColumns[index] = try self.columns(matching: SearchQuery.expression(words[index]))
                    }
                    columns.merge(walkedColumns[index, default: [:]].filter { unread.contains($0.key) }) { $1 }
                }
                let checked = holding.intersection(unverified[index])
                if !checked.isEmpty {
                    direct[index].subtract(checked.subtracting(columns.keys))
                    unverified[index].subtract(checked)
                    verified = true
                }
                ownText.append(Set(columns.filter { $0.value & Self.ownTextColumns != 0 }.keys))
            }
            if verified {
                // What these versions hold, now that it is known.
                var known = direct.map { $0.intersection(versions) }
                addCompounds(to: &known, among: Array(versions))
                for index in words.indices { present[index] = present[index].subtracting(versions).union(known[index]) }
            }
            addCompounds(to: &ownText, among: Array(versions))
            for index in words.indices {
                bundleOnly[index].formUnion(versions.intersection(present[index]).subtracting(ownText[index]))
            }
        }
        let queryWords = words.flatMap { $0 }.flatMap { SearchQuery.words(in: $0.text) }.map(SearchQuery.folded)
        let total = weights.reduce(0, +)
        // bm25 is compared among the skills one expression found: a
        // phrase's bm25 and that of a search in names and descriptions
        // only are not on one scale.
        var strongestOfTier: [Int: Double] = [:]
        for candidate in candidates { strongestOfTier[candidate.tier] = max(strongestOfTier[candidate.tier] ?? 0, candidate.bm25) }
        // A name's share is the same at every scoring of its candidate.
        var nameShares: [Int: Double] = [:]
        func score(_ candidate: inout SkillCandidate) {
            let version = candidate.version
            var held = 0.0
            var inDescription = 0.0
            for (word, weight) in weights.enumerated() where present[word].contains(version) {
                held += bundleOnly[word].contains(version) ? weight * Self.bundleOnlyShare : weight
                if described[word].contains(version) { inDescription += weight }
            }
            candidate.coverage = total > 0 ? held / total : 1
            candidate.description = total > 0 ? inDescription / total : 1
            if nameShares[version] == nil { nameShares[version] = Self.nameShare(names[version] ?? "", queryWords: queryWords) }
            candidate.name = nameShares[version] ?? 0
            let strongest = strongestOfTier[candidate.tier] ?? 0
            let relevance = strongest > 0 ? candidate.bm25 / strongest : 1
            candidate.score = Self.coverageShare * candidate.coverage + Self.bm25Share * relevance
                + Self.nameShare * candidate.name + Self.descriptionShare * candidate.description
            candidate.exactName = named.contains(version)
        }
        func rank() {
            // Skills the query names come first whichever tier found them.
            candidates.sort {
                ($0.exactName ? 1 : 0, $0.exactName ? 0 : -$0.filling, $0.score, $0.bm25, -$0.version)
                    > ($1.exactName ? 1 : 0, $1.exactName ? 0 : -$1.filling, $1.score, $1.bm25, -$1.version)
            }
        }
        for index in candidates.indices { score(&candidates[index]) }
        rank()
        // Looking a skill up can only lower its score: once the first ones
        // are all looked up, their order is the one every look-up would
        // give, and they stay first. As many as the limit at a time: those
        // a look-up lowers make room for the next, looked up in turn, and
        // copies of a skill shown take no room (the loop below looks up
        // past them). Twice the limit, at least 20, cost 5% more of a
        // command (a seek per word for each skill looked up).
        let mayBeShown = lookUpEveryCandidate ? candidates.count : request.limit
        func refineFirst(from position: Int) throws {
            while true {
                let unrefined = Set(candidates[position...].prefix(mayBeShown).map(\.version)).subtracting(refined)
                guard !unrefined.isEmpty else { break }
                try refineWhereWordsAre(unrefined)
                for index in candidates.indices where unrefined.contains(candidates[index].version) { score(&candidates[index]) }
                rank()
            }
        }
        try refineFirst(from: 0)

        var matches: [SkillMatch] = []
        var shownVersions: [Int] = []
        var shownCopies: [NearDuplicate] = []
        // Arrays, not sets: they hold a few skills each, and the first
        // `Set<SkillKey>` or `Set<BlobID>` of a process costs the runtime a
        // scan of every conformance record (about 0.37 M instructions each).
        var places: [[SkillKey]] = []
        var seenBlobs: [BlobID] = []
        var seenSkills: [SkillKey] = []
        // Every candidate, past the limit too, so that copies of a skill
        // shown are listed with it wherever they ranked.
        for position in candidates.indices {
            // More copies than that room: the next skill that may be shown
            // is past the candidates looked up, and is looked up first.
            if matches.count < request.limit, !refined.contains(candidates[position].version) {
                try refineFirst(from: position)
            }
            let candidate = candidates[position]
            let candidateKey = SkillKey(namespace: namespaces[candidate.version] ?? "", name: names[candidate.version] ?? "")
            let candidateCopy = NearDuplicate(name: candidateKey.name, description: descriptions[candidate.version] ?? "")
            if let shown = shownCopies.firstIndex(where: { candidateCopy.isCopy(of: $0) }) {
                if !places[shown].contains(candidateKey) { places[shown].append(candidateKey) }
                continue
            }
            guard matches.count < request.limit else { continue }
            // The same SKILL.md in several places is shown as the first of
            // them published: a copy that adds words (or scripts) to its
            // bundle ranks on them, but does not take the original's place.
            // A skill the query names exactly is the one asked for: shown
            // as itself, or as a skill of that same name.
            // An unshared version has no copy: it is shown as itself, and
            // lists no other place (one look-up in five indexes less).
            let alone = unshared.contains(candidate.version)
            let shownVersion = alone ? candidate.version : try firstPublished(
                sameSkillMarkdownAs: candidate.version, sameName: candidate.exactName, request: request)
                ?? candidate.version
            guard let version = try database.queryFirst(
                "SELECT namespace, skill, label, skill_blob, manifest_blob, description FROM versions WHERE seq = ?",
                [.integer(Int64(shownVersion))])
            else { throw SkillStoreError.corrupt("the per-skill index names a missing version (\(shownVersion))") }
            let key = SkillKey(namespace: version.string("namespace"), name: version.string("skill"))
            let blob = try version.blobID("skill_blob")
            let description = version.string("description")
            let copy = NearDuplicate(name: key.name, description: description)
            // The same bytes elsewhere, or an older version of a skill shown (all versions searched).
            guard !seenBlobs.contains(blob), !seenSkills.contains(key) else { continue }
            seenBlobs.append(blob)
            seenSkills.append(key)
            var match = SkillMatch(
                namespace: key.namespace, skill: key.name, address: key.description, version: version.string("label"),
                id: blob, description: description, score: candidate.score, alsoIn: [], passages: [], explanation: nil,
                bundle: try version.blobID("manifest_blob"))
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
            shownVersions.append(shownVersion)
            shownCopies.append(copy)
            var holding: [SkillKey] = []
            for place in alone ? [] : try placesHolding(blob, or: copy) where !holding.contains(place) { holding.append(place) }
            places.append(holding)
        }
        for index in matches.indices {
            let key = SkillKey(namespace: matches[index].namespace, name: matches[index].skill)
            matches[index].alsoIn = places[index].filter { $0 != key }.sorted { ($0.namespace, $0.name) < ($1.namespace, $1.name) }
                .map(\.description)
        }
        let passages = try passages(of: shownVersions, query: question)
        for index in matches.indices { matches[index].passages = passages[shownVersions[index]] ?? [] }
        return matches
    }

    /// A verb and the particle after it, as texts also write them in one
    /// word: "signing up" as `signup`, "log in" as `login`, "roll back" as
    /// `rollback`. The particles are stop words or nearly, so the pair
    /// would otherwise be the verb alone.
    static let particles: Set<String> = ["up", "out", "in", "on", "off", "down", "back", "over"]

    /// The compounds of a verb's stem (as the index's tokenizer stems it)
    /// and the particle after it, for each such pair in `text` whose verb
    /// is a word `query` searches for (not excluded, quoted or a prefix),
    /// then of two such words next to each other, leaving out what the
    /// query already asks for, within its term limit.
    private func phrasalCompounds(of text: String, in query: SearchQuery) throws -> [SearchQuery.Compound] {
        let words = SearchQuery.words(in: text)
        guard words.count > 1 else { return [] }
        let searched = Set(query.groups.filter { $0.count == 1 && !$0[0].quoted && !$0[0].prefix }.map { $0[0].text })
        let asked = Set(query.groups.flatMap { $0.map(\.text) } + query.compounds.map(\.term.text))
        let room = min(4, SearchQuery.maxTerms - query.groups.count - query.compounds.count)
        guard room > 0 else { return [] }
        let tokenizer = try textTokenizer()
        var compounds: [SearchQuery.Compound] = []
        for index in words.indices.dropLast() where Self.particles.contains(words[index + 1]) {
            let verb = words[index]
            guard searched.contains(verb), !Self.particles.contains(verb),
                  verb.utf8.allSatisfy(\.isASCIILetterOrDigit) else { continue }
            let stemmed = tokenizer.tokens(of: verb, query: true)
            guard let stem = stemmed.tokens.first.map({ String(decoding: stemmed.text(of: $0), as: UTF8.self) }) else { continue }
            let term = SearchQuery.Term(text: stem + words[index + 1], prefix: false)
            guard !asked.contains(term.text), !compounds.contains(where: { $0.term == term }) else { continue }
            compounds.append(SearchQuery.Compound(term: term, parts: [verb, words[index + 1]]))
            if compounds.count >= room { return compounds }
        }
        // Two words a skill may write as one (`status line`, `web hook`):
        // kept only where some skill does (`searchSkills`).
        for index in words.indices.dropLast() {
            let pair = [words[index], words[index + 1]]
            guard pair.allSatisfy({ searched.contains($0) && $0.utf8.allSatisfy(\.isASCIILetterOrDigit) }) else { continue }
            let term = SearchQuery.Term(text: pair.joined(), prefix: false)
            guard !asked.contains(term.text), !compounds.contains(where: { $0.term == term || $0.parts == pair }) else { continue }
            compounds.append(SearchQuery.Compound(term: term, parts: pair, joinsWords: true))
            if compounds.count >= room { break }
        }
        return compounds
    }

    private struct SkillCandidate {
        var version: Int
        var bm25: Double
        /// Which expression found it (`tiers`), the one its bm25 is of.
        var tier = 0
        /// 0, or how late a tier that only makes up a short answer came
        /// (ranked after every candidate of a lower one).
        var filling = 0
        var coverage = 0.0
        var name = 0.0
        var description = 0.0
        var score = 0.0
        var exactName = false

        /// Whether `self` ranks before `other` by bm25, then the older
        /// version: a total order, since a version is found once.
        func beats(_ other: SkillCandidate) -> Bool {
            (bm25, -version) > (other.bm25, -other.version)
        }
    }

    /// For each compound of a question (the index of its group in
    /// `words`), the groups of its parts; a compound some part of which is
    /// not a group (a stop word) is left out.
    static func compoundParts(of question: SearchQuery, words: [[SearchQuery.Term]]) -> [Int: [Int]] {
        let first = words.count - question.compounds.count
        var parts: [Int: [Int]] = [:]
        for (offset, compound) in question.compounds.enumerated() {
            let groups = compound.parts.compactMap { part in words.firstIndex { $0.count == 1 && $0[0].text == part } }
            if groups.count == compound.parts.count { parts[first + offset] = groups }
        }
        return parts
    }

    /// How many versions hold a word, from the first `limit` of them
    /// (`held`, which FTS5 lists in rowid order): all of them when fewer,
    /// else as many as the share of the versions the first `limit` span
    /// says. Counting a common word's every holder would walk its whole
    /// list; taking `limit` for the count would weigh a word nearly every
    /// skill holds as one a third of them hold.
    static func holderCount(_ held: [Int], limit: Int, versions: Int) -> Double {
        guard held.count >= limit, let last = held.last, last > 0 else { return Double(held.count) }
        return min(Double(versions), Double(held.count) * Double(versions) / Double(last))
    }

    /// Whether `versions`, in ascending order, holds `version`.
    static func holds(_ versions: [Int], _ version: Int) -> Bool {
        let index = SearchTermMatcher.firstIndex(in: versions, atLeast: version)
        return index < versions.count && versions[index] == version
    }

    /// The share of a skill name's words (`fill-pdf-forms`) that the query
    /// holds. A name word matches a query word that is the same word or,
    /// both being four letters or more, opens with the same four: porter
    /// stems change only a word's ending, and names are not in the
    /// tokenizer's hands here.
    static func nameShare(_ name: String, queryWords: [[UInt8]]) -> Double {
        // Read as bytes, in place: a String split Character by Character
        // cost 10,000 instructions a name, and split into arrays of parts
        // half that. The two differ only where a hyphen and a combining
        // mark make one Character, which a name (an id of a-z, 0-9 and
        // hyphens) never holds.
        var name = name
        let (parts, matched) = name.withUTF8 { bytes -> (Int, Int) in
            var (parts, matched) = (0, 0)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "-") { end += 1 }
                defer { start = end + 1 }
                guard end > start else { continue }
                parts += 1
                let part = UnsafeBufferPointer(rebasing: bytes[start..<end])
                let held: Bool
                if part.allSatisfy({ $0 < 0x80 }) {
                    held = queryWords.contains { Self.namePart(part.lazy.map(ByteText.lowercased), matches: $0) }
                } else {
                    let folded = SearchQuery.folded(String(decoding: part, as: UTF8.self))
                    held = queryWords.contains { Self.namePart(folded, matches: $0) }
                }
                if held { matched += 1 }
            }
            return (parts, matched)
        }
        return parts == 0 ? 0 : Double(matched) / Double(parts)
    }

    /// Whether a word of a name (folded) is `word` of the query: the same
    /// opening four bytes, or the whole word when either is shorter.
    private static func namePart(_ part: some Collection<UInt8>, matches word: [UInt8]) -> Bool {
        part.count < 4 || word.count < 4 ? part.elementsEqual(word) : part.prefix(4).elementsEqual(word.prefix(4))
    }

    /// The skills naming or describing every word of `query` (or any,
    /// without `everyWord`), at most `broadTier` of them scored, from the
    /// index of names and descriptions (migrations/0010_skill_lead.sql).
    /// A query excluding a word asks the per-skill index in those fields
    /// instead: the word is excluded from the whole skill.
    ///
    /// `rows(phrases)` says how many skills hold each phrase, as in
    /// `skillCandidates`: in the whole skill, which is how rare a word is,
    /// rather than in names and descriptions, which would walk each
    /// word's list there once more to count it.
    private func leadCandidates(
        _ query: SearchQuery, everyWord: Bool, rows: ([SearchQuery.Term]) -> [Int?], request: SearchRequest, limit: Int
    ) throws -> [SkillCandidate] {
        let counts = rows(everyWord ? query.allWordsPhrases : query.questionPhrases())
        guard query.excluded.isEmpty else {
            let expression = everyWord ? query.allWordsFTS5(columns: Self.leadFields) : query.questionFTS5(columns: Self.leadFields)
            return try skillCandidates(
                expression, rows: counts, request: request, limit: limit, bound: Self.broadTier, countFirst: !everyWord)
        }
        return try skillCandidates(
            everyWord ? query.allWordsFTS5() : query.questionFTS5(), in: "skill_lead", weights: Self.leadWeights,
            rows: counts, request: request, limit: limit, bound: Self.broadTier, countFirst: !everyWord)
    }

    /// The best skill versions by bm25 that pass the request's filters,
    /// in the per-skill index or `index` (a table keyed by version, such as
    /// `skill_lead`, with its bm25 `weights`). With a `bound`, FTS5 scores
    /// at most that many matches, newest first, and stops: when it stopped
    /// there, the newest `limit` stand in for the best; else they are all
    /// the matches, ranked by bm25. One walk along the words' lists either
    /// way. A caller that keeps the matches only when there are fewer than
    /// `bound` passes `newestFirst: false`: the walk runs oldest first,
    /// which for FTS5 is cheaper (a list walked backwards is decoded a
    /// page at a time before its first row is read); so is a tier with a
    /// bound that turns out not to reach it. With `countFirst` (a tier
    /// likely to stop at its bound), the walk is made without scores
    /// first, and only the newest `limit` are scored when it stops there:
    /// the same answer, without scoring matches only to drop them.
    ///
    /// `rows` gives, for each phrase of `expression` in FTS5's order, how
    /// many rows of `index` hold it, where known (`skillstore_bm25`): bm25
    /// would otherwise walk each phrase's whole list once more to count them.
    private func skillCandidates(
        _ expression: String, in index: String = "skill_text", weights: String = skillTextWeights,
        rows: [Int?] = [], request: SearchRequest, limit: Int, bound: Int? = nil, newestFirst: Bool = true,
        countFirst: Bool = false
    ) throws -> [SkillCandidate] {
        try database.registerSearchFunctions()
        var matching = " FROM \(index) WHERE \(index) MATCH ?"
        var arguments: [SQLValue] = [.text(expression)]
        // Correlated subqueries, not `rowid IN (...)`: FTS5 would take an IN
        // list as one lookup per value, which for every latest version is slower.
        if !request.allVersions, try hasSupersededVersions() {
            matching += " AND EXISTS (SELECT 1 FROM skills WHERE skills.latest = \(index).rowid)"
        }
        let filters = Self.filters(of: request, skill: "skill", namespace: "namespace")
        if !filters.sql.isEmpty {
            matching += " AND EXISTS (SELECT 1 FROM versions WHERE seq = \(index).rowid\(filters.sql))"
            arguments += filters.arguments
        }
        let scored = "SELECT rowid AS version, \(Self.bm25(of: index))(\(index), \(weights)\(Self.countPlaceholders(rows))) AS score"
        func candidates(_ sql: String, _ more: [SQLValue]) throws -> [SkillCandidate] {
            try database.scoredNumbers(scored + matching + sql, Self.countValues(rows) + arguments + more)
                .map { SkillCandidate(version: $0.id, bm25: -$0.score) }
        }
        // A tier expected to stop at its bound (a common word's names and
        // descriptions) is walked without scores first: when it does stop
        // there, only the newest `limit` are scored (bm25 costs about 4 us
        // a match: 8 ms for a bound of 2,000). A tier that does not stop
        // there is scored oldest first, the cheaper walk (its order does not
        // matter: it is ranked by bm25), and one that does after all is
        // walked again for its newest.
        if let bound, newestFirst, !scoreBroadTiersWhileWalking, limit > 0, bound >= limit {
            if countFirst {
                let newest = try database.wholeNumbers(
                    "SELECT rowid AS version" + matching + " ORDER BY version DESC LIMIT ?", arguments + [.integer(Int64(bound))])
                if newest.count >= bound {
                    return try candidates(
                        " AND \(index).rowid >= ? ORDER BY version DESC LIMIT ?",
                        [.integer(Int64(newest[limit - 1])), .integer(Int64(limit))])
                }
            }
            let found = try candidates(" LIMIT ?", [.integer(Int64(bound))])
            guard found.count >= bound else {
                return found.first(limit) { $0.beats($1) }
            }
            return try candidates(" ORDER BY version DESC LIMIT ?", [.integer(Int64(limit))])
        }
        let order = bound == nil ? " ORDER BY score LIMIT ?" : newestFirst ? " ORDER BY version DESC LIMIT ?" : " LIMIT ?"
        let found = try candidates(order, [.integer(Int64(bound ?? limit))])
        guard let bound, found.count < bound else { return Array(found.prefix(limit)) }
        return found.first(limit) { $0.beats($1) }
    }

    /// Whether `skillCandidates` leaves some matches out for `request`:
    /// versions that are not their skill's latest (once any skill has a
    /// second version or a yanked one: `store_facts`), or a
    /// `--skill`/`--namespace` filter.
    private func filtersRows(_ request: SearchRequest) throws -> Bool {
        if !request.allVersions, try hasSupersededVersions() { return true }
        return !Self.filters(of: request, skill: "skill", namespace: "namespace").sql.isEmpty
    }

    /// The versions of `pool` that `request`'s filters let through (see
    /// `filtersRows`), as `skillCandidates` applies them.
    private func versions(among pool: [Int], allowedBy request: SearchRequest) throws -> Set<Int> {
        guard !pool.isEmpty else { return [] }
        var sql = "SELECT seq AS version FROM versions WHERE seq IN (SELECT value FROM json_each(?))"
        if !request.allVersions, try hasSupersededVersions() {
            sql += " AND EXISTS (SELECT 1 FROM skills WHERE skills.latest = versions.seq)"
        }
        let filters = Self.filters(of: request, skill: "skill", namespace: "namespace")
        return Set(try database.wholeNumbers(sql + filters.sql, [.text(Self.jsonList(pool))] + filters.arguments))
    }

    /// The versions whose per-skill row matches `expression`, at most
    /// `limit` of them, the first in rowid order (the order FTS5 walks a
    /// list in, so `ORDER BY rowid` costs no sort): without scores, a walk
    /// along the words' lists. What the search reads from the last of
    /// them (`holderCount`, which candidates hold a common word) needs
    /// that order.
    private func versions(matching expression: String, upTo limit: Int) throws -> [Int] {
        try database.wholeNumbers(
            "SELECT rowid AS version FROM skill_text WHERE skill_text MATCH ? ORDER BY rowid LIMIT ?",
            [.text(expression), .integer(Int64(limit))])
    }

    /// The versions of `pool` whose per-skill row matches `expression`, a
    /// prefix too common to list in full: one walk along the lists of the
    /// words it opens. (For a word, `columns` looks each version up, as
    /// FTS5 seeks a row id; for a prefix FTS5 would merge the lists of
    /// every word it opens again for each look-up.) The pool is one JSON
    /// argument, so that the statement is prepared once, not once per pool.
    private func versions(matchingPrefix expression: String, among pool: [Int]) throws -> Set<Int> {
        guard !pool.isEmpty else { return [] }
        return Set(try database.wholeNumbers("""
            SELECT rowid AS version FROM skill_text
            WHERE skill_text MATCH ?2 AND rowid IN (SELECT value FROM json_each(?1))
            """, [.text(Self.jsonList(pool)), .text(expression)]))
    }

    /// The versions of `pool` whose per-skill row matches `expression`,
    /// each with the fields it matches in (`skillstore_columns`: bit i for
    /// field i of `skillTextFields`), for a word too common to list in
    /// full: one look-up per version, as FTS5 seeks a row id, where `rowid
    /// IN (...)` would walk the word's whole list.
    private func columns(matching expression: String, among pool: [Int]) throws -> [Int: Int] {
        guard !pool.isEmpty else { return [:] }
        return try columnMasks("""
            SELECT pool.value AS version, coalesce((
                SELECT skillstore_columns(skill_text) FROM skill_text
                WHERE skill_text MATCH ?2 AND skill_text.rowid = pool.value), 0) AS columns
            FROM json_each(?1) AS pool
            """, [.text(Self.jsonList(pool)), .text(expression)])
    }

    /// A per-skill row of at most this many tokens is read and matched in
    /// process (`columnsInText`) rather than looked up in the index, which
    /// seeks each word's list in every segment of the index for each
    /// version (about 60,000 instructions a word at 100,000 skills). Set
    /// on the 100,000-skill store of bench/search.sh: 2,000, 8,000 and
    /// 16,000 each cost task questions more instructions (a long row costs
    /// more to read than its look-ups), and generated queries no fewer.
    static let textReadTokens = 4000

    /// For each version of `versions` whose per-skill row holds at most
    /// `textReadTokens` tokens, the fields each group of `matcher` matches
    /// in (bit i for field i of `skillTextFields`, as `skillstore_columns`
    /// gives them; 0 for none): the row's own text, run through the
    /// index's tokenizer, where FTS5 matches it. The sizes are those bm25
    /// reads (`search_sizes`); a version whose size is not recorded there
    /// is left out, as is a larger one, for the index to be asked.
    private func columnsInText(of versions: [Int], matcher: SearchTermMatcher) throws -> [Int: [Int]] {
        guard !versions.isEmpty, readWordsInText else { return [:] }
        // Read in place, each row for the versions it holds (no dictionary
        // of Int64 keys: its first use in a process costs the runtime a
        // scan of every protocol conformance in the binary).
        let rows = versions.map { Int(SearchSizesLayout.row(index: 0, version: $0)) }
        var small: [Int] = []
        _ = try database.eachRow(
            "SELECT id, sizes FROM search_sizes WHERE id IN (SELECT value FROM json_each(?))",
            [.text(Self.jsonList(rows))]
        ) { statement in
            let row = try statement.wholeNumber(at: 0)
            statement.withBytes(at: 1) { sizes in
                for (version, versionRow) in zip(versions, rows) where versionRow == row {
                    let size = SearchSizesLayout.size(of: version, index: 0, in: sizes)
                    if size > 0 && size <= Self.textReadTokens { small.append(version) }
                }
            }
        }
        guard !small.isEmpty else { return [:] }
        let tokenizer = try textTokenizer()
        let fields = Int32(Self.skillTextFields.count)
        var found: [Int: [Int]] = [:]
        // The content table's columns, one per field of the index, in order.
        let columns = (0..<fields).map { "c\($0)" }.joined(separator: ", ")
        for (version, masks) in try database.eachRow(
            "SELECT id, \(columns) FROM skill_text_content WHERE id IN (SELECT value FROM json_each(?))",
            [.text(Self.jsonList(small))],
            { statement -> (Int, [Int]) in
                var masks = [Int](repeating: 0, count: matcher.groupCount)
                for field in 0..<fields {
                    statement.withBytes(at: field + 1) { text in
                        for group in matcher.groupsHeld(in: text, tokenizer: tokenizer) {
                            masks[group] |= 1 << Int(field)
                        }
                    }
                }
                return (try statement.wholeNumber(at: 0), masks)
            }) {
            found[version] = masks
        }
        return found
    }

    /// Every version whose per-skill row matches `expression`, each with
    /// the fields it matches in (as `columns(matching:among:)` gives them):
    /// one walk along the words' lists.
    private func columns(matching expression: String) throws -> [Int: Int] {
        try columnMasks(
            "SELECT rowid AS version, skillstore_columns(skill_text) AS columns FROM skill_text WHERE skill_text MATCH ?",
            [.text(expression)])
    }

    /// The versions and field masks `sql` returns, those matching no field left out.
    private func columnMasks(_ sql: String, _ arguments: [SQLValue]) throws -> [Int: Int] {
        try database.registerSearchFunctions()
        var found: [Int: Int] = [:]
        for (version, columns) in try database.wholeNumberPairs(sql, arguments) where columns != 0 { found[version] = columns }
        return found
    }

    /// The namespaces, skill names and descriptions of versions, and those
    /// of them marked unshared (no copy to list: `versions.unshared`).
    private func namesAndDescriptions(of versions: [Int]) throws
        -> (namespaces: [Int: String], names: [Int: String], descriptions: [Int: String], unshared: Set<Int>) {
        var namespaces: [Int: String] = [:]
        var names: [Int: String] = [:]
        var descriptions: [Int: String] = [:]
        var unshared = Set<Int>()
        // Each column read by its place (`eachRow`), not through a row of
        // values looked up by name: 3,000 instructions less a candidate.
        _ = try database.eachRow(
            "SELECT seq, namespace, skill, description, unshared FROM versions WHERE seq IN (SELECT value FROM json_each(?))",
            [.text(Self.jsonList(versions))]
        ) { statement in
            let version = try statement.wholeNumber(at: 0)
            namespaces[version] = statement.string(at: 1)
            names[version] = statement.string(at: 2)
            descriptions[version] = statement.string(at: 3)
            if try statement.wholeNumber(at: 4) == 1 { unshared.insert(version) }
        }
        return (namespaces, names, descriptions, unshared)
    }

    /// For each group of words, the versions whose description holds it:
    /// the candidates' descriptions (the same text as the per-skill index's
    /// description field) run through the index's tokenizer, where asking
    /// the index would walk a common word's whole list of skills.
    private func versionsDescribing(_ words: [[SearchQuery.Term]], descriptions: [Int: String]) throws -> [Set<Int>] {
        let matcher = SearchTermMatcher(groups: words, tokenizer: try textTokenizer())
        var describing = [Set<Int>](repeating: [], count: words.count)
        let tokenizer = try textTokenizer()
        for (version, description) in descriptions {
            var description = description
            guard description.withUTF8({ matcher.screen.mayHold([UnsafeRawBufferPointer($0)]) }) else { continue }
            for group in matcher.groups(in: matcher.matches(in: matcher.tokens(of: description, tokenizer: tokenizer))) {
                describing[group].insert(version)
            }
        }
        return describing
    }

    /// `values` as a JSON array, one statement argument for `json_each`.
    static func jsonList(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }

    /// How many rows `skill_text` holds, as its bm25 counts them.
    private func skillTextRows() throws -> Int {
        let averages = try database.queryFirst("SELECT block FROM skill_text_data WHERE id = 1")?.bytes("block") ?? []
        guard let rows = SearchBM25.rows(averages: averages) else {
            throw SkillStoreError.corrupt("the per-skill index's count of rows cannot be read")
        }
        return rows
    }

    /// bm25 of one version for the query, nil when it does not match;
    /// `rows` as in `skillCandidates`.
    private func skillScore(version: Int, expression: String, rows: [Int?]) throws -> Double? {
        try database.registerSearchFunctions()
        return try database.queryFirst("""
            SELECT \(Self.bm25(of: "skill_text"))(skill_text, \(Self.skillTextWeights)\(Self.countPlaceholders(rows))) AS score
            FROM skill_text WHERE skill_text MATCH ? AND rowid = ?
            """, Self.countValues(rows) + [.text(expression), .integer(Int64(version))]
        ).map { -(try $0.double("score")) }
    }

    /// The bm25 function for `index`: the one reading its rows' sizes from
    /// `search_sizes` (recorded for the per-skill indexes, see
    /// `recordSearchSizes`), else FTS5's own `skillstore_bm25`. The same
    /// value either way.
    static func bm25(of index: String) -> String {
        switch index {
        case "skill_text": "skillstore_text_bm25"
        case "skill_lead": "skillstore_lead_bm25"
        default: "skillstore_bm25"
        }
    }

    /// `skillstore_bm25`'s counts of rows, after the weights: one parameter
    /// each, bound to `countValues`, so that the statement's text depends
    /// only on how many phrases there are. (Written as literals, every
    /// search's counts made a statement of its own, prepared afresh and
    /// kept in the connection's statement cache for as long as the
    /// connection lived: a server's cache grew with every new query.)
    private static func countPlaceholders(_ rows: [Int?]) -> String {
        String(repeating: ", ?", count: rows.count)
    }

    /// The values of `countPlaceholders`, NULL for a count not known.
    private static func countValues(_ rows: [Int?]) -> [SQLValue] {
        rows.map { $0.map { .integer(Int64($0)) } ?? .null }
    }

    /// For each phrase of a question's expression (`phrases`, in FTS5's
    /// order), how many versions hold it, as far as `words` (each group's
    /// count of versions: as its walk counted them, or a common word's
    /// estimate) says: a word that is its group's only term. A phrase of
    /// two words, a prefix or a group of alternatives is left to
    /// `skillstore_bm25` to count. (Counting a phrase of a rare and a
    /// common word as its rare word, which spares a walk along the common
    /// word's list, cost the relevance benchmark four first places: such a
    /// phrase, `git worktree`, is often far rarer than its rare word.)
    ///
    /// The excluded terms, last in both `questionPhrases` and
    /// `allWordsPhrases`, are given 0: no row found holds them, so their
    /// idf weighs nothing, and counting them would walk their lists.
    static func rowCounts(of phrases: [SearchQuery.Term], in question: SearchQuery, words: [Double]) -> [Int?] {
        var known: [String: Int] = [:]
        for (index, group) in question.groups.enumerated() where group.count == 1 && !group[0].prefix {
            known[group[0].text] = Int(words[index].rounded())
        }
        let included = phrases.count - question.excluded.count
        return phrases.indices.map { index in
            index >= included ? 0 : phrases[index].prefix ? nil : known[phrases[index].text]
        }
    }

    /// The fields of a version's per-skill row in which a word occurs.
    private func fields(holding group: [SearchQuery.Term], version: Int) throws -> [String] {
        let columns = try columns(matching: SearchQuery.expression(group), among: [version])[version] ?? 0
        return Self.skillTextFields.indices.filter { columns & (1 << $0) != 0 }.map { Self.skillTextFields[$0] }
    }

    /// Of the latest versions with the same SKILL.md bytes as `version`
    /// that `request` may show (under the same name, when `sameName`), the
    /// one whose skill published those bytes first; with every version
    /// searched, that skill's newest version with them. A skill's first
    /// version with the bytes decides, not its latest: the original
    /// republishing its own bundle with the same SKILL.md stays the original.
    private func firstPublished(sameSkillMarkdownAs version: Int, sameName: Bool, request: SearchRequest) throws -> Int? {
        let filters = Self.filters(of: request, skill: "first.skill", namespace: "first.namespace")
        return try database.queryFirst("""
            SELECT first.seq AS seq FROM versions AS this
            JOIN versions AS first ON first.skill_blob = this.skill_blob
            \(request.allVersions ? "" : "JOIN skills ON skills.latest = first.seq")
            WHERE this.seq = ?\(sameName ? " AND first.skill = this.skill" : "")\(filters.sql)
            ORDER BY (SELECT min(earliest.seq) FROM versions AS earliest
                      WHERE earliest.namespace = first.namespace AND earliest.skill = first.skill
                        AND earliest.skill_blob = first.skill_blob), first.seq DESC
            LIMIT 1
            """, [.integer(Int64(version))] + filters.arguments
        ).map { try $0.int("seq") }
    }

    /// Skills whose latest version has the SKILL.md `blob`, or is a copy
    /// of the skill (`copy`) under the same name: the copies under another
    /// name (`tools-pdf`) are found among the candidates, as the name
    /// cannot be looked up.
    private func placesHolding(_ blob: BlobID, or copy: NearDuplicate) throws -> [SkillKey] {
        try database.query("""
            SELECT versions.namespace, versions.skill, versions.skill_blob, versions.description FROM versions
            JOIN skills ON skills.latest = versions.seq WHERE versions.skill_blob = ?
            UNION
            SELECT versions.namespace, versions.skill, versions.skill_blob, versions.description FROM skills
            JOIN versions ON versions.seq = skills.latest WHERE skills.name = ?
            """, [.text(blob.hex), .text(copy.name)]).compactMap { row in
            let other = SkillKey(namespace: row.string("namespace"), name: row.string("skill"))
            let isCopy = NearDuplicate(name: other.name, description: row.string("description")).isCopy(of: copy)
            return try row.blobID("skill_blob") == blob || isCopy ? other : nil
        }
    }
}
