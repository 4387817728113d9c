import Foundation
import Testing
@testable import SkillStore
import TestSupport

/// A publish reports, as warnings of each new version, exactly the errors
/// `SkillChecker` finds in the skill's own files without a store (same
/// codes, messages, lines and columns), records them with the version, and
/// `strict` refuses the skill on them instead.
@Suite("Check's errors at publish")
struct PublishCheckWarningTests {
    /// What `check` says about the skills at `path` (no store): its errors
    /// that need no store, as the warnings a publish gives.
    private func checkErrorsAsWarnings(_ path: String) throws -> [[Diagnostic]] {
        try SkillChecker(store: nil).check(SkillSource.discover([path])).map { found in
            found.filter { $0.severity == .error && StoreFreeErrors.codes.contains($0.code) }.map { error in
                var warning = error
                warning.severity = .warning
                return warning
            }
        }
    }

    /// Every place a link can sit, and the findings that hide among links
    /// that are none: text and URL times that agree, links in headings and
    /// in a table's header row (not read as citations by `check`), a link
    /// inside an image, `#t=` on a bundle link, `./` paths, a registry link.
    static let trickyBody = """
        # Title with [a link at 1:10](https://video.example.org/v?t=90)

        Watch [the fold at 1:10](https://video.example.org/v?t=90) and [at 0:41](https://video.example.org/v?time=41).
        Read [the notes](references/notes.md), [the tent](./references/tent.md) and [its part](references/tent.md#pitch).
        See [the clip](clips/fold.mp4#t=70) and [the sources](sources.md#fold), [ourselves](#title), [us](SKILL.md).

        > A quote cites [this at 2:00](https://video.example.org/q?t=1m).

        - A list item with [a missing file](scripts/run.sh).
          - Nested: [at 3:00](https://video.example.org/n?t=3m) and [at 3:00 again](https://video.example.org/n?t=180).
        - [![an image](images/missing.png)](https://example.org/page?size=2)

        | Link [at 9:99](https://video.example.org/h?t=5) | Other |
        |---|---|
        | [row key at 4:00](https://video.example.org/k?t=1) | [cell](assets/missing.txt) |

        <a href="references/html.md">HTML is not read</a>

        ```
        [code is not read](references/code.md)
        ```

        ## Rules

        1. **R1** Fold first.
        2. **R2** Fold [again at 5:00](https://video.example.org/r?t=301).
        3. **R1** Open last.

        """

