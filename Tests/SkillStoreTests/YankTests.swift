import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// Yanking a version: it is stored and fetchable still, but never the
/// latest, so name lookups, listings and search pass over it.
@Suite struct YankTests {
    /// `oven-spring` 1.0 and 2.0, each with a word of its own.
    static func twoVersions() throws -> StoreFixture {
        let fixture = try StoreFixture()
        try fixture.publish([try fixture.skill("oven-spring", version: "1.0", body: "# Oven\n\nUse the hinge shim.\n")])
        try fixture.publish([try fixture.skill("oven-spring", version: "2.0", body: "# Oven\n\nUse the torsion clip.\n")])
        return fixture
    }

    @Test func aYankedVersionIsNeverTheLatest() throws {
        let fixture = try Self.twoVersions()
        let yanked = try fixture.store.yank("oven-spring", label: "2.0", reason: "the clip snaps", by: "alice")
        #expect(yanked.label == "2.0")
        let yank = try #require(yanked.yank)
        #expect(yank.by == "alice" && yank.reason == "the clip snaps" && !yank.at.isEmpty)

        #expect(try fixture.store.version(of: "oven-spring").label == "1.0")
        #expect(try fixture.store.version(try SkillAddress(parsing: "oven-spring")).label == "1.0")
        #expect(try fixture.store.skills().map(\.latestLabel) == ["1.0"])
        // Still there when named, and listed with its yank.
        #expect(try fixture.store.version(of: "oven-spring", label: "2.0").yank == yank)
        #expect(try fixture.store.versions(of: "oven-spring").map { $0.yank != nil } == [true, false])
        #expect(try fixture.store.blob(.id(yanked.id)).bytes.isEmpty == false)
    }

    @Test func searchPassesOverAYankedVersionUnlessAskedForEveryVersion() throws {
        let fixture = try Self.twoVersions()
        #expect(try fixture.store.search(SearchRequest(query: "torsion clip")).map(\.version).contains("2.0"))
        try fixture.store.yank("oven-spring", label: "2.0", reason: "the clip snaps", by: "alice")
        #expect(try fixture.store.search(SearchRequest(query: "torsion clip")).isEmpty)
        #expect(try fixture.store.search(SearchRequest(query: "hinge shim")).map(\.version).contains("1.0"))
        let every = try fixture.store.search(SearchRequest(query: "torsion clip", allVersions: true))
        #expect(every.map(\.version).contains("2.0"))
    }

    @Test func undoingAYankMakesTheNewestVersionLatestAgain() throws {
        let fixture = try Self.twoVersions()
        try fixture.store.yank("oven-spring", label: "2.0", reason: "the clip snaps", by: "alice")
        let restored = try fixture.store.unyank("oven-spring", label: "2.0")
        #expect(restored.yank == nil)
        #expect(try fixture.store.version(of: "oven-spring").label == "2.0")
        #expect(try fixture.store.search(SearchRequest(query: "torsion clip")).map(\.version).contains("2.0"))
        // Undoing what is not yanked changes nothing.
        #expect(try fixture.store.unyank("oven-spring", label: "1.0").yank == nil)
    }

    @Test func yankingAnOlderVersionLeavesTheLatestAlone() throws {
        let fixture = try Self.twoVersions()
        try fixture.store.yank("oven-spring", label: "1.0", reason: "wrong shim size", by: "alice")
        #expect(try fixture.store.version(of: "oven-spring").label == "2.0")
        try fixture.store.unyank("oven-spring", label: "1.0")
        #expect(try fixture.store.version(of: "oven-spring").label == "2.0")
    }

    @Test func aSkillWithEveryVersionYankedHasNoLatestButIsStillListed() throws {
        let fixture = try StoreFixture()
        try fixture.publish([try fixture.skill("lonely")])
        try fixture.store.yank("lonely", label: "1.0", reason: "withdrawn", by: "alice")
        do {
            _ = try fixture.store.version(of: "lonely")
            Issue.record("a skill with every version yanked had a latest")
        } catch let error as SkillStoreError {
            #expect(error.description.contains("yanked"), "\(error)")
        }
        #expect(try fixture.store.version(of: "lonely", label: "1.0").yank?.reason == "withdrawn")
        #expect(try fixture.store.skills().map(\.name) == ["lonely"])
        #expect(try fixture.store.search(SearchRequest(query: "lonely", kind: .skill)).isEmpty)
    }

    @Test func aNewVersionPublishedAfterAYankIsTheLatest() throws {
        let fixture = try Self.twoVersions()
        try fixture.store.yank("oven-spring", label: "2.0", reason: "the clip snaps", by: "alice")
        try fixture.publish([try fixture.skill("oven-spring", version: "2.1", body: "# Oven\n\nUse the steel clip.\n")])
        #expect(try fixture.store.version(of: "oven-spring").label == "2.1")
    }

    @Test func aSecondYankKeepsTheFirstRecord() throws {
        let fixture = try Self.twoVersions()
        let first = try fixture.store.yank("oven-spring", label: "2.0", reason: "the clip snaps", by: "alice").yank
        let second = try fixture.store.yank("oven-spring", label: "2.0", reason: "other reason", by: "bob").yank
        #expect(second == first)
    }

    @Test func aYankNeedsAReasonAndAVersionThatExists() throws {
        let fixture = try Self.twoVersions()
        #expect(throws: UsageProblem.self) { try fixture.store.yank("oven-spring", label: "2.0", reason: "  ", by: "alice") }
        #expect(throws: UsageProblem.self) {
            try fixture.store.yank("oven-spring", label: "2.0", reason: "hidden \u{202E}text", by: "alice")
        }
        #expect(throws: SkillStoreError.self) { try fixture.store.yank("oven-spring", label: "9.9", reason: "x", by: "alice") }
        #expect(try fixture.store.version(of: "oven-spring", label: "2.0").yank == nil)
    }

    @Test func aYankInOneNamespaceLeavesTheSameNameInAnotherAlone() throws {
        let fixture = try StoreFixture()
        try fixture.publish([try fixture.skill("pdf", in: "acme/pdf")], namespace: "acme")
        try fixture.publish([try fixture.skill("pdf", in: "other/pdf")], namespace: "other")
        try fixture.store.yank(SkillKey(namespace: "acme", name: "pdf"), label: "1.0", reason: "broken", by: "alice")
        #expect(try fixture.store.version(of: SkillKey(namespace: "other", name: "pdf")).yank == nil)
        #expect(throws: SkillStoreError.self) { try fixture.store.version(of: SkillKey(namespace: "acme", name: "pdf")) }
    }
}
