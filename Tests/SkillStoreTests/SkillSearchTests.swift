import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// `SkillStore.searchSkills`: a query read as a question, answered with
/// distinct skills and their best passages.
@Suite struct SkillSearchTests {
    let fixture: StoreFixture

    init() throws {
        fixture = try StoreFixture()
        try write("pdf-forms", description: "Fills in PDF forms with data and flattens them.", body: """
            # PDF forms

            ## Filling

            Read the field names first, then fill each field with its value.

            ## Flattening

            Flatten the form once every field is filled.
            """)
        try write("image-resize", description: "Resizes and crops images for the web.", body: """
            # Images

            Crop first, then resize to the width the page shows.
            """)
        try write("changelog-writer", description: "Writes a changelog from merged pull requests.", body: """
            # Changelog

            Group the entries by kind: added, fixed, removed.
            """)
        try fixture.publish([fixture.temporary.path("pdf-forms"), fixture.temporary.path("image-resize"),
                             fixture.temporary.path("changelog-writer")])
    }

    @discardableResult
    private func write(_ name: String, in folder: String? = nil, description: String, body: String) throws -> String {
        let folder = folder ?? name
        try fixture.write("\(folder)/SKILL.md", SkillMarkdown.text(
            name: name, description: description, frontMatter: ["version: \"1.0\""], body: body))
        return fixture.temporary.path(folder)
    }

    private func skills(_ query: String, limit: Int = 10, explain: Bool = false) throws -> [SkillMatch] {
        try fixture.store.searchSkills(SearchRequest(query: query, limit: limit, explain: explain))
    }

    @Test func aVerbAndItsParticleAlsoMatchTheirOneWordForm() throws {
        try write("signup-flow", description: "Improves the signup flow of a web product.", body: "# Signup\n\nAsk for less at signup.\n")
        try fixture.publish([fixture.temporary.path("signup-flow")])
        // "signing up" is also `signup`: the stem of the verb and the
        // particle. No word of the question is in the skill otherwise.
        #expect(try skills("people should finish signing up").first?.skill == "signup-flow")
        #expect(try skills("people should finish signing").isEmpty)
    }

    @Test func aVerbAndParticleAddNothingTheQueryAlreadyAsksOrExcludes() throws {
        try write("plugin-manager", description: "Manages each plugin and its rollback.", body: "# Plugins\n\nA plugin can roll back.\n")
        try fixture.publish([fixture.temporary.path("plugin-manager")])
        func words(_ query: String) throws -> [String] {
            try skills(query, explain: true).first?.explanation?.words.map(\.word) ?? []
        }
        // `plug-in` is already `plugin` (a word punctuation splits): once.
        let plugin = try words("plug-in manager")
        #expect(plugin.filter { $0 == "plugin" }.count == 1)
        // An excluded verb does not come back as a compound.
        #expect(try !words("manager -roll back").contains("rollback"))
        #expect(try words("manager roll back").contains("rollback"))
    }

    /// "1.2 GB" is held by a skill writing 1.2 GB, not by one writing 2 GB
    /// and 12 (a decimal is one phrase of its digits, `SearchQuery`).
    @Test func aDecimalIsAnsweredByTheSkillWritingIt() throws {
        try write("slim-images", description: "Makes container images smaller.", body: """
            # Slim images

            A python image of 1.2 GB drops to 200 MB with a slim base.
            """)
        try write("model-memory", description: "Fits models in 2 GB or 12 GB of memory.", body: """
            # Memory

            Each card holds 2 GB; 12 cards hold 24 GB. Plan 2 GB per model, 2GB at least.
            """)
        try fixture.publish([fixture.temporary.path("slim-images"), fixture.temporary.path("model-memory")])
        #expect(try skills("my image is 1.2 GB").first?.skill == "slim-images")
        #expect(try skills("1.2 GB").first?.skill == "slim-images")
    }

    @Test func aQuotedSentenceLongerThanASnippetIsAnswered() throws {
        let sentence = (1...30).map { "word\($0)" }.joined(separator: " ")
        try write("long-sentence", description: "Holds one long sentence.", body: "# Long\n\n## Sentence\n\nFirst \(sentence) last.\n")
        try fixture.publish([fixture.temporary.path("long-sentence")])
        let found = try skills("\"\(sentence)\"")
        #expect(found.map(\.skill) == ["long-sentence"])
        #expect(found.first?.passages.isEmpty == false)
    }

