import Foundation
import Testing
@testable import SkillStore

/// Installing from a manifest: nothing is written unless every byte checks
/// out, no path leaves the folder, and the lock file is stable.
@Suite struct SkillInstallerTests {
    /// Blobs by id, with a manifest listing `files`.
    struct Blobs {
        var byID: [BlobID: [UInt8]] = [:]
        var manifestID = BlobID(bits: 0)

        init(_ files: [(path: String, bytes: [UInt8], executable: Bool)]) {
            var entries: [BundleManifest.Entry] = []
            for file in files {
                let digest = BlobDigest(of: file.bytes)
                byID[digest.id] = file.bytes
                entries.append(BundleManifest.Entry(
                    path: file.path, size: file.bytes.count, executable: file.executable, id: digest.id, sha256: digest.hex))
            }
            let manifest = BundleManifest(files: entries).canonicalJSON()
            manifestID = BlobDigest(of: manifest).id
            byID[manifestID] = manifest
        }

        func fetch(_ id: BlobID) throws -> [UInt8] {
            guard let bytes = byID[id] else { throw SkillStoreError.notFound("no blob \(id)") }
            return bytes
        }
    }

    private func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("installer-\(UUID().uuidString)").path
    }

    @Test func aSkillIsWrittenWithItsModesAndLocked() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let blobs = Blobs([("SKILL.md", Array("# S\n".utf8), false), ("scripts/run.sh", Array("#!/bin/sh\n".utf8), true)])
        let skill = try SkillInstaller(folder: folder, fetch: blobs.fetch).install(SkillKey("demo"), label: "1", manifestID: blobs.manifestID)
        #expect(FileManager.default.contents(atPath: folder + "/demo/SKILL.md") == Data("# S\n".utf8))
        #expect(FileManager.default.isExecutableFile(atPath: folder + "/demo/scripts/run.sh"))
        #expect(!FileManager.default.isExecutableFile(atPath: folder + "/demo/SKILL.md"))
        #expect(skill.files.map(\.path) == ["SKILL.md", "scripts/run.sh"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["demo"])  // no staging left
    }

    @Test(arguments: ["../escape.md", "/etc/passwd", "a/../../b", "./SKILL.md", "a//b", ""])
    func aManifestPathLeavingTheFolderIsRefused(path: String) throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let blobs = Blobs([("SKILL.md", Array("# S\n".utf8), false), (path, Array("x".utf8), false)])
        #expect(throws: InstallError.self) {
            try SkillInstaller(folder: folder, fetch: blobs.fetch).install(SkillKey("demo"), label: "1", manifestID: blobs.manifestID)
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(!FileManager.default.fileExists(atPath: (folder as NSString).deletingLastPathComponent + "/escape.md"))
    }

    @Test func aNewVersionReplacesTheOldOneWhole() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = Blobs([("SKILL.md", Array("# Old\n".utf8), false), ("references/gone.md", Array("gone".utf8), false)])
        _ = try SkillInstaller(folder: folder, fetch: old.fetch).install(SkillKey("demo"), label: "1", manifestID: old.manifestID)
        let new = Blobs([("SKILL.md", Array("# New\n".utf8), false), ("scripts/run.sh", Array("echo\n".utf8), true)])
        _ = try SkillInstaller(folder: folder, fetch: new.fetch).install(SkillKey("demo"), label: "2", manifestID: new.manifestID)
        #expect(FileManager.default.contents(atPath: folder + "/demo/SKILL.md") == Data("# New\n".utf8))
        #expect(FileManager.default.isExecutableFile(atPath: folder + "/demo/scripts/run.sh"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/demo/references"))
        // Neither the old version nor the staging folder is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["demo"])
    }

    @Test func wrongBytesForAnyFileWriteNothingAndKeepTheOldInstall() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = Blobs([("SKILL.md", Array("# Old\n".utf8), false)])
        _ = try SkillInstaller(folder: folder, fetch: good.fetch).install(SkillKey("demo"), label: "1", manifestID: good.manifestID)

        var bad = Blobs([("SKILL.md", Array("# New\n".utf8), false), ("references/a.md", Array("a".utf8), false)])
        let id = BlobDigest(of: Array("a".utf8)).id
        bad.byID[id] = Array("b".utf8)
        #expect(throws: InstallError.self) {
            try SkillInstaller(folder: folder, fetch: bad.fetch).install(SkillKey("demo"), label: "2", manifestID: bad.manifestID)
        }
        #expect(FileManager.default.contents(atPath: folder + "/demo/SKILL.md") == Data("# Old\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["demo"])
    }

    @Test func aManifestThatIsNotTheOneAskedForIsRefused() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var blobs = Blobs([("SKILL.md", Array("# S\n".utf8), false)])
        blobs.byID[blobs.manifestID] = Array("{\"files\":[],\"format\":\"skillstore.bundle.v1\"}".utf8)
        #expect(throws: InstallError.self) {
            try SkillInstaller(folder: folder, fetch: blobs.fetch).install(SkillKey("demo"), label: "1", manifestID: blobs.manifestID)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/demo"))
    }

    @Test func theLockIsSortedAndStable() throws {
        var lock = SkillLock()
        lock.record(SkillLock.Skill("zeta", label: "1", manifest: BlobID(hex: "00000000000000aa")!, files: [
            SkillLock.File(path: "b.md", size: 1, executable: false, sha256: String(repeating: "b", count: 64)),
            SkillLock.File(path: "SKILL.md", size: 2, executable: false, sha256: String(repeating: "a", count: 64)),
        ]))
        lock.record(SkillLock.Skill("alpha", label: "2", manifest: BlobID(hex: "00000000000000bb")!, files: []))
        lock.record(SkillLock.Skill("zeta", label: "3", manifest: BlobID(hex: "00000000000000cc")!, files: []))
        #expect(lock.skills.map(\.name) == ["alpha", "zeta"])
        #expect(lock.skills[1].label == "3")
        let text = String(decoding: lock.encoded(), as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.range(of: "\"format\"")!.lowerBound < text.range(of: "\"skills\"")!.lowerBound)
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try lock.write(in: folder)
        #expect(try SkillLock.read(in: folder) == lock)
        #expect(try SkillLock.read(in: folder).encoded() == lock.encoded())
    }

    @Test func driftNamesEveryAddedRemovedAndChangedFile() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let blobs = Blobs([
            ("SKILL.md", Array("# S\n".utf8), false), ("a.md", Array("a".utf8), false), ("run.sh", Array("x".utf8), true),
            ("gone.md", Array("g".utf8), false),
        ])
        var lock = SkillLock()
        lock.record(try SkillInstaller(folder: folder, fetch: blobs.fetch).install(SkillKey("demo"), label: "1", manifestID: blobs.manifestID))
        #expect(Drift.find(in: folder, lock: lock).isEmpty)
        try Data("A".utf8).write(to: URL(fileURLWithPath: folder + "/demo/a.md"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder + "/demo/run.sh")
        try FileManager.default.removeItem(atPath: folder + "/demo/gone.md")
        try Data("new".utf8).write(to: URL(fileURLWithPath: folder + "/demo/new.md"))
        try Data("hidden".utf8).write(to: URL(fileURLWithPath: folder + "/demo/.DS_Store"))
        let drift = Drift.find(in: folder, lock: lock)
        #expect(drift.map { "\($0.kind.rawValue) \($0.path)" } == [
            "changed demo/a.md", "removed demo/gone.md", "changed demo/run.sh", "added demo/new.md",
        ])
    }
}

