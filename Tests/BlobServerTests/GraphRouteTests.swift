import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// The knowledge-graph routes: rules, claims, links, provenance, check,
/// diff and the versions a blob belongs to.
///
/// `fold-tips` 1.0 with two rules and 2.0 with three, `fold-review`
/// linking to it, and the source page fold-tips cites.
@Suite struct GraphRouteTests {
    static func body(extraRule: Bool) -> String {
        """
        # Tips

        *Measured* means we ran it. *Judgement* means advice.

        ## Rules

        1. **Keep it short.** Short rules are read (*judgement*, from experience). See [the guide](https://example.org/guide#Short-rules).
        2. **Measure it.** The hinge bends 3 mm (*measured*) on two phones.
        \(extraRule ? "3. **Say where.** A claim without a place is weak (*unverified*).\n" : "")
        ## Notes

        A line with a [local file](references/x.md#missing) and nothing else.
        """
    }

    let fixture: ServerFixture

    init() throws {
        fixture = try ServerFixture()
        try fixture.write("fold-tips/references/x.md", "# Top\n")
        let guide = try fixture.write("guide.md", "# Guide\n\nIntro.\n\n## Short rules\n\nShort rules are read first.\n")
        _ = try fixture.store.publishSource(url: "https://example.org/guide", path: guide, publisher: "tester")
        try fixture.publish([try fixture.skill("fold-tips", version: "1.0", body: Self.body(extraRule: false))])
        try fixture.publish([try fixture.skill("fold-tips", version: "2.0", body: Self.body(extraRule: true))])
        try fixture.publish([try fixture.skill(
            "fold-review", body: "# Review\n\nCheck screens against `fold-tips` rules R1 and R2.\n")])
    }

    func latest() throws -> SkillVersion { try fixture.store.version(of: "fold-tips") }
    func first() throws -> SkillVersion { try fixture.store.version(of: "fold-tips", label: "1.0") }

    @Test func rulesAreTheStoresRuleEntries() throws {
        let response = fixture.get("/api/v1/skills/fold-tips/rules")
        #expect(response.status == 200)
        let rules = try response.decoded([RuleEntry].self)
        #expect(rules == (try fixture.store.ruleEntries(of: try latest())))
        #expect(rules.map(\.id) == ["R1", "R2", "R3"])
        #expect(rules.map(\.address) == ["fold-tips#R1", "fold-tips#R2", "fold-tips#R3"])
        #expect(rules[1].labels.contains("measured"))
    }

    @Test func versionPicksTheGraphOfAnOlderVersion() throws {
        let rules = try fixture.get("/api/v1/skills/fold-tips/rules", query: ["version": "1.0"]).decoded([RuleEntry].self)
        #expect(rules == (try fixture.store.ruleEntries(of: try first())))
        #expect(rules.map(\.id) == ["R1", "R2"])
        let claims = fixture.get("/api/v1/skills/fold-tips/claims", query: ["version": "1.0", "rule": "R3"])
        #expect(claims.status == 404)
        #expect(fixture.get("/api/v1/skills/fold-tips/links", query: ["version": "0.1"]).status == 404)
    }

    @Test func diffIsTheStoresClaimLevelChanges() throws {
        let response = fixture.get("/api/v1/skills/fold-tips/diff", query: ["from": "1.0", "to": "2.0"])
        #expect(response.status == 200, "\(response.text)")
        let changes = try response.decoded([GraphChange].self)
        #expect(changes == (try fixture.store.changes(of: "fold-tips", from: "1.0", to: "2.0")))
        #expect(changes.contains { $0.kind == .ruleAdded })
        #expect(fixture.get("/api/v1/skills/fold-tips/diff", query: ["from": "1.0"]).status == 400)
        #expect(fixture.get("/api/v1/skills/fold-tips/diff", query: ["from": "1.0", "to": "9.9"]).status == 404)
    }

    @Test func versionsOfABlobAreThoseWhoseSkillOrManifestItIs() throws {
        let old = try first()
        for id in [old.id, old.manifest, "sha256:" + old.digest] {
            let response = fixture.get("/api/v1/versions/\(id)")
            #expect(response.status == 200, "\(id)")
            let versions = try response.decoded([SkillVersion].self)
            #expect(versions.map(\.label) == ["1.0"], "\(id)")
        }
        let unknown = fixture.get("/api/v1/versions/0000000000000000")
        #expect(unknown.status == 200)
        #expect(try unknown.decoded([SkillVersion].self).isEmpty)
        #expect(fixture.get("/api/v1/versions/not-an-id").status == 400)
    }

    @Test func claimsAreTheStoresClaimEntries() throws {
        let response = fixture.get("/api/v1/skills/fold-tips/claims")
        #expect(response.status == 200)
        let claims = try response.decoded([ClaimEntry].self)
        #expect(claims == (try fixture.store.claimEntries(of: try latest())))
        #expect(!claims.isEmpty)
    }

