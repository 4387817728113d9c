import Testing
@testable import SkillStore

/// A section's heading path is indexed as its headings joined by
/// `SearchEntry.pathSeparator`, and split back byte by byte for a hit.
@Suite struct HeadingPathTests {
    @Test(arguments: [
        ("", []),
        ("Usage", ["Usage"]),
        ("Usage > Flags > Examples", ["Usage", "Flags", "Examples"]),
        ("A >  > B", ["A", "", "B"]),
        ("a>b > c", ["a>b", "c"]),
        // A heading opening with a combining mark: as Characters, the space
        // before it and the mark are one, and the separator is not found.
        ("Crème > \u{301}accent", ["Crème", "\u{301}accent"]),
    ] as [(String, [String])])
    func aPathSplitsIntoTheHeadingsItWasJoinedFrom(path: String, headings: [String]) {
        #expect(SkillStore.headingPath(path) == headings)
    }
}
