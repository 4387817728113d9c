import BlobServer
import Foundation
import Testing
import TestSupport

/// `pull`, `verify` and `outdated` against a live server, as an agent's
/// install would run them.
@Suite(.serialized) struct PullCommandTests {
    /// A server database with a token, and a client pointed at the server.
    final class Setup {
        let folder: TemporaryFolder
        let server: Skillctl
        let serve: ServeProcess
        var client: Skillctl
        let secret: String

        init() throws {
            folder = try TemporaryFolder()
            server = Skillctl(database: folder.url.appendingPathComponent("server.db"))
            let created = try server.run(["token", "create", "author"])
            secret = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
            serve = try ServeProcess(database: server.database, arguments: ["--access-log", "off"])
            client = Skillctl(database: folder.url.appendingPathComponent("client.db"))
            client.environment["SKILLSTORE_SERVER"] = serve.url
            client.environment["SKILLSTORE_TOKEN"] = secret
        }

        /// Writes the skill `field-notes` (version `label`) with references/ and an executable script.
        func writeSkill(label: String, extraClaim: String = "") throws {
            try folder.write(
                "src/field-notes/SKILL.md",
                skillMarkdown(
                    name: "field-notes", extraFrontMatter: "version: \"\(label)\"",
                    body: "# Field notes\n\n*Measured*: the hinge gap is 3 mm.\n\n\(extraClaim)"))
            try folder.write("src/field-notes/references/gaps.md", "# Gaps\n\nTable of gaps.\n")
            try folder.write("src/field-notes/scripts/measure.sh", "#!/bin/sh\necho 3mm\n", executable: true)
        }

        func files(under root: String) throws -> [String: (Data, Bool)] {
            var result: [String: (Data, Bool)] = [:]
            let base = folder.path(root)
            for case let relative as String in FileManager.default.enumerator(atPath: base)! {
                let path = base + "/" + relative
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                result[relative] = (try Data(contentsOf: URL(fileURLWithPath: path)), FileManager.default.isExecutableFile(atPath: path))
            }
            return result
        }
    }

