import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// Where a candidate's words are, read from its own per-skill row
/// (`SearchTermMatcher.groupsHeld`) instead of looked up in the index: the
/// same fields for every word, so the same answers.
@Suite struct WordsInTextTests {
    /// Texts whose words touch what the one-word reading must get right:
    /// letters outside ASCII before and after a word, separators outside
    /// ASCII, folded letters, case, digits, and words that begin as a
    /// query's word does but stem to another token.
    static let edgeTexts = [
        "don’t re-send the form—fill it; naïve naive NAÏVE café cafe CAFÉ Renée renee",
        "forming formal formula forms FORM Form former; filling fillet filled",
        "généralisation general generally generalize generalization Generalizations",
        "xformy aform form-based form_field form2 2form formé éform fórm",
        "status line statusline STATUS_LINE status-line statuses",
        "memory memories memorial memorize memo",
        "Kelvin \u{212A}elvin kelvin ﬁles files FILES",
        "日本語form form日本語 日本語 form 日本語",
        "\u{0}form\u{1F}form\u{7F}form\tform\r\nform",
        String(repeating: "form ", count: 300) + "release",
        // Each word only where a letter or separator outside ASCII touches it.
        "Le café est fermé; éform formà",
        "don’t—re“lease”日本語status",
        // Tokens of a letter or two, and words an uppercase first letter begins.
        "Send an e-mail; take vitamin E. An AI agent, and an ai. Release Forms",
        "",
    ]

    static let queries = [
        "form", "forms", "fill form", "naive cafe", "renee", "general", "generalization", "memory", "kelvin files",
        "status line", "statusline", "release form", "x86 64", "\"fill it\"", "form*", "日本語", "don t", "send -fill",
        "the", "a b c", "formula former", "2form form2", "resume", "rule* claim", "lease", "status", "fermer", "est",
        "e-mail", "vitamin e", "ai agent", "e OR mail", "form OR release", "Release OR naive", "i", "l",
        "form OR release e-mail", "ai OR form agent", "\"fill it\" OR form release",
    ]

    @Test func theGroupsHeldAreThoseOfEveryToken() throws {
        let fixture = try StoreFixture()
        let tokenizer = try fixture.store.textTokenizer()
        var texts = SearchTermMatcherTests.texts + SearchTermMatcherTests.awkwardTexts + Self.edgeTexts
        // The seed pack's texts too, where it is (a fresh clone has none).
        if Seeds.available, let files = FileManager.default.enumerator(atPath: Seeds.folder.path) {
            for case let file as String in files where file.hasSuffix(".md") {
                texts.append((try? String(contentsOf: Seeds.url(file), encoding: .utf8)) ?? "")
            }
        }
        var compared = 0
        var held = 0
        for input in Self.queries + SearchTermMatcherTests.queries {
            let query = try #require(SearchQuery(input))
            let matcher = SearchTermMatcher(query: query, tokenizer: tokenizer)
            // As a search by skill builds it: only the groups read alone.
            let readable = Set(query.groups.indices.filter(matcher.readsAlone))
            let alone = SearchTermMatcher(
                groups: query.groups.indices.map { readable.contains($0) ? query.groups[$0] : [] }, tokenizer: tokenizer)
            for text in texts {
                var text = text
                let expected = matcher.groups(in: matcher.matches(in: tokenizer.tokens(of: text)))
                let found = text.withUTF8 { matcher.groupsHeld(in: UnsafeRawBufferPointer($0), tokenizer: tokenizer) }
                #expect(found == expected, "\(input) in \(text.prefix(50))")
                let foundAlone = text.withUTF8 { alone.groupsHeld(in: UnsafeRawBufferPointer($0), tokenizer: tokenizer) }
                #expect(foundAlone == expected.intersection(readable), "\(input) in \(text.prefix(50)), read alone")
                compared += 1
                held += expected.count
            }
        }
        #expect(compared > 500)
        #expect(held > 100)
    }

    /// A search reading small rows gives the answer looking every word up
    /// in the index gives, every candidate looked at (scores and fields
    /// shown by `--explain` included).
    @Test func readingRowsAnswersAsTheIndexDoes() throws {
        let fixture = try StoreFixture()
        var folders: [String] = []
        for (index, edgeText) in Self.edgeTexts.enumerated() where !edgeText.isEmpty {
            let name = "edge-\(index)"
            // A SKILL.md is text: control characters other than tabs and line ends become spaces.
            let text = String(String.UnicodeScalarView(edgeText.unicodeScalars.map {
                $0.value < 0x20 && !"\t\r\n".unicodeScalars.contains($0) || $0.value == 0x7F ? " " : $0
            }))
            try fixture.write("\(name)/SKILL.md", """
                ---
                name: \(name)
                description: "Skill \(index): \(text.prefix(60).replacingOccurrences(of: "\"", with: "'").filter { $0 >= " " })"
                ---
                # \(text.prefix(30).filter { $0 >= " " && $0 != "#" })

                \(text)

                ```sh
                form --fill \(index)
                ```
                """)
            try fixture.write("\(name)/references/notes.md", "# Notes\n\nThe form is filled in release \(index).\n")
            folders.append(fixture.temporary.path(name))
        }
        try fixture.publish(folders)
        // One row too large to read (over `textReadTokens`): looked up in the index beside the others.
        let large = (0..<(SkillStore.textReadTokens / 4)).map { "form release mail word\($0)" }.joined(separator: " ")
        try fixture.write("large-form/SKILL.md", """
            ---
            name: large-form
            description: A form too large to read, for release.
            ---
            # Large

            \(large)
            """)
        try fixture.publish([fixture.temporary.path("large-form")])
        // The seed pack's skills too, where it is (a fresh clone has none).
        if Seeds.available { try fixture.publish([Seeds.folder.path], namespace: "seeds") }
        fixture.store.lookUpEveryCandidate = true
        var answered = 0
        for input in Self.queries + SearchTermMatcherTests.queries + ["posture", "navigate the duo", "hinge angle"] {
            let request = SearchRequest(query: input, limit: 25, explain: true)
            let read = try fixture.store.searchSkills(request)
            fixture.store.readWordsInText = false
            defer { fixture.store.readWordsInText = true }
            #expect(try fixture.store.searchSkills(request) == read, "\(input)")
            if !read.isEmpty { answered += 1 }
        }
        #expect(answered > 20)
    }
}