    @Test func aQuestionFindsTheSkillThoughMostOfItsWordsAreNowhere() throws {
        // "how", "do", "I", "a" and the question mark are in no skill: they are not required.
        #expect(try skills("how do I fill a pdf form?").first?.skill == "pdf-forms")
        #expect(try skills("write a changelog").first?.skill == "changelog-writer")
    }

    @Test func anAnswerIsDistinctSkillsEachWithItsPassages() throws {
        let found = try skills("fill field")
        #expect(found.map(\.skill) == ["pdf-forms"])
        let passages = try #require(found.first?.passages)
        #expect(!passages.isEmpty && passages.count <= SkillStore.passagesPerSkill)
        #expect(passages.allSatisfy { $0.skill == "pdf-forms" && $0.snippet.contains(where: \.matched) })
        // Both sections hold both words; the one whose heading holds one comes first.
        #expect(passages.map(\.section) == [["Filling"], ["Flattening"]])
    }

    @Test func theBestSectionsAreShownWhereverTheyAre() throws {
        // Sections read in order would fill the passages with the first
        // three, which hold one word; the last two hold both, one of them
        // in its heading too. Of those holding one, the first in order
        // (a letter with a diacritic makes one heading the screen cannot
        // tell, and it is read all the same).
        try fixture.publish([try write("kiln-notes", description: "Notes on a kiln.", body: """
            # Kiln

            ## Loading

            Load the glaze pieces apart.

            ## Stacking

            Stack glaze tiles on posts.

            ## Café

            A glaze cools in the café.

            ## Firing

            Fire slowly once the glaze is dry, then vent the kiln at cone six.

            ## Venting glaze

            Vent the glaze fumes while the kiln cools.
            """)])
        let passages = try #require(try skills("glaze vent").first { $0.skill == "kiln-notes" }?.passages)
        #expect(passages.map(\.section) == [["Kiln", "Venting glaze"], ["Kiln", "Firing"], ["Kiln", "Loading"]])
    }

    @Test func theLimitCountsSkills() throws {
        #expect(try skills("the images, forms and changelog", limit: 2).count == 2)
        #expect(try skills("the images, forms and changelog", limit: 3).count == 3)
    }

    @Test func coverageRanksTheSkillHoldingMoreOfTheWords() throws {
        // Named after one word and repeating it: bm25 alone favours it.
        try fixture.publish([try write("crop-tool", description: "Crop crop crop.", body: "# Crop\n\nCrop. Crop again.\n")])
        let found = try skills("crop resize web", explain: true)
        #expect(found.first?.skill == "image-resize")
        let coverage = Dictionary(uniqueKeysWithValues: found.map { ($0.skill, $0.explanation?.coverage ?? -1) })
        #expect(coverage["image-resize"] == 1)
        #expect((coverage["crop-tool"] ?? 1) < 0.5)
    }

    @Test func wordsInBundleFilesAndFencedCodeFindTheSkill() throws {
        let folder = try write("deploy-notes", description: "Deploys the site.", body: """
            # Deploy

            Run the script below.

            ```sh
            wrangler publish --env staging
            ```
            """)
        try fixture.write("deploy-notes/references/rollback.md", "# Rollback\n\nUse the quokka switch to roll back.\n")
        try fixture.publish([folder])

        let fromFile = try skills("quokka", explain: true)
        #expect(fromFile.map(\.skill) == ["deploy-notes"])
        #expect(fromFile.first?.explanation?.words.map(\.fields) == [["files"]])
        let fromCode = try skills("wrangler", explain: true)
        #expect(fromCode.map(\.skill) == ["deploy-notes"])
        #expect(fromCode.first?.explanation?.words.map(\.fields) == [["code"]])
        // Code is not prose: row search over sections does not see it.
        #expect(try fixture.store.search(SearchRequest(query: "wrangler", kind: .section)).isEmpty)
    }

    @Test func theSameSkillMarkdownInSeveralNamespacesIsOneResult() throws {
        let body = "# Tents\n\nPitch the tent with the door downwind.\n"
        try fixture.publish([try write("tent-pitch", in: "acme-tent", description: "Pitches tents.", body: body)], namespace: "acme")
        try fixture.publish([try write("tent-pitch", in: "zeta-tent", description: "Pitches tents.", body: body)], namespace: "zeta")
        let found = try skills("pitch a tent")
        #expect(found.count == 1)
        let first = try #require(found.first)
        let places = [first.address] + first.alsoIn
        #expect(places.sorted() == ["acme/tent-pitch", "zeta/tent-pitch"])
        #expect(!first.alsoIn.contains(first.address))
    }

