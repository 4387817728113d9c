import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// Pages that skills cite: their sections, their versions, and how fragments find them.
@Suite struct SourceDocumentTests {
    @Test func plainTextTitlesAreShortLinesStandingAlone() {
        let page = SourceDocument(text: """
            Folding guide

            Intro text that runs on as a sentence.

            Hinge area

            Keep buttons away from the hinge. It bends.
            This line is not a title: it ends with a colon:

            Last words
            """)
        #expect(page.sections.map(\.title) == ["Folding guide", "Hinge area", "Last words"])
        #expect(page.sections[1].line == 5)
        #expect(page.sections[1].text.hasPrefix("Keep buttons away"))
        #expect(page.section(forFragment: "hinge-AREA")?.title == "Hinge area")
        #expect(page.section(forFragment: "Hinge_area")?.title == "Hinge area")
        #expect(page.section(forFragment: "hinge") == nil)
    }

    @Test func markdownSectionsAreItsHeadings() {
        let page = SourceDocument(text: "# Guide\n\nIntro.\n\n## Vertical controls\n\nBars move to the side.\n")
        #expect(page.sections.map(\.title) == ["Guide", "Vertical controls"])
        #expect(page.section(forFragment: "Vertical-controls")?.text == "Bars move to the side.")
    }

    @Test func changedTextIsANewVersionAndTheLatestAnswers() throws {
        let fixture = try StoreFixture()
        let url = "https://Example.org/guide?lang=en#ignored"
        let first = try fixture.write("guide-1.txt", "Hinge area\n\nOld advice.\n")
        let second = try fixture.write("guide-2.txt", "Hinge area\n\nNew advice.\n\nTent\n\nStand it up.\n")

        let a = try fixture.store.publishSource(url: url, path: first, publisher: "tester")
        #expect(a.status == .new && a.url == "https://example.org/guide")
        #expect(try fixture.store.publishSource(url: url, path: first, publisher: "tester").status == .unchanged)
        let b = try fixture.store.publishSource(url: url, path: second, publisher: "tester")
        #expect(b.status == .new && b.sequence > a.sequence)
        #expect(try fixture.store.source(at: "https://example.org/guide")?.sections.map(\.title) == ["Hinge area", "Tent"])

        // The older text again is a new version, and the latest.
        let again = try fixture.store.publishSource(url: url, path: first, publisher: "tester")
        #expect(again.status == .new && again.sequence > b.sequence)
        #expect(try fixture.store.source(at: "https://example.org/guide")?.sections.first?.text == "Old advice.")
        #expect(try fixture.store.sources().count == 1)
    }

    @Test func aSourceURLNeedsAScheme() throws {
        let fixture = try StoreFixture()
        let file = try fixture.write("guide.txt", "Title\n\nText.\n")
        #expect(throws: UsageProblem.self) {
            try fixture.store.publishSource(url: "example.org/guide", path: file, publisher: "tester")
        }
    }
}
