import Foundation
import Testing
import TestSupport

@testable import skillctl

/// Commands that cannot work against a server refuse `--server` rather than
/// quietly doing their work on the local database, and set aside a
/// SKILLSTORE_SERVER exported for the other commands.
@Suite struct ServerOptionTests {
    /// Nothing listens on port 1: a command that tried the server would fail there.
    static let deadServer = "http://127.0.0.1:1"

    /// A fresh database in its own folder, and its bytes once `init` has closed it.
    struct InitializedStore {
        let folder: TemporaryFolder
        let skillctl: Skillctl

        init() throws {
            folder = try TemporaryFolder()
            skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
            let created = try skillctl.run(["init"])
            try #require(created.status == 0, "init: \(created.stderr)")
        }

        var bytes: Data { get throws { try Data(contentsOf: skillctl.database) } }
    }

    @Test func labelsWithServerIsRefusedAndTheLocalDatabaseIsUntouched() throws {
        let store = try InitializedStore()
        let before = try store.bytes
        let result = try store.skillctl.run(["--server", Self.deadServer, "labels", "--add", "tested=measured"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("skillctl: labels cannot work against a server, so it takes no --server"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let unchanged = try store.bytes == before
        #expect(unchanged, "labels --add changed the local database although --server was given")
        let words = try store.skillctl.run(["labels"])
        #expect(!words.output.contains("tested"), "\(words.output)")
    }

    @Test func fsckWithServerDoesNotReportOK() throws {
        let store = try InitializedStore()
        let result = try store.skillctl.run(["fsck", "--server", Self.deadServer])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(!result.output.contains("ok"), "\(result.output)")
        #expect(result.stderr.contains("fsck cannot work against a server"), "\(result.stderr)")
    }

    @Test(arguments: CommandLineTool.commands.filter { !$0.worksWithServer }.map { $0.name })
    func everyLocalOnlyCommandRefusesServer(_ name: String) throws {
        let folder = try TemporaryFolder()
        let database = folder.url.appendingPathComponent("never-created.db")
        let result = try Skillctl(database: database).run([name, "--server", Self.deadServer], in: folder.url)
        #expect(result.status == 2, "\(name): \(result.stderr)")
        #expect(result.stderr.hasPrefix("skillctl: \(name) cannot work against a server"), "\(name): \(result.stderr)")
        #expect(result.stderr.contains("Run 'skillctl \(name) --help' for its usage."), "\(name): \(result.stderr)")
        // Refused before anything ran: `init` and `serve` would have created it.
        #expect(!FileManager.default.fileExists(atPath: database.path), "\(name) created the database")
    }

    @Test func theRefusalNamesTheCommandsThatDoTakeServer() throws {
        let store = try InitializedStore()
        let result = try store.skillctl.run(["init", "--server", Self.deadServer])
        let takers = CommandLineTool.commands.filter { $0.worksWithServer }.map { $0.name }
        #expect(result.stderr.contains("(the commands that do: \(HelpText.list(takers)))"), "\(result.stderr)")
    }

    @Test func anEnvironmentServerIsSetAsideWithANoteForLocalOnlyCommands() throws {
        let store = try InitializedStore()
        var skillctl = store.skillctl
        skillctl.environment["SKILLSTORE_SERVER"] = Self.deadServer
        let checked = try skillctl.run(["fsck"])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.output.hasSuffix(": ok\n"), "\(checked.output)")
        #expect(
            checked.stderr == "skillctl: note: fsck cannot work against a server; SKILLSTORE_SERVER is ignored\n",
            "\(checked.stderr)")
        let added = try skillctl.run(["labels", "--add", "tested=measured"])
        #expect(added.status == 0, "\(added.stderr)")
        let words = try store.skillctl.run(["labels"])
        #expect(words.output.contains("tested"), "the label went elsewhere than the local database: \(words.output)")
        // --quiet leaves the note out.
        let quiet = try skillctl.run(["fsck", "--quiet"])
        #expect(quiet.status == 0)
        #expect(!quiet.stderr.contains("SKILLSTORE_SERVER"), "\(quiet.stderr)")
    }

    @Test func commandsThatWorkWithAServerStillUseTheEnvironmentsServer() throws {
        let folder = try TemporaryFolder()
        var skillctl = Skillctl(database: folder.url.appendingPathComponent("unused.db"))
        skillctl.environment["SKILLSTORE_SERVER"] = Self.deadServer
        let result = try skillctl.run(["ls"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot reach \(Self.deadServer)"), "\(result.stderr)")
        #expect(!result.stderr.contains("note:"), "\(result.stderr)")
    }
}