    /// A copy of a skill's SKILL.md with its own bundle files ranks on
    /// them, but the skill first published with those bytes is the one
    /// shown: a copy cannot take the original's place (and its users) by
    /// adding the words of a query to its bundle.
    @Test func theSameSkillMarkdownIsShownAsTheFirstPublished() throws {
        let body = "# Tents\n\nPitch the tent with the door downwind.\n"
        try fixture.publish([try write("tent-pitch", in: "acme-tent", description: "Pitches tents.", body: body)], namespace: "acme")
        let copy = try write("tent-pitch", in: "zeta-tent", description: "Pitches tents.", body: body)
        try fixture.write("zeta-tent/references/storms.md", "# Storms\n\nPitch the tent before the storm, stake every guy line.\n")
        try fixture.publish([copy], namespace: "zeta")
        let found = try skills("pitch a tent before the storm", explain: true)
        #expect(found.map(\.address) == ["acme/tent-pitch"])
        #expect(found.first?.alsoIn == ["zeta/tent-pitch"])
        // It ranks on the copy's words all the same.
        let acme = try fixture.store.searchSkills(
            SearchRequest(query: "pitch a tent before the storm", namespace: "acme", explain: true))
        let coverage = try #require(found.first?.explanation?.coverage)
        #expect(coverage > (try #require(acme.first?.explanation?.coverage)))
        // Asked within the copy's namespace, the copy is what there is.
        let zeta = try fixture.store.searchSkills(SearchRequest(query: "pitch a tent before the storm", namespace: "zeta"))
        #expect(zeta.map(\.address) == ["zeta/tent-pitch"])
    }

    /// The original published those bytes first even when a later version
    /// of it (the same SKILL.md, a new bundle file) is newer than the copy:
    /// republishing its own bundle must not hand its place to the copy.
    @Test func theOriginalStaysShownAfterRepublishingTheSameSkillMarkdown() throws {
        let body = "# Tents\n\nPitch the tent with the door downwind.\n"
        let original = try write("tent-pitch", in: "acme-tent", description: "Pitches tents.", body: body)
        try fixture.publish([original], namespace: "acme")
        let copy = try write("tent-pitch", in: "zeta-tent", description: "Pitches tents.", body: body)
        try fixture.write("zeta-tent/references/storms.md", "# Storms\n\nPitch the tent before the storm, stake every guy line.\n")
        try fixture.publish([copy], namespace: "zeta")
        try fixture.write("acme-tent/references/poles.md", "# Poles\n\nCarry two spare poles.\n")
        try fixture.publish([original], namespace: "acme", version: "2.0")
        let found = try skills("pitch a tent before the storm")
        #expect(found.map(\.address) == ["acme/tent-pitch"])
        #expect(found.first?.version == "2.0")
        #expect(found.first?.alsoIn == ["zeta/tent-pitch"])
        // Searching every version, too.
        let all = try fixture.store.searchSkills(SearchRequest(query: "pitch a tent before the storm", allVersions: true))
        #expect(all.map(\.address) == ["acme/tent-pitch"])
        #expect(all.first?.version == "2.0")
    }

    /// A SKILL.md without front-matter takes its name from its folder, so
    /// the same bytes can be two names; a query naming the copy exactly
    /// asked for that skill, and gets it first, not the original.
    @Test func aQueryNamingTheCopyExactlyShowsTheCopy() throws {
        let body = "# Tents\n\nPitch the tent with the door downwind.\n"
        try fixture.write("tent-pitch/SKILL.md", body)
        try fixture.publish([fixture.temporary.path("tent-pitch")], namespace: "acme")
        try fixture.write("camping/SKILL.md", body)
        try fixture.publish([fixture.temporary.path("camping")], namespace: "zeta")
        let found = try skills("camping", explain: true)
        #expect(found.map(\.address) == ["zeta/camping"])
        #expect(found.first?.explanation?.exactName == true)
        #expect(found.first?.alsoIn == ["acme/tent-pitch"])
        // Any other query shows the first published.
        #expect(try skills("pitch the tent downwind").map(\.address) == ["acme/tent-pitch"])
    }

