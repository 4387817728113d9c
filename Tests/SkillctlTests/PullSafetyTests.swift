import Foundation
import Testing
import TestSupport

/// `pull` over a folder that holds someone's work: local changes are listed
/// and kept unless `--force`, and a `--to` that cannot be a folder is a usage
/// error said in words, not a Foundation error.
@Suite struct PullSafetyTests {
    /// A database holding `field-notes` and a folder it was pulled into, `agent`.
    final class Installed {
        let folder: TemporaryFolder
        let skillctl: Skillctl
        var agent: String { folder.path("agent") }

        init() throws {
            folder = try TemporaryFolder()
            skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
            try folder.write(
                "src/field-notes/SKILL.md",
                skillMarkdown(name: "field-notes", body: "# Field notes\n\n*Measured*: the hinge gap is 3 mm.\n"))
            try folder.write("src/field-notes/references/gaps.md", "# Gaps\n\nTable of gaps.\n")
            let published = try skillctl.run(["publish", folder.path("src/field-notes")])
            #expect(published.status == 0, "\(published.stderr)")
            let pulled = try skillctl.run(["pull", "field-notes", "--to", agent])
            #expect(pulled.status == 0, "\(pulled.stderr)")
        }

        func contents(_ relative: String) -> String? {
            FileManager.default.contents(atPath: folder.path(relative)).map { String(decoding: $0, as: UTF8.self) }
        }

