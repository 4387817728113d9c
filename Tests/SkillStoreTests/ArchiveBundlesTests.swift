import Testing
@testable import SkillStore

/// An uploaded archive is read into bundles in memory, as a publish from
/// disk reads the same files from a folder.
@Suite struct ArchiveBundlesTests {
    private func archive(_ files: [(String, String)], executable: Set<String> = []) -> [UInt8] {
        TarArchive.write(files.map { TarArchive.Entry(path: $0.0, bytes: Array($0.1.utf8), executable: executable.contains($0.0)) })
    }

    private func bundles(_ bytes: [UInt8], limits: BundleReader.Limits = .init()) throws -> [SkillBundle] {
        try SkillBundle.bundles(inArchive: bytes, limits: limits).map { try $0.get() }
    }

    @Test func topLevelFoldersArePacksOrSkillsAndFilesAreLoneSkills() throws {
        let found = try bundles(archive([
            ("zeta/SKILL.md", "z"), ("zeta/scripts/run.sh", "r"), ("zeta/references/a.md", "a"),
            ("pack/one/SKILL.md", "1"), ("pack/deeper/two/SKILL.md", "2"), ("pack/deeper/two/nested/SKILL.md", "n"),
            ("lone.md", "l"),
        ], executable: ["zeta/scripts/run.sh"]))
        // The archive's order of top-level names; inside a pack, nearest its
        // top first, then name order, as on disk: a skill nested in
        // another's folder is a skill too, and comes after it.
        #expect(found.map(\.source.path) == ["zeta", "pack/one", "pack/deeper/two", "pack/deeper/two/nested", "lone.md"])
        #expect(found.map(\.source.placeInPack) == ["", "one", "deeper/two", "deeper/two/nested", ""])
        #expect(found.map(\.source.kind) == [.folder, .folder, .folder, .folder, .file])
        #expect(found[0].files.map(\.path) == ["SKILL.md", "references/a.md", "scripts/run.sh"])
        #expect(found[0].files.map(\.executable) == [false, false, true])
        // A SKILL.md below a skill folder stays part of its bundle.
        #expect(found[2].files.map(\.path) == ["SKILL.md", "nested/SKILL.md"])
        #expect(found[3].files.map(\.path) == ["SKILL.md"])
        #expect(found[4].files.map(\.path) == ["SKILL.md"])
        #expect(found[4].files[0].bytes == Array("l".utf8))
    }

    /// A SKILL.md may say where its skill sat in the sender's pack and the
    /// folders above it; records that are not plausible are not believed,
    /// and the archive's own paths are used.
    @Test func forgedPlacesAndFoldersAreNotBelieved() throws {
        func source(place: String?, folders: String?) throws -> SkillSource {
            var attributes: [String: String] = [:]
            attributes[TarArchive.placeKey] = place
            attributes[TarArchive.namingFoldersKey] = folders
            let entry = TarArchive.Entry(path: "7/up/one/two/skill/SKILL.md", bytes: Array("s".utf8), executable: false,
                                         attributes: attributes)
            return try #require(try SkillBundle.bundles(inArchive: TarArchive.write([entry])).first?.get().source)
        }
        let told = try source(place: "plugins/docs/skill", folders: "plugins/docs")
        #expect(told.placeInPack == "plugins/docs/skill" && told.namingFolders == ["plugins", "docs"])
        for forged in ["../../etc/skill", "a//b", "/abs/skill", "a/./b", "tab\there", String(repeating: "x", count: 5000)] {
            let read = try source(place: forged, folders: forged)
            #expect(read.placeInPack == "up/one/two/skill", "\(forged.prefix(20))")
            #expect(read.namingFolders == ["up", "one", "two"], "\(forged.prefix(20))")
        }
        #expect(try source(place: nil, folders: "a/b/c/d").namingFolders == ["up", "one", "two"])
        #expect(try source(place: "", folders: "").placeInPack == "")
    }

    @Test func hiddenNamesAreSkippedAsOnDisk() throws {
        let found = try bundles(archive([
            ("._skill", "x"), (".DS_Store", "x"), ("skill/SKILL.md", "s"), ("skill/.git/config", "c"), ("skill/._SKILL.md", "x"),
        ]))
        #expect(found.map(\.source.path) == ["skill"])
        #expect(found[0].files.map(\.path) == ["SKILL.md"])
        #expect(throws: InputRefused.self) { try bundles(archive([(".hidden/SKILL.md", "s")])) }
    }

    /// A top-level folder whose skills are all in hidden folders is searched
    /// there, as on disk (never in `.git`); beside a skill, they are not.
    @Test func hiddenFoldersAreSearchedWhenNothingElseHoldsASkill() throws {
        let found = try bundles(archive([
            ("only/.claude/skills/tidy/SKILL.md", "t"), ("only/.git/stray/SKILL.md", "g"),
            ("mixed/plain/SKILL.md", "p"), ("mixed/.gemini/copy/SKILL.md", "c"),
        ]))
        #expect(found.map(\.source.path) == ["only/.claude/skills/tidy", "mixed/plain"])
    }