    /// Collections copy a skill and edit its body, so the bytes differ; the
    /// same name and description (case and white space aside) is one result.
    @Test func aCopyWithTheSameNameAndDescriptionIsOneResult() throws {
        try fixture.publish([try write("tent-pitch", in: "acme-tent", description: "Pitches tents.",
                                       body: "# Tents\n\nPitch the tent with the door downwind.\n")], namespace: "acme")
        try fixture.publish([try write("tent-pitch", in: "zeta-tent", description: "pitches   TENTS.",
                                       body: "# Tents\n\nPitch the tent with its door downwind.\n")], namespace: "zeta")
        try fixture.publish([try write("tent-pitch", in: "kilo-tent", description: "Pitches tents in the rain.",
                                       body: "# Tents\n\nPitch the tent with the door downwind.\n")], namespace: "kilo")
        let found = try skills("pitch a tent")
        #expect(found.count == 2)
        let copies = try #require(found.first { $0.namespace != "kilo" })
        #expect(Set([copies.address] + copies.alsoIn) == ["acme/tent-pitch", "zeta/tent-pitch"])
        #expect(found.first { $0.namespace == "kilo" }?.alsoIn == [])
    }

    /// Some collections name a copy after the folders it sat in.
    @Test func aCopyWhoseNameHasWordsBeforeItIsOneResult() throws {
        try fixture.publish([try write("tent-pitch", description: "Pitches tents.", body: "# Tents\n\nPitch it.\n")])
        try fixture.publish([try write("camping-tent-pitch", description: "Pitches tents.", body: "# Tents\n\nPitch it now.\n")])
        try fixture.publish([try write("subtent-pitch", description: "Pitches tents.", body: "# Tents\n\nPitch them.\n")])
        let found = try skills("pitch a tent")
        #expect(found.count == 2)
        let copies = try #require(found.first { $0.skill != "subtent-pitch" })
        #expect(Set([copies.address] + copies.alsoIn) == ["tent-pitch", "camping-tent-pitch"])
    }

    @Test func aWordPunctuationSplitsFindsItWrittenAsOne() throws {
        try fixture.publish([try write("tax-credits", description: "Prepares SRED claims.", body: "# Claims\n\nList the projects.\n")])
        #expect(try skills("SR&ED").map(\.skill) == ["tax-credits"])
        // Rows still require each part.
        #expect(try fixture.store.search(SearchRequest(query: "SR&ED", kind: .skill)).isEmpty)
    }

    @Test func anExactNameComesFirst() throws {
        #expect(try skills("image resize").first?.skill == "image-resize")
        let named = try skills("changelog writer", explain: true)
        #expect(named.first?.skill == "changelog-writer")
        #expect(named.first?.explanation?.exactName == true)
    }

    @Test func explainSaysWhichWordsMatchedWhereAndTheScores() throws {
        #expect(try skills("fill pdf").allSatisfy { $0.explanation == nil })
        let found = try skills("how do I flatten a pdf form", explain: true)
        let why = try #require(found.first?.explanation)
        #expect(found.first?.skill == "pdf-forms")
        // Stop words are not among the words explained.
        #expect(why.words.map(\.word) == ["flatten", "pdf", "form"])
        let fields = Dictionary(uniqueKeysWithValues: why.words.map { ($0.word, $0.fields) })
        #expect(fields["pdf"] == ["name", "description", "headings"])
        #expect(fields["flatten"] == ["description", "headings", "body"])
        #expect(why.coverage == 1 && why.bm25 > 0 && why.score == found.first?.score)
        #expect(why.words.allSatisfy { $0.weight > 0 })
    }

    @Test func aWordOnlyInTheBundlesFilesCountsForHalfLoneOrNot() throws {
        let folder = try write("tent-guide", description: "Pitching tents.", body: "# Tents\n\nStake the corners first.\n")
        try fixture.write("tent-guide/references/storms.md", "# Storms\n\nGuy lines hold the fly in a gale.\n")
        try fixture.publish([folder])
        let bundleOnly = try #require(try skills("gale guy lines", explain: true).first { $0.skill == "tent-guide" })
        #expect(try #require(bundleOnly.explanation).coverage == SkillStore.bundleOnlyShare)
        // A lone word too (every candidate holds it, but not all in their own text).
        let lone = try #require(try skills("gale", explain: true).first { $0.skill == "tent-guide" })
        #expect(try #require(lone.explanation).coverage == SkillStore.bundleOnlyShare)
        // The same words in the skill's own text count whole.
        let ownText = try write("storm-guide", description: "Guy lines in a gale.", body: "# Storms\n\nTension them.\n")
        try fixture.publish([ownText])
        let found = try skills("gale guy lines", explain: true)
        #expect(found.first?.skill == "storm-guide")
        #expect(try #require(found.first?.explanation).coverage == 1)
    }