        func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: folder.path(relative)) }
    }

    @Test func pullKeepsAnEditedAddedOrRemovedFileAndListsIt() throws {
        let setup = try Installed()
        let lockBefore = setup.contents("agent/skills.lock.json")
        try setup.folder.write("agent/field-notes/SKILL.md", "edited by hand\n")
        try setup.folder.write("agent/field-notes/notes.md", "mine\n")
        try FileManager.default.removeItem(atPath: setup.folder.path("agent/field-notes/references/gaps.md"))

        for arguments in [["pull", "field-notes", "--to", setup.agent], ["pull", "--locked", "--to", setup.agent]] {
            let refused = try setup.skillctl.run(arguments)
            #expect(refused.status == 1, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("changed  field-notes/SKILL.md"), "\(refused.stderr)")
            #expect(refused.stderr.contains("added    field-notes/notes.md"), "\(refused.stderr)")
            #expect(refused.stderr.contains("removed  field-notes/references/gaps.md"), "\(refused.stderr)")
            #expect(refused.stderr.contains("--force"), "\(refused.stderr)")
            #expect(refused.output.isEmpty)
            // Nothing touched: the edit, the added file and the lock are as they were.
            #expect(setup.contents("agent/field-notes/SKILL.md") == "edited by hand\n")
            #expect(setup.contents("agent/field-notes/notes.md") == "mine\n")
            #expect(!setup.exists("agent/field-notes/references/gaps.md"))
            #expect(setup.contents("agent/skills.lock.json") == lockBefore)
        }

        let json = try setup.skillctl.run(["pull", "field-notes", "--to", setup.agent, "--json"])
        #expect(json.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: [String: Any]])
        let message = report["error"]?["message"] as? String
        #expect(message?.contains("added field-notes/notes.md") == true, "\(json.stderr)")

        let forced = try setup.skillctl.run(["pull", "field-notes", "--to", setup.agent, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(setup.contents("agent/field-notes/SKILL.md")?.contains("hinge gap") == true)
        #expect(!setup.exists("agent/field-notes/notes.md"))
        #expect(setup.exists("agent/field-notes/references/gaps.md"))
        #expect(try setup.skillctl.run(["verify", setup.agent]).status == 0)
    }

    @Test func pullOverAnUnchangedInstallStillWorks() throws {
        let setup = try Installed()
        #expect(try setup.skillctl.run(["pull", "field-notes", "--to", setup.agent]).status == 0)
        #expect(try setup.skillctl.run(["pull", "--locked", "--to", setup.agent]).status == 0)
        // A skill folder deleted whole has nothing to lose: the pull restores it.
        try FileManager.default.removeItem(atPath: setup.folder.path("agent/field-notes"))
        #expect(try setup.skillctl.run(["pull", "field-notes", "--to", setup.agent]).status == 0)
        #expect(setup.exists("agent/field-notes/SKILL.md"))
    }

    @Test func aFolderTheLockDoesNotNameIsNotReplaced() throws {
        let setup = try Installed()
        try setup.folder.write("other/field-notes/SKILL.md", "my own skill\n")
        let refused = try setup.skillctl.run(["pull", "field-notes", "--to", setup.folder.path("other")])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("field-notes/"), "\(refused.stderr)")
        #expect(setup.contents("other/field-notes/SKILL.md") == "my own skill\n")
        #expect(!setup.exists("other/skills.lock.json"))

        // --locked with a lock from elsewhere: judged by the folder's own (absent) lock.
        let locked = try setup.skillctl.run([
            "pull", "--locked", "--lock", setup.folder.path("agent/skills.lock.json"), "--to", setup.folder.path("other"),
        ])
        #expect(locked.status == 1, "\(locked.stderr)")
        #expect(setup.contents("other/field-notes/SKILL.md") == "my own skill\n")

        let forced = try setup.skillctl.run(["pull", "field-notes", "--to", setup.folder.path("other"), "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(setup.contents("other/field-notes/SKILL.md")?.contains("hinge gap") == true)
    }

    @Test func aToThatIsAFileIsAUsageErrorInWords() throws {
        let setup = try Installed()
        try setup.folder.write("README.md", "# Read me\n")
        let onFile = try setup.skillctl.run(["pull", "field-notes", "--to", "README.md"], in: setup.folder.url)
        #expect(onFile.status == 2, "\(onFile.stderr)")
        #expect(onFile.stderr.contains("skillctl: --to README.md is a file, not a folder"), "\(onFile.stderr)")
        #expect(!onFile.stderr.contains("NSCocoaErrorDomain"))
        #expect(setup.contents("README.md") == "# Read me\n")

        let below = try setup.skillctl.run(["pull", "--locked", "--lock", setup.folder.path("agent/skills.lock.json"),
                                            "--to", "README.md/skills"], in: setup.folder.url)
        #expect(below.status == 2, "\(below.stderr)")
        #expect(below.stderr.contains("--to README.md/skills cannot be created: README.md is a file, not a folder"), "\(below.stderr)")
        #expect(!below.stderr.contains("Error Domain"))
    }

    @Test func aSkillNameTakenByAFileIsNotReplaced() throws {
        let setup = try Installed()
        try setup.folder.write("plain/field-notes", "a file of mine\n")
        let refused = try setup.skillctl.run(["pull", "field-notes", "--to", setup.folder.path("plain")])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("not a folder"), "\(refused.stderr)")
        #expect(setup.contents("plain/field-notes") == "a file of mine\n")
    }

    @Test func anUnwritableLockIsReportedInWords() throws {
        let setup = try Installed()
        // A folder where the lock file should be: the lock cannot be written.
        try FileManager.default.createDirectory(
            atPath: setup.folder.path("blocked/skills.lock.json"), withIntermediateDirectories: true)
        let unread = try setup.skillctl.run(["pull", "--locked", "--lock", setup.folder.path("agent/skills.lock.json"),
                                             "--to", setup.folder.path("blocked")])
        #expect(unread.status == 1, "\(unread.stderr)")
        #expect(unread.stderr.contains("skills.lock.json cannot be read: it is not a file"), "\(unread.stderr)")
        let pulled = try setup.skillctl.run(["pull", "--locked", "--lock", setup.folder.path("agent/skills.lock.json"),
                                             "--to", setup.folder.path("blocked"), "--force"])
        #expect(pulled.status == 1, "\(pulled.stderr)")
        #expect(pulled.stderr.contains("skillctl: cannot write \(setup.folder.path("blocked/skills.lock.json"))"), "\(pulled.stderr)")
        #expect(!pulled.stderr.contains("Error Domain"), "\(pulled.stderr)")

        let verified = try setup.skillctl.run(["verify", setup.folder.path("blocked")])
        #expect(!verified.stderr.contains("Error Domain"), "\(verified.stderr)")
        #expect(verified.stderr.contains("cannot be read"), "\(verified.stderr)")
    }
}