    @Test("a tricky skill folder: the publish's warnings are check's errors, located alike")
    func trickyFolderMatchesCheck() throws {
        let fixture = try StoreFixture()
        let path = try fixture.skill("tricky-skill", body: Self.trickyBody)
        try fixture.write("tricky-skill/references/tent.md", "# Tent\n\n## Pitch\n")

        let report = try fixture.publish([path])

        let warnings = try #require(report.results.first?.warnings)
        #expect(warnings == (try checkErrorsAsWarnings(path)).first)
        #expect(warnings.map { "\($0.location!.line):\($0.location!.column) \($0.code)" } == [
            "9:7 time-mismatch",
            "10:6 bundle-link-missing",
            "11:41 bundle-link-missing",
            "13:17 time-mismatch",
            "15:20 bundle-link-missing",
            "21:3 time-mismatch",
            "21:56 bundle-link-missing",
            "32:16 time-mismatch",
            "33:1 rule-duplicate",
        ])
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.path == path + "/SKILL.md" })
        #expect(report.results.first?.status == .new)
    }

    @Test("a lone SKILL.md has no bundle: its relative links are not findings, its times are")
    func loneFileChecksTimesOnly() throws {
        let fixture = try StoreFixture()
        let path = try fixture.write("loose/SKILL.md", SkillMarkdown.minimal("loose-skill", body: Self.trickyBody))

        let report = try fixture.publish([path])

        let warnings = try #require(report.results.first?.warnings)
        #expect(!warnings.contains { $0.code == "bundle-link-missing" })
        #expect(warnings.contains { $0.code == "time-mismatch" })
        #expect(warnings == (try checkErrorsAsWarnings(path)).first)
    }

    @Test("a skill whose sources registry is set: sources.md links are registry links, not bundle files")
    func registryLinksAreNoBundleFiles() throws {
        let fixture = try StoreFixture()
        try fixture.write("reg-skill/SKILL.md", SkillMarkdown.text(
            name: "reg-skill", description: "Cites a registry.",
            frontMatter: ["version: \"1.0\"", "metadata:", "  sources: ../sources.md"],
            body: "# Title\n\nSee [fold](../sources.md#fold) and [missing](other.md).\n"))

        let report = try fixture.publish([fixture.temporary.path("reg-skill")])

        let warnings = report.results.first?.warnings ?? []
        #expect(warnings.map(\.code) == ["bundle-link-missing"])
        #expect(warnings == (try checkErrorsAsWarnings(fixture.temporary.path("reg-skill"))).first)
    }

    @Test("a skill without such errors has no warnings")
    func cleanSkillHasNoWarnings() throws {
        let fixture = try StoreFixture()
        let report = try fixture.publish([try fixture.skill("sound-skill", body: "# Title\n\nSee [a page](https://example.org/?a=b).\n")])
        #expect(report.results.first?.warnings == nil)
        #expect(try fixture.store.version(of: "sound-skill").warnings == nil)
    }

    @Test("the warnings are recorded with the version, located in SKILL.md, and check of the version reports them once, as errors")
    func recordedAndNotRepeatedByCheck() throws {
        let fixture = try StoreFixture()
        let path = try fixture.skill("flawed-skill", body: "# Title\n\nRead [the notes](references/notes.md).\n")

        try fixture.publish([path])

        let version = try fixture.store.version(of: "flawed-skill")
        #expect(version.warnings == [Diagnostic(
            path: "SKILL.md", location: SourceLocation(line: 9, column: 6), severity: .warning,
            message: "links to 'references/notes.md', which is not in the skill's folder", code: "bundle-link-missing")])
        let found = try SkillChecker(store: fixture.store).check(version)
        #expect(found.map(\.code) == ["bundle-link-missing"])
        #expect(found.first?.severity == .error)
    }

    @Test("strict refuses the skill on those errors, as errors, and writes nothing")
    func strictRefuses() throws {
        let fixture = try StoreFixture()
        let flawed = try fixture.skill("flawed-skill", body: "# Title\n\nRead [the notes](references/notes.md).\n")
        let sound = try fixture.skill("sound-skill")

        #expect {
            try fixture.publish([flawed, sound]) { $0.strict = true }
        } throws: { error in
            let refused = (error as? InputRefused)?.diagnostics ?? []
            return refused.map(\.code) == ["bundle-link-missing"] && refused.allSatisfy { $0.severity == .error }
        }
        #expect(try fixture.store.skills().isEmpty)

        let report = try fixture.publish([flawed, sound]) {
            $0.strict = true
            $0.skipInvalid = true
        }
        #expect(report.results.map(\.name) == ["sound-skill"])
        #expect(report.refused.flatMap(\.diagnostics).map(\.code) == ["bundle-link-missing"])
    }

    @Test("on the seeds, a publish's warnings are check's store-free errors", .enabled(if: Seeds.available, Seeds.skipReason))
    func seedsMatchCheck() throws {
        let fixture = try StoreFixture()
        let report = try fixture.publish([Seeds.folder.path], version: "1.0")
        let expected = try checkErrorsAsWarnings(Seeds.folder.path)
        #expect(report.results.count == expected.count)
        #expect(expected.contains { !$0.isEmpty }, "the seeds have findings to compare")
        for (result, errors) in zip(report.results, expected) {
            #expect(result.warnings?.filter { StoreFreeErrors.codes.contains($0.code) } ?? [] == errors, "\(result.name)")
        }
    }
}