    @Test func aNameThatIsBothAFileAndAFolderIsRefused() throws {
        let error = #expect(throws: InputRefused.self) { try bundles(archive([("a/SKILL.md", "s"), ("a", "file")])) }
        #expect(error?.diagnostics.map(\.code) == ["bundle-archive"])
        #expect(error?.diagnostics.first?.path == "a")
    }

    @Test func aFolderWithoutASkillRefusesTheWholeArchive() throws {
        let error = #expect(throws: InputRefused.self) { try bundles(archive([("good/SKILL.md", "s"), ("empty/notes.md", "n")])) }
        #expect(error?.diagnostics.map(\.path) == ["empty"])
        #expect(error?.diagnostics.map(\.code) == ["skill-missing"])
    }

    @Test func limitsRefuseOneSkillNotTheOthers() throws {
        var limits = BundleReader.Limits()
        limits.maxFileSize = 4
        limits.maxFiles = 2
        let results = try SkillBundle.bundles(
            inArchive: archive([
                ("big/SKILL.md", "12345"), ("many/SKILL.md", "1"), ("many/a", "a"), ("many/b", "b"),
                ("fine/SKILL.md", "1"), ("odd/SKILL.md", "1"), ("odd/bad\\name", "x"),
            ]), limits: limits)
        let codes = results.map { result -> [String] in
            switch result {
            case .success: return []
            case .failure(let refused): return refused.diagnostics.map(\.code)
            }
        }
        #expect(codes == [["file-too-large"], ["bundle-too-large"], [], ["path-invalid"]])
    }

    @Test func theGitLabelTravelsOnTheSkillFile() throws {
        let entries = SkillBundle(
            source: SkillSource(kind: .folder, path: "/somewhere/skill"),
            files: [BundleFile(path: "SKILL.md", bytes: [0x61], executable: false), BundleFile(path: "x.sh", bytes: [], executable: true)],
            gitLabel: .checkout
        ).archiveEntries(named: "skill", gitLabel: .label("git:20261019.abcdef0A"))
        let found = try bundles(TarArchive.write(entries))
        #expect(found.first?.gitLabel == .carried(.label("git:20261019.abcdef0A")))
        #expect(found.first?.derivedGitLabel() == .label("git:20261019.abcdef0A"))
        #expect(found.first?.files == entries.map { BundleFile(path: String($0.path.dropFirst(6)), bytes: $0.bytes, executable: $0.executable) })
        let unlabelled = try bundles(archive([("skill/SKILL.md", "s")]))
        guard case .unavailable = unlabelled[0].derivedGitLabel() else {
            Issue.record("an archive without a git label gave one")
            return
        }
    }
}

/// An archive's paths are the sender's to choose: deep ones are read
/// without recursion, and ones no file system could hold are refused.
@Suite struct ArchivePathLimitTests {
    private func bundles(_ files: [(String, String)]) throws -> [SkillBundle] {
        try SkillBundle.bundles(inArchive: TarArchive.write(files.map {
            TarArchive.Entry(path: $0.0, bytes: Array($0.1.utf8), executable: false)
        })).map { try $0.get() }
    }

    @Test func aSkillTwoThousandFoldersDownIsFound() throws {
        let deep = "pack/" + String(repeating: "d/", count: 2000) + "skill"
        let found = try bundles([(deep + "/SKILL.md", "s"), (deep + "/notes/a.md", "a")])
        #expect(found.map(\.source.path) == [deep])
        #expect(found.first?.files.map(\.path) == ["SKILL.md", "notes/a.md"])
    }

    @Test func aPathOverFourKilobytesOrANameOver255BytesIsRefused() throws {
        let tooDeep = "pack/" + String(repeating: "d/", count: 2100) + "SKILL.md"
        let tooLong = "pack/" + String(repeating: "n", count: 256) + "/SKILL.md"
        for path in [tooDeep, tooLong] {
            let error = #expect(throws: InputRefused.self) { try bundles([("ok/SKILL.md", "s"), (path, "s")]) }
            #expect(error?.diagnostics.map(\.code) == ["bundle-archive"])
            #expect(error?.diagnostics.first?.message.contains("4096") == true)
        }
    }

    @Test func aBadNameInAFolderIsReportedOnceForTheFolder() throws {
        let results = try SkillBundle.bundles(inArchive: TarArchive.write([
            TarArchive.Entry(path: "skill/SKILL.md", bytes: [0x73], executable: false),
            TarArchive.Entry(path: "skill/bad\u{1}dir/f", bytes: [0x66], executable: false),
            TarArchive.Entry(path: "skill/bad\u{1}dir/g", bytes: [0x67], executable: false),
        ]))
        guard case .failure(let refused) = results.first else {
            Issue.record("a control character in a folder name was accepted")
            return
        }
        #expect(refused.diagnostics.map(\.path) == ["skill/bad\u{1}dir"])
    }
}
