import Testing
import TestSupport
@testable import SkillStore

/// A connection keeps every statement it prepared (`Database.statement`),
/// for as long as it lives: a server's connections live as long as the
/// server. A search must therefore not write what it computes per query
/// (how many skills hold each word, for `skillstore_bm25`) into its SQL.
@Suite struct SearchStatementCacheTests {
    @Test func searchesForWordsHeldByDifferentCountsPrepareNoNewStatements() throws {
        let fixture = try StoreFixture()
        // "word0" is held by one skill, "word1" by two, ... "word5" by six.
        for skill in 0..<6 {
            let words = (skill..<6).map { "word\($0)" }.joined(separator: " ")
            try fixture.write("pack/skill-\(skill)/SKILL.md", SkillMarkdown.text(
                name: "skill-\(skill)", description: "Skill number \(skill).", frontMatter: ["version: \"1.0\""],
                body: "# Notes\n\nIt mentions \(words).\n"))
        }
        try fixture.publish([fixture.temporary.path("pack")])
        let store = fixture.store
        // One search of each shape first: one word, two words.
        _ = try store.searchSkills(SearchRequest(query: "word0"))
        _ = try store.searchSkills(SearchRequest(query: "word0 word1"))
        let prepared = store.database.preparedStatementCount
        for index in 1..<6 {
            let found = try store.searchSkills(SearchRequest(query: "word\(index)"))
            #expect(found.count == index + 1, "word\(index)")
            _ = try store.searchSkills(SearchRequest(query: "word\(index) word\((index + 1) % 6)"))
        }
        #expect(store.database.preparedStatementCount == prepared)
    }

    /// The cache hashes a sample of each text's bytes: two texts of one
    /// length that differ only between the sampled bytes hash alike, and
    /// must still be two statements.
    @Test func textsHashedAlikeAreStillTwoStatements() throws {
        let fixture = try StoreFixture()
        let database = fixture.store.database
        // Byte 8 (the second digit) is not among the sampled ones (every seventh from 0).
        let (first, second) = ("SELECT 10 AS v", "SELECT 19 AS v")
        #expect(first.utf8.count == second.utf8.count)
        #expect(try database.query(first).first?.int("v") == 10)
        #expect(try database.query(second).first?.int("v") == 19)
        #expect(try database.query(first).first?.int("v") == 10)
        let prepared = database.preparedStatementCount
        _ = try database.query(second)
        #expect(database.preparedStatementCount == prepared)
    }

    /// SQLite reads a text's bytes: two texts Swift calls equal (canonically
    /// equivalent) but spelled with other bytes are two statements.
    @Test func canonicallyEquivalentTextsAreTwoStatements() throws {
        let fixture = try StoreFixture()
        let database = fixture.store.database
        // d with a dot above, then a dot below; and d with a dot below, then
        // a dot above: one text to Unicode, five bytes each, none of them
        // among the sampled ones (bytes 8 to 12).
        let (first, second) = ("\u{1E0B}\u{0323}", "\u{1E0D}\u{0307}")
        #expect(first == second)
        #expect(Array(first.utf8) != Array(second.utf8))
        let value = { (text: String) throws -> [UInt8]? in
            try database.query("SELECT '\(text)' AS v").first.map { Array($0.string("v").utf8) }
        }
        #expect(try value(first) == Array(first.utf8))
        #expect(try value(second) == Array(second.utf8))
    }
}