    /// Copies of the first skill shown take no room among the shown, so the
    /// next skill shown may come after more of them than a round of
    /// look-ups takes (the limit): where its words are is looked up all
    /// the same.
    @Test func aSkillShownAfterManyCopiesIsScoredOnWhereItsWordsAre() throws {
        for index in 0..<21 {
            try fixture.publish([try write("storm-guide", in: "storm-\(index)", description: "Guy lines in a gale.",
                                           body: "# Storms\n\nTension the guy lines before a gale.\n")], namespace: "pack\(index)")
        }
        let folder = try write("tent-guide", description: "Pitching tents.", body: "# Tents\n\nStake the corners first.\n")
        try fixture.write("tent-guide/references/storms.md", "# Storms\n\nGuy lines hold the fly in a gale.\n")
        try fixture.publish([folder])
        let found = try skills("gale guy lines", limit: 2, explain: true)
        #expect(found.map(\.skill) == ["storm-guide", "tent-guide"])
        #expect(found.first?.alsoIn.count == 20)
        #expect(try #require(found.last?.explanation).coverage == SkillStore.bundleOnlyShare)
        // Looking words up only for the skills that could be shown gives
        // the answer looking them up for every candidate first gives.
        for limit in [1, 2, 3, 5] {
            let request = SearchRequest(query: "gale guy lines", limit: limit, explain: true)
            let lazy = try fixture.store.searchSkills(request)
            fixture.store.lookUpEveryCandidate = true
            defer { fixture.store.lookUpEveryCandidate = false }
            #expect(try fixture.store.searchSkills(request) == lazy, "limit \(limit)")
        }
    }

    @Test func twoWordsASkillWritesAsOneMatchIt() throws {
        try fixture.publish([
            try write("statusline-setup", description: "Configures the statusline of a terminal prompt.", body: "# Statusline\n\nShow the branch.\n"),
            try write("log-levels", description: "Chooses log levels.", body: "# Levels\n\nThe status of each line of the log.\n"),
        ])
        // Neither `status` nor `line` is a word of statusline-setup.
        let found = try skills("the status line", explain: true)
        #expect(found.first?.skill == "statusline-setup")
        let why = try #require(found.first?.explanation)
        #expect(why.coverage == 1)
        // The compound adds no weight beside the two words it joins.
        #expect(why.words.first { $0.word == "statusline" }?.weight == 0)
        // No skill writes `logline`: nothing is added.
        #expect(try skills("log line", explain: true).first?.explanation?.words.map(\.word) == ["log", "line"])
    }

    @Test func operatorsStillConstrain() throws {
        // A quoted phrase is required.
        #expect(try skills("\"fill each field\" images").map(\.skill) == ["pdf-forms"])
        #expect(try skills("\"field images\"").isEmpty)
        // An excluded word excludes.
        #expect(try skills("crop form -images").map(\.skill) == ["pdf-forms"])
        #expect(try skills("crop form NOT pdf").map(\.skill) == ["image-resize"])
        // Prefixes, OR, stems and accents.
        #expect(try skills("chang*").map(\.skill) == ["changelog-writer"])
        #expect(try skills("flattening").map(\.skill) == ["pdf-forms"])
        #expect(Set(try skills("changelog OR crop").map(\.skill)) == ["changelog-writer", "image-resize"])
        #expect(try skills("flàttén").map(\.skill) == ["pdf-forms"])
    }

    @Test(arguments: [
        "\"unbalanced", "fill\"", "NEAR(fill pdf)", "{name} : pdf", "pdf AND OR NOT", "-", "*", "\"\"", "(((", "a the of",
        "pdf\u{0}form", "\u{1}\u{2}\u{3}pdf\u{7f}", "'; DROP TABLE skill_text; --", "pdf^2 col:name", String(repeating: "x", count: 10_000),
        String(repeating: "pdf ", count: 2_000), "é\u{301}\u{301}\u{301}",
    ])
    func hostileQueriesAnswerWithoutAnError(query: String) throws {
        _ = try skills(query)
        _ = try skills(query, explain: true)
    }

