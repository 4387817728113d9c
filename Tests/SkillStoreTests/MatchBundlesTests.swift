import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// `SkillMatch.bundle`: the bundle of the version each search result
/// shows, which its verdict is kept under.
@Suite struct MatchBundlesTests {
    let fixture: StoreFixture

    init() throws {
        fixture = try StoreFixture()
        for (name, body) in [("kiln-notes", "# Kiln\n\nThe kiln runs hot.\n"), ("kiln-log", "# Kiln log\n\nLog each kiln firing.\n")] {
            try fixture.write("\(name)/SKILL.md", SkillMarkdown.text(
                name: name, description: "About the kiln.", frontMatter: ["version: \"1.0\""], body: body))
            try fixture.publish([fixture.temporary.path(name)])
        }
    }

    @Test func eachMatchGetsItsVersionsBundleInOrder() throws {
        let matches = try fixture.store.searchSkills(SearchRequest(query: "kiln"))
        #expect(matches.count == 2)
        let expected = try matches.map { try fixture.store.version(of: SkillKey(namespace: $0.namespace, name: $0.skill)).manifest }
        #expect(matches.map(\.bundle) == expected)
    }

    /// Searching every version shows an older one: its bundle, not the latest's.
    @Test func anOlderVersionShownGetsItsOwnBundle() throws {
        let older = try fixture.store.version(of: SkillKey("kiln-notes")).manifest
        try fixture.write("kiln-notes/SKILL.md", SkillMarkdown.text(
            name: "kiln-notes", description: "About the kiln.", frontMatter: ["version: \"2.0\""], body: "# Notes\n\nCool it.\n"))
        try fixture.publish([fixture.temporary.path("kiln-notes")])
        let matches = try fixture.store.searchSkills(SearchRequest(query: "hot", allVersions: true))
        #expect(matches.map(\.version) == ["1.0"])
        #expect(matches.map(\.bundle) == [older])
        #expect(older != (try fixture.store.version(of: SkillKey("kiln-notes"))).manifest)
    }
}
