import Foundation
import Testing
import TestSupport
import SkillStore

/// A publish is one transaction: killing skillctl mid-publish leaves all of
/// it or none of it, and a store that fsck finds sound.
///
/// Each test stops the publish at a named checkpoint
/// (SKILLSTORE_TEST_PUBLISH_PAUSE), where skillctl says so on standard error
/// and waits, and kills it there: the test knows which side of the commit
/// its kill landed on instead of guessing from a delay.
@Suite struct CrashSafetyTests {
    /// Large enough that the transaction writes megabytes of rows and
    /// full-text index before its commit, not a token one.
    static let packSize = 1500

    @Test func aKillWithEveryRowWrittenButNotCommittedLeavesNothingOfThePack() throws {
        let scene = try Scene()
        let listedWhilePaused = try scene.publishPack(killedAt: "before-commit")
        // The open transaction held the store: another process was told it
        // was busy, or saw it as it was before the publish.
        if listedWhilePaused.status == 0 {
            #expect(try Scene.skillNames(listedWhilePaused) == ["first"])
        } else {
            #expect(listedWhilePaused.stderr.contains("busy"), "\(listedWhilePaused.stderr)")
        }

        let fsck = try scene.skillctl.run(["fsck"])
        #expect(fsck.status == 0, "\(fsck.output)\(fsck.stderr)")
        #expect(try Scene.skillNames(scene.skillctl) == ["first"])
        // The store takes writes again: nothing of the killed publish holds a lock.
        try scene.folder.write("second/SKILL.md", skillMarkdown(name: "second"))
        #expect(try scene.skillctl.run(["publish", scene.folder.path("second")]).status == 0)
        #expect(try Scene.skillNames(scene.skillctl) == ["first", "second"])
    }

    @Test func aKillJustAfterTheCommitLeavesAllOfThePack() throws {
        let scene = try Scene()
        // Another process saw the whole pack before the kill.
        let listedWhilePaused = try scene.publishPack(killedAt: "committed")
        #expect(listedWhilePaused.status == 0, "\(listedWhilePaused.stderr)")
        #expect(try Scene.skillNames(listedWhilePaused).count == Self.packSize + 1)

        let fsck = try scene.skillctl.run(["fsck"])
        #expect(fsck.status == 0, "\(fsck.output)\(fsck.stderr)")
        let names = try Scene.skillNames(scene.skillctl)
        #expect(names.count == Self.packSize + 1)
        #expect(Set(names) == Set(["first"] + (0..<Self.packSize).map { "bulk-\($0)" }))
        // Every file of the pack landed, not only the skill rows.
        let lastNotes = "# Notes \(Self.packSize - 1)\n"
        let last = try scene.skillctl.run(["cat", BlobDigest(of: Array(lastNotes.utf8)).id.hex])
        #expect(last.status == 0, "\(last.stderr)")
        #expect(last.output == lastNotes)
    }

    /// A store holding the skill `first`, and beside it a pack of
    /// `packSize` skills, each with a reference file.
    struct Scene {
        let folder: TemporaryFolder
        let skillctl: Skillctl

        init() throws {
            folder = try TemporaryFolder()
            skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
            try folder.write("first/SKILL.md", skillMarkdown(name: "first"))
            let first = try skillctl.run(["publish", folder.path("first")])
            #expect(first.status == 0, "\(first.stderr)")
            for index in 0..<CrashSafetyTests.packSize {
                let name = "bulk-\(index)"
                let body = String(repeating: "A paragraph about skill \(index) and its rules.\n\n", count: 40)
                try folder.write("pack/\(name)/SKILL.md", skillMarkdown(name: name, body: "# \(name)\n\n\(body)"))
                try folder.write("pack/\(name)/references/notes-\(index).md", "# Notes \(index)\n")
            }
        }

        /// Publishes the pack in a child skillctl paused at `checkpoint`,
        /// lists the store's skills from another process while it waits
        /// there, then kills it with SIGKILL, which no process can catch or
        /// clean up after. Returns what `ls --json` did during the pause.
        func publishPack(killedAt checkpoint: String) throws -> Skillctl.Result {
            let process = Process()
            process.executableURL = Skillctl.executable
            process.arguments = ["--db", skillctl.database.path, "publish", folder.path("pack")]
            var environment = ProcessInfo.processInfo.environment
            environment.removeValue(forKey: "SKILLSTORE_DB")
            environment["SKILLSTORE_TEST_PUBLISH_PAUSE"] = checkpoint
            process.environment = environment
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            defer {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
            }

            // availableData blocks until skillctl writes or exits; the pause
            // lasts 60 s, far longer than any wait here.
            let line = "checkpoint \(checkpoint)\n"
            var said = ""
            while !said.contains(line) {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                said += String(decoding: chunk, as: UTF8.self)
            }
            try #require(said.contains(line), "skillctl never reached \(checkpoint): \(said)")
            try #require(process.isRunning, "skillctl went on past \(checkpoint)")

            let listedWhilePaused = try skillctl.run(["ls", "--json"])

            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(process.terminationStatus == SIGKILL)
            return listedWhilePaused
        }

        /// The names `skillctl ls` lists.
        static func skillNames(_ skillctl: Skillctl) throws -> [String] {
            let list = try skillctl.run(["ls", "--json"])
            #expect(list.status == 0, "\(list.stderr)")
            return try skillNames(list)
        }

        /// The names in the output of `skillctl ls --json`.
        static func skillNames(_ list: Skillctl.Result) throws -> [String] {
            let rows = try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]] ?? []
            return rows.compactMap { $0["name"] as? String }
        }
    }
}
