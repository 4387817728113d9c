import Foundation
import Testing
import TestSupport

/// A publish is one transaction: killing skillctl mid-publish leaves all of
/// it or none of it, and a store that fsck finds sound.
@Suite struct CrashSafetyTests {
    @Test(arguments: [0.0, 0.15, 0.4])
    func killingAPublishLeavesAllOrNothing(delay: Double) throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        try folder.write("first/SKILL.md", skillMarkdown(name: "first"))
        #expect(try skillctl.run(["publish", folder.path("first")]).status == 0)

        let count = 1500
        for index in 0..<count {
            let name = "bulk-\(index)"
            let body = String(repeating: "A paragraph about skill \(index) and its rules.\n\n", count: 40)
            try folder.write("pack/\(name)/SKILL.md", skillMarkdown(name: name, body: "# \(name)\n\n\(body)"))
            try folder.write("pack/\(name)/references/notes-\(index).md", "# Notes \(index)\n")
        }

        let process = Process()
        process.executableURL = Skillctl.executable
        process.arguments = ["--db", skillctl.database.path, "publish", "--progress", folder.path("pack")]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until the publish is under way, then kill it without warning.
        var seen = ""
        while !seen.contains("publishing") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        Thread.sleep(forTimeInterval: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(seen.contains("publishing"), "no progress seen: \(seen)")
        let killedMidway = process.terminationReason == .uncaughtSignal
        if !killedMidway { print("note: the publish finished before the kill at \(delay)s") }

        let fsck = try skillctl.run(["fsck"])
        #expect(fsck.status == 0, "\(fsck.output)")
        let list = try skillctl.run(["ls", "--json"])
        let names = (try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.count == 1 || names.count == count + 1, "a partial publish landed: \(names.count - 1) of \(count)")
        #expect(names.contains("first"))
        if killedMidway && names.count > 1 { print("note: the kill at \(delay)s came after the commit") }
    }
}
