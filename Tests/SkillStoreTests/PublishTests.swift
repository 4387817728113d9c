import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// Versions are immutable, blobs stored once, and a publish lands whole or not at all.
@Suite struct PublishTests {
    @Test func republishingTheSameBundleIsANoOpThatReportsTheExistingVersion() throws {
        let fixture = try StoreFixture()
        let path = try fixture.skill("fold-tips")
        let first = try fixture.publish([path])
        #expect(first.results.map(\.status) == [.new])

        // Same bytes, even under another explicit label: nothing new.
        let again = try fixture.publish([path]) { $0.version = "9.9" }
        #expect(again.results.map(\.status) == [.unchanged])
        #expect(again.results[0].label == "1.0")
        #expect(again.results[0].sequence == first.results[0].sequence)
        #expect(try fixture.store.versions(of: "fold-tips").count == 1)
    }

    @Test func identicalBytesAreStoredOnce() throws {
        let fixture = try StoreFixture()
        try fixture.skill("one")
        try fixture.write("one/references/shared.md", "same bytes\n")
        try fixture.skill("two")
        try fixture.write("two/references/shared.md", "same bytes\n")
        _ = try fixture.publish([fixture.folder.path])
        let count = try fixture.store.database.queryFirst(
            "SELECT count(*) AS n FROM blobs WHERE id = ?", [.text(BlobDigest(of: Array("same bytes\n".utf8)).id.hex)])
        #expect(try count?.int("n") == 1)
    }