    @Test func pullVerifyAndALockedPullReproduceTheTree() throws {
        let setup = try Setup()
        try setup.writeSkill(label: "1.0")
        let published = try setup.client.run(["publish", setup.folder.path("src/field-notes")])
        #expect(published.status == 0, "\(published.stderr)")

        let pulled = try setup.client.run(["pull", "field-notes", "--to", setup.folder.path("agent")])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        // Every byte and the executable bit, as published.
        let source = try setup.files(under: "src/field-notes")
        let installed = try setup.files(under: "agent/field-notes")
        #expect(Set(installed.keys) == Set(source.keys))
        for (path, (bytes, executable)) in source {
            #expect(installed[path]?.0 == bytes, "\(path)")
            #expect(installed[path]?.1 == executable, "\(path)")
        }
        #expect(installed["scripts/measure.sh"]?.1 == true)

        // The lock names the version, its manifest and every file.
        let lockData = try Data(contentsOf: URL(fileURLWithPath: setup.folder.path("agent/skills.lock.json")))
        let lock = try #require(try JSONSerialization.jsonObject(with: lockData) as? [String: Any])
        let skills = lock["skills"] as? [[String: Any]] ?? []
        #expect(skills.first?["name"] as? String == "field-notes")
        #expect(skills.first?["label"] as? String == "1.0")
        let lockedFiles = (skills.first?["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(lockedFiles == ["SKILL.md", "references/gaps.md", "scripts/measure.sh"])

        let clean = try setup.client.run(["verify", setup.folder.path("agent")])
        #expect(clean.status == 0, "\(clean.output)\(clean.stderr)")
        #expect(clean.output.isEmpty)

        // One edited file: verify reports exactly that file.
        try setup.folder.write("agent/field-notes/references/gaps.md", "# Gaps\n\nEdited by hand.\n")
        let drifted = try setup.client.run(["verify", setup.folder.path("agent"), "--json"])
        #expect(drifted.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: drifted.stdout) as? [String: Any])
        let drift = report["drift"] as? [[String: Any]] ?? []
        #expect(drift.count == 1)
        #expect(drift.first?["kind"] as? String == "changed")
        #expect(drift.first?["path"] as? String == "field-notes/references/gaps.md")

        // An empty folder and the lock: --locked reproduces the tree byte for byte.
        try setup.folder.write("committed/skills.lock.json", lockData)
        let locked = try setup.client.run([
            "pull", "--locked", "--lock", setup.folder.path("committed/skills.lock.json"), "--to", setup.folder.path("fresh"),
        ])
        #expect(locked.status == 0, "\(locked.stderr)")
        let reproduced = try setup.files(under: "fresh")
        #expect(reproduced["skills.lock.json"]?.0 == lockData)
        for (path, (bytes, executable)) in source {
            #expect(reproduced["field-notes/\(path)"]?.0 == bytes, "\(path)")
            #expect(reproduced["field-notes/\(path)"]?.1 == executable, "\(path)")
        }
        #expect(reproduced.count == source.count + 1)

        // The lock inside the folder works as well, and a lock naming bytes the server lacks fails.
        let again = try setup.client.run(["pull", "--locked", "--to", setup.folder.path("fresh")])
        #expect(again.status == 0, "\(again.stderr)")
        let forged = String(decoding: lockData, as: UTF8.self).replacingOccurrences(
            of: (skills.first?["manifest"] as? String) ?? "", with: "0000000000000000")
        try setup.folder.write("forged/skills.lock.json", forged)
        let missing = try setup.client.run(["pull", "--locked", "--to", setup.folder.path("forged")])
        #expect(missing.status == 3, "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.folder.path("forged/field-notes")))
    }

    @Test func pullByIDInstallsTheVersionTheIDBelongsTo() throws {
        let setup = try Setup()
        try setup.writeSkill(label: "1.0")
        #expect(try setup.client.run(["publish", setup.folder.path("src/field-notes")]).status == 0)
        let version = try #require(
            try JSONSerialization.jsonObject(with: setup.server.run(["get", "field-notes", "--json"]).stdout) as? [String: Any])
        for id in [version["id"] as? String ?? "", version["manifest"] as? String ?? ""] {
            let target = "by-\(id)"
            let pulled = try setup.client.run(["pull", id, "--to", setup.folder.path(target)])
            #expect(pulled.status == 0, "\(pulled.stderr)")
            #expect(FileManager.default.fileExists(atPath: setup.folder.path("\(target)/field-notes/scripts/measure.sh")))
        }
        let unknown = try setup.client.run(["pull", "0123456789abcdef", "--to", setup.folder.path("none")])
        #expect(unknown.status == 3)
    }

    @Test func outdatedReportsANewerVersionAndItsClaimChanges() throws {
        let setup = try Setup()
        try setup.writeSkill(label: "1.0")
        #expect(try setup.client.run(["publish", setup.folder.path("src/field-notes")]).status == 0)
        #expect(try setup.client.run(["pull", "field-notes", "--to", setup.folder.path("agent")]).status == 0)
        let current = try setup.client.run(["outdated", setup.folder.path("agent")])
        #expect(current.status == 0)
        #expect(current.output.isEmpty)

        try setup.writeSkill(label: "1.1", extraClaim: "*Judgement*: keep the gap under 4 mm.\n")
        #expect(try setup.client.run(["publish", setup.folder.path("src/field-notes")]).status == 0)
        let outdated = try setup.client.run(["outdated", setup.folder.path("agent"), "--json"])
        #expect(outdated.status == 1)
        let entries = try #require(try JSONSerialization.jsonObject(with: outdated.stdout) as? [[String: Any]])
        #expect(entries.first?["locked"] as? String == "1.0")
        #expect(entries.first?["latest"] as? String == "1.1")
        let changes = entries.first?["changes"] as? [[String: Any]] ?? []
        #expect(changes.contains { $0["kind"] as? String == "claim-added" && ($0["subject"] as? String ?? "").contains("under 4 mm") })
        let text = try setup.client.run(["outdated", setup.folder.path("agent")])
        #expect(text.output.hasPrefix("field-notes  1.0 -> 1.1"))
    }

    /// The real API, except that one blob's bytes are replaced.
    struct TamperingResponder: Responder {
        let inner: Router
        let tampered: String
        func respond(to request: HTTPRequest) -> HTTPResponse {
            if request.path == "/api/v1/blob/\(tampered)" {
                return HTTPResponse(status: 200, headers: [("Content-Type", "text/markdown")], body: Array("# Not it\n".utf8))
            }
            return inner.respond(to: request)
        }
        func isQuick(_ request: HTTPRequest) -> Bool { false }
    }

    @Test func aServerAnsweringWrongBytesMakesPullFailAndWriteNothing() throws {
        let setup = try Setup()
        try setup.writeSkill(label: "1.0")
        #expect(try setup.client.run(["publish", setup.folder.path("src/field-notes")]).status == 0)
        setup.serve.stop()
        let version = try #require(
            try JSONSerialization.jsonObject(with: setup.server.run(["get", "field-notes", "--json"]).stdout) as? [String: Any])
        let files = version["files"] as? [[String: Any]] ?? []
        let script = try #require(files.first { $0["path"] as? String == "scripts/measure.sh" }?["id"] as? String)

        let options = SkillStoreServer.Options(databasePath: setup.server.database.path)
        let real = try SkillStoreServer(options)
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        let lying = HTTPServer(configuration, responder: TamperingResponder(inner: real.router, tampered: script))
        try lying.start()
        defer { lying.stop(grace: 1) }

        var client = setup.client
        client.environment["SKILLSTORE_SERVER"] = "http://127.0.0.1:\(lying.port)"
        let pulled = try client.run(["pull", "field-notes", "--to", setup.folder.path("agent")])
        #expect(pulled.status == 1)
        #expect(pulled.stderr.contains("hash"), "\(pulled.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: setup.folder.path("agent"))) ?? []
        #expect(left.isEmpty, "pull left \(left)")
    }
}
