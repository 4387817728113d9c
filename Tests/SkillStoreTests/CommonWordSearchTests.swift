import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// Search by skill when every word of the query is common: more than
/// `SkillStore.broadTier` skills hold each, so bm25 over all of them would
/// cost more than a search may, and the broadest tier is taken newest
/// first. A skill whose name or description holds every word, one holding
/// a rare phrase of them, and one describing some of them while holding
/// the rest are each found by a tier of their own, though older than all
/// the skills that merely hold the words.
@Suite struct CommonWordSearchTests {
    /// More skills than the broad tier, each holding every word apart and
    /// describing one of them (so that the skills describing any word of
    /// a query with "glaze" are a broad tier too).
    static let fillerCount = SkillStore.broadTier + 50

    let fixture: StoreFixture

    init() throws {
        fixture = try StoreFixture()
        // Published first, so that the common skills published after them
        // are newer: newest first, the broad tier would show only those.
        try write("glaze-firing", description: "Fires a glaze in a kiln.", body: "# Firing\n\nRamp slowly.\n")
        try write("studio-log", description: "Keeps a studio tidy.", body: "# Log\n\nClean each brush canvas frame.\n")
        try write("kiln-diary", description: "A diary of kiln firings.", body: "# Notes\n\nEach firing gets a page.\n")
        try write("glaze", description: "Recipes for a studio.", body: "# Mixing\n\nStir well.\n")
        try fixture.publish([fixture.temporary.path("first")])
        for index in 0..<Self.fillerCount {
            try fixture.write("common/filler-\(index)/SKILL.md", SkillMarkdown.text(
                name: "filler-\(index)", description: "Filler number \(index), on glaze.", frontMatter: ["version: \"1.0\""],
                body: "# Notes\n\nThe kiln was hot; the glaze ran on day \(index). The brush met the canvas.\n"))
        }
        try fixture.publish([fixture.temporary.path("common")])
    }

    private func write(_ name: String, description: String, body: String) throws {
        try fixture.write("first/\(name)/SKILL.md", SkillMarkdown.text(
            name: name, description: description, frontMatter: ["version: \"1.0\""], body: body))
    }

    private func first(_ query: String) throws -> String? {
        try fixture.store.searchSkills(SearchRequest(query: query, limit: 3)).first?.skill
    }

