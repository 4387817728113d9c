import Foundation
import SkillStore
import Testing
import TestSupport

/// A publish reports, as warnings on each skill's result, exactly the errors
/// `SkillChecker` finds in the skill's own files without a store, and
/// `strict` refuses the skill on them instead.
@Suite struct PublishWarningTests {
    static let storeFreeCodes: Set<String> = ["time-mismatch", "bundle-link-missing", "rule-duplicate"]

    /// What `check` says about `path` (no store), as the warnings a publish would give.
    private func checkErrorsAsWarnings(_ path: String) throws -> [Diagnostic] {
        let checker = SkillChecker(store: nil)
        return try SkillSource.discover([path]).flatMap(checker.check).filter {
            $0.severity == .error && Self.storeFreeCodes.contains($0.code)
        }.map { error in
            var warning = error
            warning.severity = .warning
            return warning
        }
    }

    @Test("A duplicate rule, a contradicted time and a missing bundle file are published with warnings, as check reports them")
    func warningsMatchCheck() throws {
        let fixture = try StoreFixture()
        let path = try fixture.skill("flawed-skill", body: """
            # Title

            Watch [the fold at 1:10](https://video.example.org/v?t=90) and read [the notes](references/notes.md).

            ## Rules

            1. **R1** Fold first.
            2. **R1** Open last.

            """)

        let report = try fixture.publish([path])

        let warnings = try #require(report.results.first?.warnings)
        #expect(warnings.map(\.code) == ["time-mismatch", "bundle-link-missing", "rule-duplicate"])
        #expect(warnings == (try checkErrorsAsWarnings(path)))
        #expect(report.results.first?.status == .new)
    }

    @Test("A skill without such errors has no warnings")
    func noWarnings() throws {
        let fixture = try StoreFixture()
        let report = try fixture.publish([try fixture.skill("sound-skill")])
        #expect(report.results.first?.warnings == nil)
    }

    @Test("strict refuses the skill on those errors, as errors")
    func strictRefuses() throws {
        let fixture = try StoreFixture()
        let path = try fixture.skill("flawed-skill", body: "# Title\n\nRead [the notes](references/notes.md).\n")

        #expect {
            try fixture.publish([path]) { $0.strict = true }
        } throws: { error in
            (error as? InputRefused)?.diagnostics.map(\.code) == ["bundle-link-missing"]
        }
        #expect(try fixture.store.skills().isEmpty)
    }

    @Test("On the seeds, a publish's warnings are check's store-free errors", .enabled(if: Seeds.available, Seeds.skipReason))
    func seedsWarningsMatchCheck() throws {
        for seed in ["duo-ergonomics", "duo-navigation", "duo-postures"] {
            let fixture = try StoreFixture()
            let report = try fixture.publish([Seeds.path(seed)], version: "1.0")
            let expected = try checkErrorsAsWarnings(Seeds.path(seed))
            #expect(!expected.isEmpty, "\(seed)")
            #expect(report.results.first?.warnings ?? [] == expected, "\(seed)")
        }
    }
}
