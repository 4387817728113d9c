import Testing
@testable import SkillStore

/// The share of a skill name's words the query holds, read byte by byte.
@Suite struct NameShareTests {
    private func words(_ text: String) -> [[UInt8]] { text.split(separator: " ").map { Array($0.utf8) } }

    @Test func countsTheNameWordsTheQueryHolds() {
        #expect(SkillStore.nameShare("fill-pdf-forms", queryWords: words("fill pdf")) == 2.0 / 3.0)
        // Four letters or more: the same opening four (a stem's ending differs).
        #expect(SkillStore.nameShare("fill-pdf-forms", queryWords: words("form")) == 1.0 / 3.0)
        // Under four: the whole word.
        #expect(SkillStore.nameShare("pdf-tools", queryWords: words("pd")) == 0)
        // Empty parts (doubled or outer hyphens) are not words.
        #expect(SkillStore.nameShare("-pdf--tools-", queryWords: words("pdf")) == 0.5)
        #expect(SkillStore.nameShare("", queryWords: words("pdf")) == 0)
    }

    @Test func foldsCaseAndAccentsAsTheQueryIs() {
        #expect(SkillStore.nameShare("PDF-Tools", queryWords: words("pdf")) == 0.5)
        #expect(SkillStore.nameShare("café-menu", queryWords: [SearchQuery.folded("cafe")]) == 0.5)
        #expect(SkillStore.nameShare("Éclair-menu", queryWords: [SearchQuery.folded("eclair")]) == 0.5)
    }
}