    /// One test, as each would publish the 2,000 skills again.
    @Test func eachTierFindsTheSkillItIsForBeforeTheNewestHoldingTheWords() throws {
        for word in ["kiln", "glaze", "notes", "brush", "canvas"] {
            let holders = try fixture.store.database.queryFirst(
                "SELECT count(*) AS n FROM skill_text WHERE skill_text MATCH ?", [.text(word)])
            #expect(try #require(holders).int("n") > SkillStore.broadTier, "\(word) is not common enough")
        }
        // Its description holds both words (every filler's holds one).
        #expect(try first("kiln glaze") == "glaze-firing")
        // It writes the two words as a phrase no other skill writes. (It
        // ties with the newest fillers, found by the broadest tier, on score;
        // its bm25 on the phrase's own idf puts it first.)
        #expect(try first("brush canvas") == "studio-log")
        // Its bm25 is the phrase's, on the phrase's own count of skills (1):
        // to the bit, its score with the rarer word's estimated count put on
        // that count by its score with it (what scoring it again gave).
        let phrased = try #require(try fixture.store.searchSkills(
            SearchRequest(query: "brush canvas", limit: 3, explain: true)).first?.explanation?.bm25)
        let database = fixture.store.database
        let versions = try #require(try database.queryFirst("SELECT max(seq) AS n FROM versions")).int("n")
        func estimate(_ word: String) throws -> Double {
            let held = try database.query(
                "SELECT rowid AS id FROM skill_text WHERE skill_text MATCH ? ORDER BY rowid LIMIT ?",
                [.text(word), .integer(Int64(SkillStore.commonWordSkills))]).map { try $0.int("id") }
            return SkillStore.holderCount(held, limit: SkillStore.commonWordSkills, versions: versions)
        }
        func score(_ count: Int) throws -> Double {
            -(try #require(try database.queryFirst("""
                SELECT skillstore_text_bm25(skill_text, \(SkillStore.skillTextWeights), ?) AS score FROM skill_text
                WHERE skill_text MATCH '"brush canvas"' AND rowid = (SELECT latest FROM skills WHERE name = 'studio-log')
                """, [.integer(Int64(count))])).double("score"))
        }
        let walked = try score(Int(min(try estimate("brush"), try estimate("canvas")).rounded()))
        let expected = walked * (try score(1) / walked)
        #expect(phrased == expected, "\(phrased) against \(expected)")
        #expect(phrased != walked)
        // A common word's first 1,000 skills, in the order published, say
        // that an older skill among them lacks it, without a look-up.
        let studio = try #require(try fixture.store.searchSkills(
            SearchRequest(query: "brush canvas kiln", limit: 3, explain: true)).first { $0.skill == "studio-log" })
        let explanation = try #require(studio.explanation)
        let weights = explanation.words.map(\.weight)
        #expect(explanation.words.map(\.word) == ["brush", "canvas", "kiln"])
        #expect(abs(explanation.coverage - (weights[0] + weights[1]) / weights.reduce(0, +)) < 1e-9)
        // Skills newer than the last of them are looked up: the fillers,
        // which fill a longer answer, hold all three words.
        let fillers = try fixture.store.searchSkills(SearchRequest(query: "brush canvas kiln", limit: 10, explain: true))
            .filter { $0.skill.hasPrefix("filler-") }
        #expect(!fillers.isEmpty)
        #expect(fillers.allSatisfy { $0.explanation?.coverage == 1 }, "\(fillers.map(\.explanation))")
        // Its description holds one word and its text the other; nothing
        // describes both or writes them as a phrase.
        #expect(try first("kiln notes") == "kiln-diary")

        // The rare phrase's walk takes every version, and the request's
        // filters apply after it: a `--skill` glob leaving the skill out...
        let fillersOnly = try fixture.store.searchSkills(SearchRequest(query: "brush canvas", skill: "filler-*", limit: 3))
        #expect(!fillersOnly.isEmpty)
        #expect(!fillersOnly.contains { $0.skill == "studio-log" })
        // ...and a phrase common across the store may be rare where the
        // request looks: a mirror writing it 1,000 times over does not hide
        // it within the default namespace.
        for index in 0..<SkillStore.commonWordSkills {
            try fixture.write("mirror/copy-\(index)/SKILL.md", SkillMarkdown.text(
                name: "copy-\(index)", description: "Copy \(index).", frontMatter: ["version: \"1.0\""],
                body: "# Copy\n\nA brush canvas here.\n"))
        }
        try fixture.publish([fixture.temporary.path("mirror")], namespace: "mirror")
        #expect(try fixture.store.searchSkills(
            SearchRequest(query: "brush canvas", namespace: "default", limit: 3)).first?.skill == "studio-log")
        // A newer version no longer writing the phrase: the old one, which
        // does, is not shown.
        try fixture.write("second/studio-log/SKILL.md", SkillMarkdown.text(
            name: "studio-log", description: "Keeps a studio tidy.", frontMatter: ["version: \"2.0\""],
            body: "# Log\n\nClean each brush, then the canvas frame.\n"))
        try fixture.publish([fixture.temporary.path("second")])
        let latest = try fixture.store.searchSkills(SearchRequest(query: "brush canvas", limit: 10))
        #expect(!latest.contains { $0.skill == "studio-log" && $0.version != "2.0" }, "\(latest.map(\.address))")

        // A skill newer than a common word's first 1,000 holders is taken
        // to hold it until it could be shown, then looked up: shown, it
        // lacks "canvas", and its coverage says so.
        try fixture.write("late/kiln-brush/SKILL.md", SkillMarkdown.text(
            name: "kiln-brush", description: "A brush for the kiln.", frontMatter: ["version: \"1.0\""],
            body: "# Use\n\nBrush the kiln shelf.\n"))
        try fixture.publish([fixture.temporary.path("late")])
        let late = try #require(try fixture.store.searchSkills(
            SearchRequest(query: "brush canvas kiln", limit: 10, explain: true)).first { $0.skill == "kiln-brush" })
        let lateWords = try #require(late.explanation).words
        #expect(lateWords.map(\.word) == ["brush", "canvas", "kiln"])
        #expect(lateWords[1].fields.isEmpty)
        let held = lateWords[0].weight + lateWords[2].weight
        #expect(abs(try #require(late.explanation).coverage - held / lateWords.map(\.weight).reduce(0, +)) < 1e-9)

        // No skill is shown credited with a word it was only taken to
        // hold: every shown skill's coverage is the weight of the words its
        // fields hold (no bundles here, so none counts half).
        // As many skills as the limit are looked up at a time: a short
        // limit takes several rounds.
        for query in ["brush canvas kiln", "kiln brush", "glaze kiln canvas", "canvas kiln"] {
            for match in try [2, 25].flatMap({ try fixture.store.searchSkills(SearchRequest(query: query, limit: $0, explain: true)) }) {
                let why = try #require(match.explanation)
                let heldWeight = why.words.filter { !$0.fields.isEmpty }.map(\.weight).reduce(0, +)
                #expect(abs(why.coverage - heldWeight / why.words.map(\.weight).reduce(0, +)) < 1e-9, "\(query): \(match.address)")
            }
        }

        // A short answer is the start of a longer one: the tiers that only
        // make up an answer (skills naming or describing any word, then any
        // skill holding one) rank after those that filled the short one.
        // "brush canvas kiln" at 3 is filled by the skills describing a
        // word or writing the rare phrase; at 25 the mirror's copies,
        // which write "brush canvas" in their text, come after them, and
        // for "kiln notes" the fillers do (both outranked them before).
        for query in ["kiln brush", "brush canvas kiln", "glaze kiln canvas", "canvas kiln", "kiln notes"] {
            let short = try fixture.store.searchSkills(SearchRequest(query: query, limit: 3)).map(\.address)
            let long = try fixture.store.searchSkills(SearchRequest(query: query, limit: 25)).map(\.address)
            #expect(short.count == 3 && Array(long.prefix(3)) == short, "\(query): \(short) against \(long)")
        }

        // Skills the query names come first, best first, whichever tier
        // found them: the newest `glaze` by the tier of skills describing
        // the word (which ranks after the others), the first one, older
        // than the newest 2,000 holders, by its name alone.
        try fixture.write("later/glaze/SKILL.md", SkillMarkdown.text(
            name: "glaze", description: "Glaze recipes, on glaze.", frontMatter: ["version: \"1.0\""],
            body: "# Glaze\n\nA glaze for every kiln.\n"))
        try fixture.publish([fixture.temporary.path("later")], namespace: "later")
        let named = try fixture.store.searchSkills(SearchRequest(query: "glaze", limit: 3, explain: true))
        #expect(named.prefix(2).map(\.skill) == ["glaze", "glaze"], "\(named.map(\.address))")
        #expect(named.prefix(2).allSatisfy { $0.explanation?.exactName == true })
        #expect(named.count >= 2 && named[0].score >= named[1].score, "\(named.map { ($0.address, $0.score) })")

        // Looking words up only for the skills that could be shown (in
        // rounds of the limit) gives the answer looking them up for every
        // candidate first gives, at every limit.
        for query in ["brush canvas kiln", "kiln brush", "glaze kiln canvas", "canvas kiln", "kiln notes", "glaze"] {
            for limit in [1, 2, 3, 5, 10] {
                let request = SearchRequest(query: query, limit: limit, explain: true)
                let lazy = try fixture.store.searchSkills(request)
                fixture.store.lookUpEveryCandidate = true
                defer { fixture.store.lookUpEveryCandidate = false }
                #expect(try fixture.store.searchSkills(request) == lazy, "\(query) at \(limit)")
            }
        }

        // A tier stopping at its bound ("glaze": the fillers describing it)
        // is walked without scores, then its newest scored; one that does
        // not ("kiln glaze": every word in one description) is scored
        // oldest first, and one that does after all ("filler glaze") walked
        // again: the answer scoring each match as it is walked, newest
        // first, gives, at every limit.
        // (Superseded versions are in the store by now, so the tiers keep
        // to latest versions; a glob and a namespace filter them too.)
        let filters: [(skill: String?, namespace: String?)] = [(nil, nil), ("filler-1*", nil), (nil, "default")]
        for query in ["glaze", "kiln notes", "canvas kiln", "filler glaze", "kiln glaze", "brush canvas kiln"] {
            for limit in [1, 3, 10, 25] {
                let filter = filters[limit % filters.count]
                let request = SearchRequest(
                    query: query, skill: filter.skill, namespace: filter.namespace, limit: limit, explain: true)
                let counted = try fixture.store.searchSkills(request)
                #expect(!counted.isEmpty, "\(query) at \(limit)")
                fixture.store.scoreBroadTiersWhileWalking = true
                defer { fixture.store.scoreBroadTiersWhileWalking = false }
                #expect(try fixture.store.searchSkills(request) == counted, "\(query) at \(limit)")
            }
        }

        // A candidate past a common word's listed holders, holding it only
        // in its code and bundle files, and one only in its body: reading
        // their rows (every field of the index) finds the word where
        // looking it up in the index does.
        try fixture.write("coded/kiln-code/SKILL.md", SkillMarkdown.text(
            name: "kiln-code", description: "A kiln script.", frontMatter: ["version: \"1.0\""],
            body: "# Script\n\nRun it.\n\n```sh\npaint --canvas wide\n```\n"))
        try fixture.write("coded/kiln-code/references/notes.md", "# Notes\n\nA brush for each.\n")
        try fixture.write("coded/kiln-body/SKILL.md", SkillMarkdown.text(
            name: "kiln-body", description: "A kiln page.", frontMatter: ["version: \"1.0\""],
            body: "# Page\n\nA canvas and a brush.\n"))
        try fixture.publish([fixture.temporary.path("coded")], namespace: "coded")
        fixture.store.lookUpEveryCandidate = true
        defer { fixture.store.lookUpEveryCandidate = false }
        for query in ["kiln canvas", "kiln brush", "canvas kiln brush"] {
            let request = SearchRequest(query: query, limit: 25, explain: true)
            let read = try fixture.store.searchSkills(request)
            #expect(read.contains { $0.skill == "kiln-code" } && read.contains { $0.skill == "kiln-body" }, "\(query)")
            fixture.store.readWordsInText = false
            defer { fixture.store.readWordsInText = true }
            #expect(try fixture.store.searchSkills(request) == read, "\(query)")
        }
    }

    /// The holders of a word are kept as FTS5 lists them, in rowid order,
    /// and asked for by bisection.
    @Test func holdsFindsExactlyTheListedVersions() {
        let listed = [2, 3, 5, 8, 13, 21]
        for version in 0...22 {
            #expect(SkillStore.holds(listed, version) == listed.contains(version), "\(version)")
        }
        #expect(!SkillStore.holds([], 1))
    }
}
