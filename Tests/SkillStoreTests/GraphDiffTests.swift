import Foundation
import Testing
@testable import SkillStore

/// What a reviewer sees between two versions of a skill: claims added,
/// removed or relabelled, citations added or removed, rules added, removed
/// or retitled. Each change is summed up on one line:
///
///     line kind subject (detail)
///
/// Bodies start on line 6 of their SKILL.md (four lines of front-matter and a blank).
@Suite struct GraphDiffTests {
    @Test("Two identical versions have no changes")
    func noChanges() throws {
        let body = "*Measured* The fold takes 3 s.\n"
        #expect(try changes(from: body, to: body) == [])
    }

    @Test("A new label on the same words is a relabel, not a new claim")
    func relabel() throws {
        let found = try changes(
            from: "*Unverified* The fold takes 3 s on the test phone.\n",
            to: "*Measured* The fold takes 3 s on the test phone.\n")
        #expect(found == ["6 claim-relabelled Measured The fold takes 3 s on the test phone. (unverified -> measured)"])
    }

    @Test("A link added to a claim is a citation added to that claim")
    func citationAdded() throws {
        let found = try changes(
            from: "*Measured* The fold takes 3 s.\n",
            to: "*Measured* The fold takes 3 s ([run log](logs/run.md)).\n")
        #expect(found == ["6 citation-added Measured The fold takes 3 s (run log). (logs/run.md)"])
    }

    @Test("A link taken from a claim is a citation removed from that claim")
    func citationRemoved() throws {
        let found = try changes(
            from: "*Measured* The fold takes 3 s ([run log](logs/run.md)).\n",
            to: "*Measured* The fold takes 3 s.\n")
        #expect(found == ["6 citation-removed Measured The fold takes 3 s. (logs/run.md)"])
    }

    @Test("A link whose URL changes is one citation removed and one added")
    func citationReplaced() throws {
        let found = try changes(
            from: "*Measured* The fold takes 3 s ([run log](logs/run-1.md)).\n",
            to: "*Measured* The fold takes 3 s ([run log](logs/run-2.md)).\n")
        #expect(found == [
            "6 citation-added Measured The fold takes 3 s (run log). (logs/run-2.md)",
            "6 citation-removed Measured The fold takes 3 s (run log). (logs/run-1.md)",
        ])
    }

    @Test("A new sentence is a claim added, at its line in the new version")
    func claimAdded() throws {
        let found = try changes(
            from: "The fold takes 3 s (*measured*).\n",
            to: "The fold takes 3 s (*measured*).\n\nThe hinge squeaks after a year of use (*unverified*).\n")
        #expect(found == ["8 claim-added The hinge squeaks after a year of use (unverified). (unverified)"])
    }

    @Test("A sentence gone is a claim removed, at its line in the old version")
    func claimRemoved() throws {
        let found = try changes(
            from: "The fold takes 3 s (*measured*).\n\nThe hinge squeaks after a year of use (*unverified*).\n",
            to: "The fold takes 3 s (*measured*).\n")
        #expect(found == ["8 claim-removed The hinge squeaks after a year of use (unverified). (unverified)"])
    }

    @Test("A reworded claim is the same claim, changed, when most of its words remain")
    func rewordedClaimIsTheSameClaim() throws {
        let found = try changes(
            from: "The fold takes about 3 s on the test phone (*unverified*).\n",
            to: "The fold takes 3 s on the test phone (*measured*).\n")
        #expect(found == [
            "6 claim-changed The fold takes 3 s on the test phone (measured). (was: The fold takes about 3 s on the test phone (unverified).)",
            "6 claim-relabelled The fold takes 3 s on the test phone (measured). (unverified -> measured)",
        ])
    }

    @Test("Removing a link together with its text keeps the claim the same claim")
    func removingALinksTextKeepsTheClaim() throws {
        let found = try changes(
            from: "Fold the cover back before opening it ([the maker's guide](https://example.org/guide)).\n",
            to: "Fold the cover back before opening it.\n")
        #expect(found == [
            "6 citation-removed Fold the cover back before opening it. (https://example.org/guide)",
            "6 claim-relabelled Fold the cover back before opening it. (cited -> unlabelled)",
        ])
        #expect(!found.contains { $0.contains("claim-added") || $0.contains("claim-removed") })
    }

    @Test("A new item in the rules list is a rule added, and its sentences claims added")
    func ruleAdded() throws {
        let found = try changes(
            from: "## Rules\n\n1. **Keep it short.** Long rules are skipped.\n",
            to: "## Rules\n\n1. **Keep it short.** Long rules are skipped.\n2. **Fold first.** Then open the lid.\n")
        #expect(found == [
            "9 claim-added Fold first. (unlabelled)",
            "9 claim-added Then open the lid. (unlabelled)",
            "9 rule-added R2 (Fold first.)",
        ])
    }

    @Test("An item gone from the rules list is a rule removed, at its old line")
    func ruleRemoved() throws {
        let found = try changes(
            from: "## Rules\n\n1. **Keep it short.** Long rules are skipped.\n2. **Fold first.** Then open the lid.\n",
            to: "## Rules\n\n1. **Keep it short.** Long rules are skipped.\n")
        #expect(found == [
            "9 claim-removed Fold first. (unlabelled)",
            "9 claim-removed Then open the lid. (unlabelled)",
            "9 rule-removed R2 (Fold first.)",
        ])
    }

    @Test("A rule whose id stays and whose bold title changes is retitled")
    func ruleRetitled() throws {
        let found = try changes(
            from: "## Rules\n\n1. **Keep every rule short.** Long rules are skipped.\n",
            to: "## Rules\n\n1. **Keep every rule brief.** Long rules are skipped.\n")
        #expect(found == ["8 rule-retitled R1 (Keep every rule short. -> Keep every rule brief.)"])
    }

    @Test("Rules are matched by id, not by place: R7 moved first is neither added nor removed")
    func rulesMatchedByID() throws {
        let found = try changes(
            from: "## Rules\n\n1. **R3** Keep it short.\n2. **R7** Fold first.\n",
            to: "## Rules\n\n1. **R7** Fold first.\n2. **R3** Keep it short.\n")
        #expect(found.filter { $0.contains(" rule-") } == [])
    }

    @Test("A title that changes only in case, spacing or punctuation is not retitled")
    func ruleTitleCosmeticChange() throws {
        let found = try changes(
            from: "## Rules\n\n1. **Keep it short.** Long rules are skipped.\n",
            to: "## Rules\n\n1. **Keep it Short:** Long rules are skipped.\n")
        #expect(found.filter { $0.contains(" rule-") } == [])
    }

    @Test("A rule that gains a title from none is retitled")
    func ruleGainsATitle() throws {
        let found = try changes(
            from: "## Rules\n\n1. Keep it short.\n",
            to: "## Rules\n\n1. **Keep it short.**\n")
        #expect(found == ["8 rule-retitled R1 ((none) -> Keep it short.)"])
    }

    // MARK: - Helpers

    private func graph(_ body: String) throws -> SkillGraph {
        let text = "---\nname: test-skill\ndescription: A skill for tests.\n---\n\n\(body)"
        return GraphExtractor.extract(from: try SkillDocument.parse(Array(text.utf8), path: "SKILL.md"))
    }

    /// `line kind subject (detail)`, one per change, in the diff's order.
    private func changes(from old: String, to new: String) throws -> [String] {
        GraphDiff.changes(from: try graph(old), to: try graph(new)).map { change in
            "\(change.line) \(change.kind.rawValue) \(change.subject)" + (change.detail.map { " (\($0))" } ?? "")
        }
    }
}
