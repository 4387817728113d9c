import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// Tar streams, how bundles travel to a server: what we write GNU tar reads,
/// what GNU tar writes we read, and anything but plain files inside the
/// archive is refused.
@Suite struct TarArchiveTests {
    /// Over 100 bytes, so it needs a pax header (ustar's name field holds 100).
    static let longPath = "skill/references/" + String(repeating: "long-folder-name/", count: 6) + "and-a-long-file-name.md"

    static let entries: [TarArchive.Entry] = [
        .init(path: "skill/SKILL.md", bytes: Array("---\nname: skill\n---\n".utf8), executable: false),
        .init(path: "skill/references/deep/nested/notes.md", bytes: Array("# Notes\n".utf8), executable: false),
        .init(path: "skill/scripts/run.sh", bytes: Array("#!/bin/sh\necho hi\n".utf8), executable: true),
        .init(path: "skill/assets/empty.txt", bytes: [], executable: false),
        .init(path: "skill/assets/blob.bin", bytes: (0..<1500).map { UInt8(truncatingIfNeeded: $0 &* 13) }, executable: false),
        .init(path: longPath, bytes: Array("far down\n".utf8), executable: false),
        // ustar's name field exactly full, and one byte over.
        .init(path: "skill/" + String(repeating: "a", count: 91) + ".md", bytes: Array("100\n".utf8), executable: false),
        .init(path: "skill/" + String(repeating: "b", count: 92) + ".md", bytes: Array("101\n".utf8), executable: true),
    ]

    @Test func whatIsWrittenReadsBackTheSame() throws {
        #expect(Self.longPath.utf8.count > 100)
        let archive = TarArchive.write(Self.entries)
        #expect(archive.count % 512 == 0)
        #expect(try TarArchive.read(archive) == Self.entries)
    }

    @Test func pathsAreUTF8AndNeitherFolderNorModeIsNeeded() throws {
        let entries: [TarArchive.Entry] = [
            .init(path: "skill/références/été.md", bytes: Array("é\n".utf8), executable: false),
            .init(path: "skill/" + String(repeating: "é", count: 60) + ".md", bytes: [0xFF, 0x00], executable: false),
        ]
        #expect(try TarArchive.read(TarArchive.write(entries)) == entries)
    }

    @Test func theSameFilesAlwaysGiveTheSameBytes() {
        #expect(TarArchive.write(Self.entries) == TarArchive.write(Self.entries))
        // Two closing blocks of zeros, as POSIX asks.
        #expect(TarArchive.write([]) == [UInt8](repeating: 0, count: 1024))
    }

    @Test func ourRecordsTravelWithTheirFileAndGNUTarStillExtractsIt() throws {
        let entries: [TarArchive.Entry] = [
            .init(path: "skill/SKILL.md", bytes: Array("# S\n".utf8), executable: false,
                  attributes: [TarArchive.gitLabelKey: "git:20261019.abc1234A"]),
            .init(path: "skill/notes.md", bytes: Array("n\n".utf8), executable: false),
            .init(path: Self.longPath, bytes: Array("far\n".utf8), executable: false,
                  attributes: [TarArchive.gitUnavailableKey: "the skill has uncommitted changes in git (?? x)"]),
        ]
        let archive = TarArchive.write(entries)
        let read = try TarArchive.read(archive)
        #expect(read == entries)
        #expect(TarArchive.gitLabel(of: read[0]) == .label("git:20261019.abc1234A"))
        #expect(TarArchive.gitLabel(of: read[1]) == nil)
        #expect(TarArchive.gitLabel(of: read[2]) == .unavailable("the skill has uncommitted changes in git (?? x)"))

        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("ours.tar")
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data(archive).write(to: file)
        _ = try runTar(["-xf", file.path, "-C", out.path])
        for entry in entries {
            #expect(FileManager.default.contents(atPath: out.appendingPathComponent(entry.path).path).map(Array.init) == entry.bytes)
        }
    }