/// Review findings: what a lock may name, links in a pulled folder, and a
/// lock the server's manifest does not match.
@Suite struct SkillLockSafetyTests {
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(arguments: [("../up", "SKILL.md"), ("ok-name", "../../etc/passwd"), ("ok-name", "/abs")])
    func aLockNamingPathsOutsideTheFolderIsRefused(name: String, path: String) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lock = SkillLock(skills: [SkillLock.Skill(SkillKey(name), label: "1", manifest: BlobID(hex: "0000000000000000")!, files: [
            SkillLock.File(path: path, size: 1, executable: false, sha256: String(repeating: "0", count: 64)),
        ])])
        try lock.write(in: dir)
        #expect(throws: InstallError.self) { try SkillLock.read(in: dir) }
    }

    @Test func aLockedFileReplacedByALinkIsReportedEvenWhenTheBytesMatch() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let blobs = SkillInstallerTests.Blobs([("SKILL.md", Array("# S\n".utf8), false)])
        var lock = SkillLock()
        lock.record(try SkillInstaller(folder: dir, fetch: blobs.fetch).install(SkillKey("demo"), label: "1", manifestID: blobs.manifestID))
        let elsewhere = dir + "/elsewhere.md"
        try Data("# S\n".utf8).write(to: URL(fileURLWithPath: elsewhere))
        try FileManager.default.removeItem(atPath: dir + "/demo/SKILL.md")
        try FileManager.default.createSymbolicLink(atPath: dir + "/demo/SKILL.md", withDestinationPath: elsewhere)
        #expect(Drift.find(in: dir, lock: lock).map { "\($0.kind.rawValue) \($0.path)" } == ["changed demo/SKILL.md"])
    }

    @Test func aManifestOtherThanTheLockSaysIsRefusedBeforeAnythingIsWritten() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let blobs = SkillInstallerTests.Blobs([("SKILL.md", Array("# S\n".utf8), false)])
        let other = SkillLock.File(path: "SKILL.md", size: 99, executable: false, sha256: String(repeating: "a", count: 64))
        #expect(throws: InstallError.self) {
            try SkillInstaller(folder: dir, fetch: blobs.fetch)
                .fetch("demo", label: "1", manifestID: blobs.manifestID, expecting: [other])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func whatAnInstallWouldOverwriteIsOnlyTheNamedSkillsLocalWork() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let blobs = SkillInstallerTests.Blobs([("SKILL.md", Array("# S\n".utf8), false)])
        let installer = SkillInstaller(folder: dir, fetch: blobs.fetch)
        var lock = SkillLock()
        for name in ["kept", "edited"] {
            lock.record(try installer.install(SkillKey(name), label: "1", manifestID: blobs.manifestID))
        }
        try Data("# Mine\n".utf8).write(to: URL(fileURLWithPath: dir + "/edited/SKILL.md"))
        try FileManager.default.createDirectory(atPath: dir + "/unlocked", withIntermediateDirectories: true)
        try Data("a file\n".utf8).write(to: URL(fileURLWithPath: dir + "/plain"))

        let overwritten = Drift.overwritten(
            byInstalling: ["kept", "edited", "unlocked", "plain", "absent"], in: dir, lock: lock)
        #expect(overwritten.map { $0.path } == ["edited/SKILL.md", "plain", "unlocked/"])
        #expect(overwritten.map(\.kind) == [Drift.Kind.changed, .changed, .added])
        // Installing only the untouched skill loses nothing.
        #expect(Drift.overwritten(byInstalling: ["kept"], in: dir, lock: lock).isEmpty)
    }

    @Test func aFolderThatCannotHoldSkillsIsSaidInWords() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
        #expect(SkillInstaller.problem(withFolder: dir) == nil)
        #expect(SkillInstaller.problem(withFolder: dir + "/new/deeper") == nil)
        #expect(SkillInstaller.problem(withFolder: dir + "/file") == "is a file, not a folder")
        #expect(SkillInstaller.problem(withFolder: dir + "/file/below")
            == "cannot be created: \(dir)/file is a file, not a folder")
    }

    @Test func aFoundationFileErrorBecomesItsReason() {
        let denied = NSError(domain: NSCocoaErrorDomain, code: CocoaError.Code.fileWriteNoPermission.rawValue)
        #expect(InstallError(cannot: "write", "x/skills.lock.json", denied).description
            == "cannot write x/skills.lock.json: permission denied")
        let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
        #expect(InstallError.reason(posix) == "no space left on device")
    }
}
