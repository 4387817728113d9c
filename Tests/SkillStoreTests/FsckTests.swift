import Testing
import TestSupport
@testable import SkillStore

/// fsck lists every problem it finds; a damaged row is one of them, never
/// the end of the check.
@Suite struct FsckTests {
    @Test func aSizeThatIsNoNumberIsListedAndTheCheckGoesOn() throws {
        let fixture = try StoreFixture()
        _ = try fixture.publish([try fixture.skill("first"), try fixture.skill("second")])
        let first = try fixture.store.version(of: "first")
        let second = try fixture.store.version(of: "second")
        // Not STRICT tables: text passes `CHECK (size >= 0)`.
        try fixture.store.database.query("UPDATE blobs SET size = 'x' WHERE id = ?", [.text(first.id.hex)])
        try fixture.store.database.query("UPDATE version_files SET size = 'y' WHERE blob = ?", [.text(second.id.hex)])
        try fixture.store.database.query("UPDATE blobs SET content = x'00' WHERE id = ?", [.text(first.manifest.hex)])

        let report = try fixture.store.checkIntegrity()
        let messages = report.problems.map(\.message)
        #expect(messages.contains { $0.contains("recorded size 'x' is not a number") }, "\(messages)")
        #expect(messages.contains { $0.contains("not a number ('y'") }, "\(messages)")
        // The blob damaged after the bad rows is still found.
        #expect(report.problems.contains { $0.subject == first.manifest.hex && $0.message.contains("hashes to") }, "\(messages)")
        #expect(report.versionsChecked == 2)
    }
}