    @Test func aPaxHeaderOverItsLimitIsRefused() throws {
        func entry(valueBytes: Int) -> TarArchive.Entry {
            .init(path: "s/SKILL.md", bytes: [], executable: false,
                  attributes: [TarArchive.gitLabelKey: String(repeating: "x", count: valueBytes)])
        }
        // The record adds its length, a space, the key, `=` and a newline.
        let overhead = "65536 ".utf8.count + TarArchive.gitLabelKey.utf8.count + 2
        let largest = entry(valueBytes: TarArchive.maxPaxHeader - overhead)
        #expect(try TarArchive.read(TarArchive.write([largest])) == [largest])
        #expect(throws: InputRefused.self) { try TarArchive.read(TarArchive.write([entry(valueBytes: TarArchive.maxPaxHeader)])) }
    }

    /// A GNU long name, then a pax header of ours without a path, then the
    /// file: the long name is still the file's.
    @Test func aLongNameOutlivesAPaxHeaderBetweenItAndItsFile() throws {
        let entry = TarArchive.Entry(
            path: "s/SKILL.md", bytes: Array("# S\n".utf8), executable: false, attributes: [TarArchive.gitLabelKey: "1.0"])
        let long = Self.longPath
        var name = Array(long.utf8) + [0]
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ text: String, at offset: Int) { for (index, byte) in text.utf8.enumerated() { block[offset + index] = byte } }
        put("././@LongLink", at: 0)
        put("0000644", at: 100)
        put(String(format: "%011o", name.count), at: 124)
        block[156] = UInt8(ascii: "L")
        put("ustar  ", at: 257)
        put("        ", at: 148)
        put(String(format: "%06o", block.reduce(0) { $0 + Int($1) }) + "\0 ", at: 148)
        name += [UInt8](repeating: 0, count: (512 - name.count % 512) % 512)
        let archive = block + name + TarArchive.write([entry])
        let read = try TarArchive.read(archive)
        #expect(read.map(\.path) == [long])
        #expect(read.first?.attributes == entry.attributes)
    }

    @Test func aLabelThatIsNoVersionLabelIsNotTaken() {
        let entry = TarArchive.Entry(path: "s/SKILL.md", bytes: [], executable: false, attributes: [TarArchive.gitLabelKey: ""])
        guard case .unavailable(let reason) = TarArchive.gitLabel(of: entry) else {
            Issue.record("an empty label was taken")
            return
        }
        #expect(reason.contains("the label sent"))
    }

    // MARK: GNU tar

    @Test func gnuTarListsOurArchive() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("ours.tar")
        try Data(TarArchive.write(Self.entries)).write(to: file)
        let listing = try runTar(["-tvf", file.path]).text
        let lines = listing.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.entries.count)
        for (line, entry) in zip(lines, Self.entries) {
            #expect(line.hasSuffix(" " + entry.path), "\(line)")
            #expect(line.hasPrefix(entry.executable ? "-rwxr-xr-x" : "-rw-r--r--"), "\(line)")
            #expect(line.contains(" \(entry.bytes.count) "), "\(line)")
        }
    }

    @Test func gnuTarExtractsOurArchiveByteForByte() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("ours.tar")
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data(TarArchive.write(Self.entries)).write(to: file)
        _ = try runTar(["-xf", file.path, "-C", out.path])
        for entry in Self.entries {
            let path = out.appendingPathComponent(entry.path).path
            #expect(FileManager.default.contents(atPath: path).map(Array.init) == entry.bytes, "\(entry.path)")
            #expect(FileManager.default.isExecutableFile(atPath: path) == entry.executable, "\(entry.path)")
        }
    }

    @Test(arguments: ["gnu", "pax", "ustar"])
    func weReadWhatGNUTarWrites(format: String) throws {
        let folder = try TemporaryFolder()
        let source = folder.url.appendingPathComponent("source")
        for entry in Self.entries {
            let url = source.appendingPathComponent(entry.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(entry.bytes).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: entry.executable ? 0o755 : 0o644], ofItemAtPath: url.path)
        }
        let archive = try runTar(["--format=\(format)", "-C", source.path, "-cf", "-", "."]).output
        let read = try TarArchive.read(archive)
        #expect(read.sorted { $0.path < $1.path } == Self.entries.sorted { $0.path < $1.path })
    }

    /// GNU's own header ("ustar  ") has no prefix field: with `--incremental`
    /// bytes 345 on hold the access and change times, which are not part of
    /// the name.
    @Test func aGNUHeaderWithTimesWhereUstarHasItsPrefixKeepsItsName() throws {
        let folder = try TemporaryFolder()
        let source = folder.url.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source.appendingPathComponent("skill"), withIntermediateDirectories: true)
        try Data("hi\n".utf8).write(to: source.appendingPathComponent("skill/SKILL.md"))
        let archive = try runTar(["--format=gnu", "--incremental", "-C", source.path, "-cf", "-", "skill/SKILL.md"]).output
        #expect(archive[345] != 0)  // the access time is there
        let paths = try TarArchive.read(archive).map(\.path)
        #expect(paths == ["skill/SKILL.md"])
    }

    // MARK: Refusals

    @Test func aSymlinkIsRefused() throws {
        let folder = try TemporaryFolder()
        let source = folder.url.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source.appendingPathComponent("skill"), withIntermediateDirectories: true)
        try Data("text".utf8).write(to: source.appendingPathComponent("skill/SKILL.md"))
        try FileManager.default.createSymbolicLink(atPath: source.appendingPathComponent("skill/link.md").path, withDestinationPath: "SKILL.md")
        let archive = try runTar(["-C", source.path, "-cf", "-", "."]).output
        let refused = try #require(throws: InputRefused.self) { try TarArchive.read(archive) }
        #expect(refused.diagnostics.map(\.code) == ["bundle-archive"])
        #expect(refused.diagnostics.first?.message.contains("skill/link.md") == true)
    }

    @Test func aHardLinkIsRefused() throws {
        let folder = try TemporaryFolder()
        let source = folder.url.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try Data("text".utf8).write(to: source.appendingPathComponent("a.md"))
        try FileManager.default.linkItem(atPath: source.appendingPathComponent("a.md").path, toPath: source.appendingPathComponent("b.md").path)
        let archive = try runTar(["-C", source.path, "-cf", "-", "a.md", "b.md"]).output
        #expect(throws: InputRefused.self) { try TarArchive.read(archive) }
    }

    @Test(arguments: ["../x", "skill/../../x", "/abs", "/", "./", "skill/./x", ".."])
    func aPathOutsideTheArchiveIsRefused(path: String) throws {
        let archive = TarArchive.write([
            .init(path: "skill/SKILL.md", bytes: Array("ok".utf8), executable: false),
            .init(path: path, bytes: Array("escape".utf8), executable: false),
        ])
        let refused = try #require(throws: InputRefused.self) { try TarArchive.read(archive) }
        #expect(refused.diagnostics.map(\.code) == ["bundle-archive"])
        #expect(refused.diagnostics.first?.path == "request body")
    }

    @Test func aLongPathThatClimbsOutIsRefusedToo() throws {
        let path = "../" + String(repeating: "x/", count: 60) + "SKILL.md"
        let archive = TarArchive.write([.init(path: path, bytes: [], executable: false)])
        #expect(throws: InputRefused.self) { try TarArchive.read(archive) }
    }

    @Test(arguments: [512, 512 + 100, 1024 + 512 + 10, 4 * 512])
    func aTruncatedArchiveIsRefused(keep: Int) throws {
        let whole = TarArchive.write(Self.entries)
        #expect(keep < whole.count)
        #expect(throws: InputRefused.self) { try TarArchive.read(Array(whole.prefix(keep))) }
    }

    @Test func anArchiveWithoutItsClosingBlocksIsRefused() throws {
        let whole = TarArchive.write(Self.entries)
        let refused = try #require(throws: InputRefused.self) { try TarArchive.read(Array(whole.dropLast(1024))) }
        #expect(refused.diagnostics.first?.message.contains("truncated") == true)
    }

    @Test(arguments: [
        [UInt8](repeating: 0x41, count: 1024),
        Array("this is not a tar archive\n".utf8),
        (0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 5) },
    ])
    func garbageIsRefused(bytes: [UInt8]) {
        #expect(throws: InputRefused.self) { try TarArchive.read(bytes) }
    }

    @Test func aDamagedHeaderChecksumIsRefused() throws {
        var archive = TarArchive.write(Self.entries)
        archive[10] ^= 0x01  // a byte of the first name
        let refused = try #require(throws: InputRefused.self) { try TarArchive.read(archive) }
        #expect(refused.diagnostics.first?.message.contains("checksum") == true)
    }

    @Test func aDeviceOrFIFOEntryIsRefused() throws {
        var archive = TarArchive.write([.init(path: "skill/fifo", bytes: [], executable: false)])
        // Retype the entry as a FIFO ('6') and fix its checksum.
        archive[156] = UInt8(ascii: "6")
        for index in 148..<156 { archive[index] = 0x20 }
        let sum = archive[0..<512].reduce(0) { $0 + Int($1) }
        let field = Array(String(sum, radix: 8).utf8)
        let padded = [UInt8](repeating: UInt8(ascii: "0"), count: 6 - field.count) + field + [0, 0x20]
        archive.replaceSubrange(148..<156, with: padded)
        let refused = try #require(throws: InputRefused.self) { try TarArchive.read(archive) }
        #expect(refused.diagnostics.first?.message.contains("not a regular file") == true)
    }
}