    @Test func anEmptyQueryOrABadLimitIsAUsageProblem() {
        #expect(throws: UsageProblem.self) { try self.skills("  ") }
        #expect(throws: UsageProblem.self) { try self.skills("pdf", limit: 0) }
    }

    @Test func onlyTheLatestVersionIsSearchedUnlessAllVersionsAre() throws {
        try fixture.publish([try write("image-resize", description: "Resizes images.", body: "# Images\n\nScale them.\n")], version: "2.0")
        #expect(try skills("crop").isEmpty)
        let all = try fixture.store.searchSkills(SearchRequest(query: "crop", allVersions: true))
        #expect(all.map(\.version) == ["1.0"])
    }

    /// The store's counts are kept between searches: a version published
    /// after a search, on this connection or another, must still retire
    /// the one it supersedes and count in the words' weights.
    @Test func aVersionPublishedAfterASearchIsSeenByTheNext() throws {
        let other = try SkillStore(path: fixture.databasePath, create: false)
        #expect(try skills("crop").map(\.version) == ["1.0"])
        #expect(try other.searchSkills(SearchRequest(query: "crop")).map(\.version) == ["1.0"])
        #expect(try other.search(SearchRequest(query: "crop", kind: .section)).count == 1)

        // Written through the fixture's connection: its own writes, and another's commit for `other`.
        try fixture.publish([try write("image-resize", description: "Resizes images.", body: "# Images\n\nScale them.\n")], version: "2.0")
        #expect(try skills("crop").isEmpty)
        #expect(try other.searchSkills(SearchRequest(query: "crop")).isEmpty)
        #expect(try other.search(SearchRequest(query: "crop", kind: .section)).isEmpty)
    }

    /// The index of names and descriptions (0010) holds the per-skill
    /// row's name and description for every version, whether the migration
    /// copied them or an extraction on open wrote them again.
    @Test func theLeadIndexFollowsThePerSkillIndex() throws {
        func expectInStep(_ store: SkillStore, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let row = try store.database.queryFirst("""
                SELECT (SELECT count(*) FROM skill_text) AS skills, (SELECT count(*) FROM skill_lead) AS leads,
                       (SELECT count(*) FROM skill_lead l JOIN skill_text t ON t.rowid = l.rowid
                        WHERE l.name = t.name AND l.description = t.description) AS same
                """)
            #expect(try row?.int("skills") == 3, sourceLocation: sourceLocation)
            #expect(try row?.int("leads") == 3, sourceLocation: sourceLocation)
            #expect(try row?.int("same") == 3, sourceLocation: sourceLocation)
            try store.database.execute("INSERT INTO skill_lead (skill_lead) VALUES ('integrity-check')")
        }
        try expectInStep(fixture.store)
        let database = try Database(path: fixture.databasePath)
        try database.execute("DROP TABLE skill_lead")
        try database.execute("DELETE FROM schema_migrations WHERE name = '0010_skill_lead.sql'")
        let migrated = try SkillStore(path: fixture.databasePath, create: false)
        #expect(migrated.migrationsApplied == ["0010_skill_lead.sql"])
        try expectInStep(migrated)
        try database.execute("UPDATE versions SET graph_version = 0")
        try expectInStep(try SkillStore(path: fixture.databasePath, create: false))
    }

    /// A database that 0006 left (no per-skill index), opened by this
    /// release: 0007 builds the index, bundle files included.
    @Test func anOlderDatabaseIsIndexedWhenOpened() throws {
        try fixture.write("pdf-forms/references/fonts.md", "Embed the xylophone font.\n")
        try fixture.publish([fixture.temporary.path("pdf-forms")], version: "1.1")
        let database = try Database(path: fixture.databasePath)
        try database.execute("DROP TABLE skill_text")
        try database.execute("DELETE FROM schema_migrations WHERE name = '0007_search_fields.sql'")

        let reopened = try SkillStore(path: fixture.databasePath, create: false)
        #expect(reopened.migrationsApplied == ["0007_search_fields.sql"])
        let found = try reopened.searchSkills(SearchRequest(query: "which font do pdf forms embed? xylophone"))
        #expect(found.first?.skill == "pdf-forms")
        #expect(found.first?.version == "1.1")
        #expect(try reopened.searchSkills(SearchRequest(query: "changelog")).map(\.skill) == ["changelog-writer"])
    }
}