    @Test func claimsFilterByLabelSectionAndRule() throws {
        let version = try latest()
        func claims(_ query: [String: String]) throws -> [ClaimEntry] {
            let response = fixture.get("/api/v1/skills/fold-tips/claims", query: query)
            #expect(response.status == 200, "\(query): \(response.text)")
            return try response.decoded([ClaimEntry].self)
        }
        let measured = try claims(["label": "Measured"])
        #expect(measured == (try fixture.store.claimEntries(of: version, filter: ClaimFilter(label: .measured))))
        #expect(!measured.isEmpty && measured.allSatisfy { $0.labels.contains("measured") })
        #expect(try claims(["label": "judgment"]) == (try fixture.store.claimEntries(of: version, filter: ClaimFilter(label: .judgement))))

        let notes = try claims(["section": "notes"])
        #expect(notes == (try fixture.store.claimEntries(of: version, filter: ClaimFilter(section: "notes"))))
        #expect(!notes.isEmpty && notes.allSatisfy { $0.section.contains("Notes") })

        let ruleTwo = try claims(["rule": "r2"])
        #expect(ruleTwo == (try fixture.store.claimEntries(of: version, filter: ClaimFilter(rule: "R2"))))
        #expect(!ruleTwo.isEmpty && ruleTwo.allSatisfy { $0.rule == "R2" })

        let all = try claims(["label": "measured", "section": "rules", "rule": "R2"])
        #expect(all == (try fixture.store.claimEntries(
            of: version, filter: ClaimFilter(label: .measured, section: "rules", rule: "R2"))))
    }

    @Test func claimsRefuseAnUnknownLabelOrABadRuleAndDoNotFindAMissingRule() {
        let label = fixture.get("/api/v1/skills/fold-tips/claims", query: ["label": "maybe"])
        #expect(label.status == 400)
        #expect(label.errorDetail?.code == "BAD_REQUEST")
        let badRule = fixture.get("/api/v1/skills/fold-tips/claims", query: ["rule": "six"])
        #expect(badRule.status == 400)
        let missing = fixture.get("/api/v1/skills/fold-tips/claims", query: ["rule": "R9"])
        #expect(missing.status == 404)
        #expect(missing.errorDetail?.code == "NOT_FOUND")
        #expect(missing.errorDetail?.message == "fold-tips 2.0 has no rule R9")
    }

    @Test func linksAreTheStoresLinkReport() throws {
        let review = fixture.get("/api/v1/skills/fold-review/links")
        #expect(review.status == 200)
        let outgoing = try review.decoded(LinkReport.self)
        #expect(outgoing == (try fixture.store.linkReport(of: try fixture.store.version(of: "fold-review"))))
        #expect(Set(outgoing.outgoing.map(\.to)) == ["fold-tips", "fold-tips#R1", "fold-tips#R2"])
        #expect(outgoing.outgoing.allSatisfy { $0.resolved })

        let tips = try fixture.get("/api/v1/skills/fold-tips/links").decoded(LinkReport.self)
        #expect(tips == (try fixture.store.linkReport(of: try latest())))
        #expect(Set(tips.incoming.map(\.from)) == ["fold-review"])
    }

    @Test func provenanceIsTheStoresReport() throws {
        let response = fixture.get("/api/v1/skills/fold-tips/provenance")
        #expect(response.status == 200)
        let report = try response.decoded(ProvenanceReport.self)
        #expect(report == (try fixture.store.provenance(of: try latest())))
        #expect(report.skill == "fold-tips" && report.version == "2.0" && report.rule == nil)
        // The citation of the stored guide's section carries its opening.
        let cited = report.items.flatMap(\.citations).first { $0.fragment == "Short-rules" }
        #expect(cited?.section == "Short rules")
        #expect(cited?.sectionOpening == "Short rules are read first.")
    }

    @Test func provenanceOfOneRule() throws {
        let response = fixture.get("/api/v1/skills/fold-tips/provenance", query: ["rule": "r1"])
        #expect(response.status == 200)
        let report = try response.decoded(ProvenanceReport.self)
        #expect(report == (try fixture.store.provenance(of: try latest(), rule: "R1")))
        #expect(report.rule == "R1")
        #expect(report.items.allSatisfy { $0.rule == "R1" })
        #expect(fixture.get("/api/v1/skills/fold-tips/provenance", query: ["rule": "R9"]).status == 404)
        #expect(fixture.get("/api/v1/skills/fold-tips/provenance", query: ["rule": "R-1"]).status == 400)
    }

    @Test func checkListsTheCheckersDiagnostics() throws {
        let response = fixture.get("/api/v1/skills/fold-tips/check")
        #expect(response.status == 200)
        let found = try response.decoded([Diagnostic].self)
        #expect(found == (try SkillChecker(store: fixture.store).check(try latest())))
        let anchor = try #require(found.first { $0.code == "anchor-unresolved" })
        #expect(anchor.severity == .warning)
        #expect(anchor.path == "fold-tips/SKILL.md")
    }

    @Test func strictCheckMakesAnUnresolvedAnchorAnError() throws {
        let response = fixture.get("/api/v1/skills/fold-tips/check", query: ["strict": "1"])
        #expect(response.status == 200)
        let found = try response.decoded([Diagnostic].self)
        #expect(found == (try SkillChecker(store: fixture.store, strict: true).check(try latest())))
        #expect(found.first { $0.code == "anchor-unresolved" }?.severity == .error)
    }

    @Test(arguments: ["0", "false", "No"])
    func aFlagSaidNoIsOff(value: String) throws {
        let response = fixture.get("/api/v1/skills/fold-tips/check", query: ["strict": value])
        #expect(response.status == 200)
        #expect(try response.decoded([Diagnostic].self).first { $0.code == "anchor-unresolved" }?.severity == .warning)
    }

    @Test func aFlagThatIsNeitherYesNorNoIs400() {
        for (path, query) in [
            ("/api/v1/skills/fold-tips/check", ["strict": "maybe"]),
            ("/api/v1/search", ["q": "hinge", "all_versions": "2"]),
        ] {
            let response = fixture.get(path, query: query)
            #expect(response.status == 400, "\(path) \(query)")
            #expect(response.errorDetail?.message.contains("takes true or false") == true)
        }
    }

    @Test func aCleanSkillChecksToAnEmptyList() throws {
        try fixture.publish([try fixture.skill("clean-skill")])
        let response = fixture.get("/api/v1/skills/clean-skill/check")
        #expect(response.status == 200)
        #expect(response.text == "[]\n")
    }
}
