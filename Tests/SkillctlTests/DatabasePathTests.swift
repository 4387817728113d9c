import Foundation
import Testing
import TestSupport

/// skillctl never adopts a file that is not its own, and says which path it refused.
@Suite struct DatabasePathTests {
    @Test(.enabled(if: SystemTool(name: "sqlite3").available, SystemTool(name: "sqlite3").skipReason))
    func anotherProgramsDatabaseIsRefusedAndLeftAlone() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("other.db")
        // Someone else's SQLite database: one table, none of ours.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path.path, "CREATE TABLE notes (x)"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the sqlite3 shell failed to make a database")
        let before = try Data(contentsOf: path)

        for arguments in [["ls"], ["init"], ["publish", folder.path("nothing")]] {
            let result = try Skillctl(database: path).run(arguments)
            #expect(result.status == 3 || result.status == 4, "\(arguments): \(result.stderr)")
        }
        let ls = try Skillctl(database: path).run(["ls"])
        #expect(ls.stderr.contains("is not a SkillStore database"))
        #expect(try Data(contentsOf: path) == before)
    }

    /// A store a newer SkillStore migrated holds rules this binary does not
    /// know (migration 0011 moved one from a trigger into the publish):
    /// refused, for reading and writing, and left as it was.
    @Test(.enabled(if: SystemTool(name: "sqlite3").available, SystemTool(name: "sqlite3").skipReason))
    func aStoreANewerSkillStoreMigratedIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("store.db")
        let skillctl = Skillctl(database: path)
        #expect(try skillctl.run(["init"]).status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path.path,
                             "INSERT INTO schema_migrations (name, applied_at) VALUES ('9999_from_the_future.sql', 'later')"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the sqlite3 shell failed to add a migration")
        let before = try Data(contentsOf: path)
        let skill = try folder.write("oven-spring/SKILL.md", skillMarkdown(name: "oven-spring", body: "# Oven\n\nText.\n"))
        for arguments in [["ls"], ["init"], ["publish", skill.deletingLastPathComponent().path]] {
            let result = try skillctl.run(arguments)
            #expect(result.status == 3, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(
                "\(path.path) was migrated by a newer SkillStore (9999_from_the_future.sql, unknown to this one)"),
                "\(result.stderr)")
        }
        #expect(try Data(contentsOf: path) == before)
    }

    @Test func aFolderOrAFileThatIsNotSQLiteIsRefusedWithItsPath() throws {
        let folder = try TemporaryFolder()
        let junk = try folder.write("junk.db", "not a database\n")
        let asFolder = try Skillctl(database: folder.url).run(["ls"])
        #expect(asFolder.status == 3)
        #expect(asFolder.stderr.contains("is a folder"))
        let asJunk = try Skillctl(database: junk).run(["versions", "x"])
        #expect(asJunk.status == 3)
        #expect(asJunk.stderr.contains("not a SkillStore database"))
    }

    @Test func anEmptyDatabasePathIsAUsageError() throws {
        let result = try ProcessRunner.run(Skillctl.executable, ["--db", "", "init"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--db needs a path"))
    }
}

/// A refused source page leaves no database behind, as a refused skill does.
@Suite struct RefusedSourceTests {
    @Test(arguments: [("https://example.org/page", 4), ("no-scheme", 2)])
    func aRefusedSourceLeavesNoNewDatabase(url: String, status: Int32) throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("page.txt", Data([0x62, 0x61, 0x64, 0x20, 0xFF, 0x0A]))
        let database = folder.url.appendingPathComponent("new.db")
        let result = try Skillctl(database: database).run(["publish", "--source", url, page.path])
        #expect(result.status == status, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: database.path))
    }
}
