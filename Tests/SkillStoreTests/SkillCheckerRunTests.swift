import Foundation
import Testing
@testable import SkillStore
import TestSupport

/// Skills on disk checked in one run see each other, within a namespace, as
/// they will once published together.
@Suite("Checking skills together")
struct SkillCheckerRunTests {
    @Test("a link to a skill of the same run resolves, in the linking skill's namespace only")
    func companionsResolveWithinTheirNamespace() throws {
        let fixture = try StoreFixture()
        try fixture.publish([try fixture.skill("first-skill")])
        let alpha = try fixture.skill("alpha-skill", body: "# Title\n\nThen use `beta-skill`, and its R2.\n")
        let beta = try fixture.skill("beta-skill", body: "# Title\n\n## Rules\n\n1. Fold.\n")
        let checker = SkillChecker(store: fixture.store)

        let together = checker.check(try SkillSource.discover([alpha]) + SkillSource.discover([beta]))
        #expect(together.count == 2)
        #expect(together[0].map(\.code) == ["rule-unresolved"])
        #expect(together[0].first?.message == "links to beta-skill#R2, but 'beta-skill' has no rule R2")
        #expect(together[1].isEmpty)

        let apart = checker.check(try SkillSource.discover([alpha], namespace: "acme") + SkillSource.discover([beta]))
        #expect(apart[0].map(\.code) == ["skill-unresolved", "rule-unresolved"])

        let alone = checker.check(try SkillSource.discover([alpha]))
        #expect(alone[0].map(\.code) == ["skill-unresolved", "rule-unresolved"])
    }
}
