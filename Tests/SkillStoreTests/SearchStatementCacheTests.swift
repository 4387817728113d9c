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
}