// MARK: - Helpers

private struct TarRun {
    var output: [UInt8]
    var text: String { String(decoding: output, as: UTF8.self) }
}

/// Runs the system `tar` (GNU tar on Debian) and returns its standard output.
private func runTar(_ arguments: [String]) throws -> TarRun {
    TarRun(output: try runTool("tar", arguments))
}

/// Damaged pax headers are refused, never a crash (a server reads these).
@Suite struct TarPaxDamageTests {
    /// An archive whose first entry is a pax header holding `records`.
    static func archive(paxRecords records: String) -> [UInt8] {
        let body = Array(records.utf8)
        var header = TarArchive.write([TarArchive.Entry(path: "x", bytes: body, executable: false)])
        header[156] = UInt8(ascii: "x")
        // The checksum covers the type byte: write it again.
        for index in 148..<156 { header[index] = 0x20 }
        let sum = header[0..<512].reduce(0) { $0 + Int($1) }
        let field = Array(String(sum, radix: 8).utf8)
        let padded = [UInt8](repeating: UInt8(ascii: "0"), count: 6 - field.count) + field + [0, 0x20]
        for (index, byte) in padded.enumerated() { header[148 + index] = byte }
        let file = TarArchive.write([TarArchive.Entry(path: "a/SKILL.md", bytes: Array("x".utf8), executable: false)])
        return Array(header.dropLast(1024)) + file
    }

    @Test(arguments: ["1 path=x\n", "99999999999999999999 path=x\n", "3 path=x\n", "13 path=abc\n", "JUNK", "8 path=x\n"])
    func aDamagedPaxRecordIsRefused(records: String) {
        #expect(throws: InputRefused.self) { try TarArchive.read(Self.archive(paxRecords: records)) }
    }

    @Test func aGoodPaxRecordRenamesTheNextEntry() throws {
        let entries = try TarArchive.read(Self.archive(paxRecords: "19 path=b/SKILL.md\n"))
        #expect(entries.map(\.path) == ["b/SKILL.md"])
    }
}