    @Test func aLabelNamesOneContentForever() throws {
        let fixture = try StoreFixture()
        let path = try fixture.skill("fold-tips")
        _ = try fixture.publish([path])
        try fixture.skill("fold-tips", body: "# Different\n")
        #expect {
            try fixture.publish([path])
        } throws: { error in
            (error as? InputRefused)?.diagnostics.first?.code == "version-exists"
        }
        #expect(try fixture.store.version(of: "fold-tips").label == "1.0")
    }

    @Test func latestMeansTheHighestPublishSequenceNotTheHighestLabel() throws {
        let fixture = try StoreFixture()
        let path = try fixture.skill("fold-tips", version: "9.0")
        _ = try fixture.publish([path])
        try fixture.skill("fold-tips", version: "1.0", body: "# Newer\n")
        _ = try fixture.publish([path])
        #expect(try fixture.store.version(of: "fold-tips").label == "1.0")
        #expect(try fixture.store.version(of: "fold-tips", label: "9.0").label == "9.0")
        #expect(try fixture.store.skills().map(\.latestLabel) == ["1.0"])
    }

    @Test func anIDTakenByDifferentBytesIsRefused() throws {
        let fixture = try StoreFixture()
        let path = try fixture.skill("fold-tips")
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path + "/SKILL.md")))
        let real = BlobDigest(of: bytes)
        // A 64-bit prefix collision cannot be found on purpose; plant one.
        let forged = real.id.hex + String(repeating: "0", count: 48)
        try fixture.store.database.query(
            "INSERT INTO blobs (digest, id, size, content) VALUES (?, ?, 1, x'00')", [.text(forged), .text(real.id.hex)])

        #expect {
            try fixture.publish([path])
        } throws: { error in
            let diagnostic = (error as? InputRefused)?.diagnostics.first
            return diagnostic?.code == "blob-id-collision" && diagnostic?.message.contains(real.id.hex) == true
        }
        #expect(try fixture.store.skills().isEmpty)
        let stored = try fixture.store.database.queryFirst("SELECT digest FROM blobs WHERE id = ?", [.text(real.id.hex)])
        #expect(stored?.string("digest") == forged)
    }

    @Test func aSkillRefusedUnderSkipInvalidLeavesNoBlobBehind() throws {
        let fixture = try StoreFixture()
        try fixture.skill("good-one")
        let bad = try fixture.skill("bad-one")
        try fixture.write("bad-one/references/z-last.md", "bytes no other skill has\n")
        // The collision is on the bundle's last file, so SKILL.md comes first.
        let colliding = BlobDigest(of: Array("bytes no other skill has\n".utf8))
        try fixture.store.database.query(
            "INSERT INTO blobs (digest, id, size, content) VALUES (?, ?, 1, x'00')",
            [.text(colliding.id.hex + String(repeating: "0", count: 48)), .text(colliding.id.hex)])

        let report = try fixture.publish([fixture.folder.path]) { $0.skipInvalid = true }
        #expect(report.results.map(\.name) == ["good-one"])
        #expect(report.refused.first?.diagnostics.first?.code == "blob-id-collision")
        let skillBlob = BlobDigest(of: try Array(Data(contentsOf: URL(fileURLWithPath: bad + "/SKILL.md"))))
        #expect(try fixture.store.database.queryFirst("SELECT 1 AS found FROM blobs WHERE id = ?", [.text(skillBlob.id.hex)]) == nil)
    }

    @Test func everyVersionHasAManifestBlobListingItsFiles() throws {
        let fixture = try StoreFixture()
        let path = try fixture.skill("fold-tips")
        try fixture.write("fold-tips/references/notes.md", "# Notes\n")
        try fixture.write("fold-tips/scripts/check.sh", "#!/bin/sh\nexit 0\n", mode: 0o755)
        try fixture.write("fold-tips/.hidden", "not published\n")
        let result = try #require(try fixture.publish([path]).results.first)

        let manifestBytes = try fixture.store.blob(.id(result.manifest)).bytes
        let manifest = try #require(BundleManifest.decode(manifestBytes))
        #expect(manifest.files.map(\.path) == ["SKILL.md", "references/notes.md", "scripts/check.sh"])
        #expect(manifest.files.map(\.executable) == [false, false, true])
        #expect(manifest.files[2].size == 17)
        #expect(manifest.files[0].id == result.id)
        #expect(BlobDigest(of: manifestBytes).id == result.manifest)
        #expect(manifestBytes == manifest.canonicalJSON())

        for entry in manifest.files {
            #expect(BlobDigest(of: try fixture.store.blob(.id(entry.id)).bytes).hex == entry.sha256)
        }
        #expect(try fixture.store.version(of: "fold-tips").files == manifest.files)
    }

    @Test func oneInvalidSkillRefusesTheWholeStrictPublishAndListsEveryError() throws {
        let fixture = try StoreFixture()
        try fixture.skill("good-one")
        try fixture.write("bad-one/SKILL.md", "no front-matter\n")
        try fixture.skill("good-two")
        try fixture.write("bad-two/SKILL.md", "---\nname: bad-two\n---\n")

        #expect {
            try fixture.publish([fixture.folder.path]) { $0.strict = true }
        } throws: { error in
            let codes = (error as? InputRefused)?.diagnostics.map(\.code) ?? []
            return codes.sorted() == ["description-missing", "front-matter-missing"]
        }
        #expect(try fixture.store.skills().isEmpty)

        let report = try fixture.publish([fixture.folder.path]) { $0.skipInvalid = true; $0.strict = true }
        #expect(report.results.map(\.name).sorted() == ["good-one", "good-two"])
        #expect(report.refused.count == 2)
        #expect(try fixture.store.skills().map(\.name) == ["good-one", "good-two"])
    }

    /// Under --strict; a lenient publish names the second apart (LenientPublishTests).
    @Test func twoFoldersWithTheSameSkillNameAreRefused() throws {
        let fixture = try StoreFixture()
        try fixture.write("a/fold-tips/SKILL.md", "---\nname: fold-tips\ndescription: One.\nversion: 1\n---\n")
        try fixture.write("b/fold-tips/SKILL.md", "---\nname: fold-tips\ndescription: Two.\nversion: 1\n---\n")
        #expect {
            try fixture.publish([fixture.folder.path]) { $0.strict = true }
        } throws: { error in
            (error as? InputRefused)?.diagnostics.map(\.code) == ["name-duplicate"]
        }
    }

    @Test func fsckFindsABlobWhoseBytesChanged() throws {
        let fixture = try StoreFixture()
        let path = try fixture.skill("fold-tips")
        let result = try #require(try fixture.publish([path]).results.first)
        #expect(try fixture.store.checkIntegrity().problems.isEmpty)

        try fixture.store.database.query(
            "UPDATE blobs SET content = x'deadbeef' WHERE id = ?", [.text(result.id.hex)])
        let report = try fixture.store.checkIntegrity()
        #expect(report.problems.contains { $0.subject == result.id.hex && $0.message.contains("hashes to") })

        try fixture.store.database.query("DELETE FROM version_files WHERE path = 'SKILL.md'")
        #expect(try fixture.store.checkIntegrity().problems.contains { $0.message.contains("differs from manifest") })
    }

    @Test func migrationsApplyOnceAndAreRecorded() throws {
        let fixture = try StoreFixture()
        #expect(fixture.store.migrationsApplied == SkillStore.migrationNames)
        let reopened = try SkillStore(path: fixture.databasePath)
        #expect(reopened.migrationsApplied.isEmpty)
        #expect(try reopened.appliedMigrations() == SkillStore.migrationNames)
        #expect(SkillStore.migrationNames.first == "0001_init.sql")
    }
}
