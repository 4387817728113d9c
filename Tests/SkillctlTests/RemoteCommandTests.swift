import BlobServer
import Foundation
import Testing
import TestSupport

/// `skillctl --server URL` against a live `skillctl serve`: the same output
/// and exit status as the same command on the server's database.
@Suite(.serialized) struct RemoteCommandTests {
    /// Runs `arguments` locally and through the server; both must agree.
    private func expectSameOutput(_ arguments: [String], local: Skillctl, server: ServeProcess) throws {
        var remote = local
        remote.environment["SKILLSTORE_SERVER"] = server.url
        let here = try local.run(arguments)
        let there = try remote.run(arguments)
        #expect(there.status == here.status, "\(arguments): \(there.stderr)")
        #expect(there.output == here.output, "\(arguments)")
        #expect(there.stderr == here.stderr, "\(arguments)")
        #expect(!here.stdout.isEmpty || !here.stderr.isEmpty, "\(arguments) printed nothing")
    }

    @Test func readCommandsPrintWhatTheyPrintLocally() throws {
        let folder = try TemporaryFolder()
        let skillctl = try SearchCommandTests.storeWithSearchPack(in: folder)
        let server = try ServeProcess(database: skillctl.database, arguments: ["--access-log", "off"])
        let commands: [[String]] = [
            ["get", "dough-folding"], ["get", "dough-folding", "--json"], ["get", "dough-folding", "--raw"],
            ["search", "fold"], ["search", "fold", "--json"], ["search", "starter", "--kind", "claim", "--label", "measured"],
            ["search", "\"fold line\" OR crease", "--skill", "dough-*", "--limit", "3"],
            ["claims", "dough-folding"], ["claims", "dough-folding", "--json"], ["claims", "dough-folding", "--rule", "R1"],
            ["rules", "dough-folding"], ["links", "dough-folding"], ["provenance", "dough-folding"],
            ["versions", "dough-folding"], ["ls"], ["ls", "--json"], ["check", "dough-folding"],
            // Not found, alike: exit 3 and the same message.
            ["get", "no-such-skill"], ["claims", "dough-folding@9.9.9"],
        ]
        for command in commands { try expectSameOutput(command, local: skillctl, server: server) }
        let id = try #require(
            (try JSONSerialization.jsonObject(with: skillctl.run(["get", "dough-folding", "--json"]).stdout) as? [String: Any])?["id"]
                as? String)
        try expectSameOutput(["cat", id], local: skillctl, server: server)
        #expect(server.stop() == 0)
        #expect(server.log.contains("stopped"))
    }

    @Test(.enabled(if: Seeds.available, Seeds.skipReason))
    func seedQuestionsAnswerAlikeThroughTheServer() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let publish = try skillctl.run([
            "publish", "--version", "git:20261019.5ff724cA",
            Seeds.path("duo-ergonomics"), Seeds.path("duo-navigation"), Seeds.path("duo-postures"),
        ])
        #expect(publish.status == 0, "\(publish.stderr)")
        let server = try ServeProcess(database: skillctl.database, arguments: ["--access-log", "off"])
        for command in [["get", "duo-ergonomics"], ["search", "buttons on the fold"], ["claims", "duo-ergonomics"]] {
            try expectSameOutput(command, local: skillctl, server: server)
        }
    }

    @Test func publishingThroughTheServerNeedsAToken() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("server.db"))
        let created = try skillctl.run(["token", "create", "ci", "--scope", "team-*"])
        #expect(created.status == 0, "\(created.stderr)")
        let secret = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(secret.hasPrefix("sks_"))
        let listed = try skillctl.run(["token", "list"])
        #expect(listed.output.contains("ci") && listed.output.contains("team-*") && !listed.output.contains(secret))

        try folder.write("pack/team-notes/SKILL.md", skillMarkdown(name: "team-notes"))
        try folder.write("pack/team-notes/scripts/run.sh", "#!/bin/sh\necho notes\n", executable: true)
        let server = try ServeProcess(database: skillctl.database)
        var client = Skillctl(database: folder.url.appendingPathComponent("unused.db"))
        client.environment["SKILLSTORE_SERVER"] = server.url

        let noToken = try client.run(["publish", folder.path("pack/team-notes")])
        #expect(noToken.status == 2)
        #expect(noToken.stderr.contains("needs a token"))
        let badToken = try client.run(["publish", "--token", "sks_wrong", folder.path("pack/team-notes")])
        #expect(badToken.status == 4)
        #expect(badToken.stderr.contains("401"))

        let published = try client.run(["publish", "--token", secret, folder.path("pack/team-notes")])
        #expect(published.status == 0, "\(published.stderr)")
        #expect(published.output.contains("new") && published.output.contains("team-notes"))
        let local = try skillctl.run(["get", "team-notes", "--json"])
        let version = try #require(try JSONSerialization.jsonObject(with: local.stdout) as? [String: Any])
        #expect(version["published_by"] as? String == "token:ci")
        let files = version["files"] as? [[String: Any]] ?? []
        #expect(files.contains { $0["path"] as? String == "scripts/run.sh" && $0["executable"] as? Bool == true })
        #expect(!FileManager.default.fileExists(atPath: folder.path("unused.db")), "a remote publish made a local database")

        // Refused on the server: the diagnostics name the file here, with its line.
        try folder.write("pack/team-broken/SKILL.md", "---\nname: team-broken\ndescription: [oops\nversion: \"1\"\n---\n# x\n")
        let broken = try client.run(["publish", "--token", secret, folder.path("pack/team-broken")])
        #expect(broken.status == 4)
        #expect(broken.stderr.contains(folder.path("pack/team-broken/SKILL.md") + ":3:"), "\(broken.stderr)")

        // Outside the token's scope: refused, nothing stored.
        try folder.write("pack/other-notes/SKILL.md", skillMarkdown(name: "other-notes"))
        let outside = try client.run(["publish", "--token", secret, folder.path("pack/other-notes")])
        #expect(outside.status == 4)
        #expect(outside.stderr.contains("token-scope"))
        #expect(try skillctl.run(["get", "other-notes"]).status == 3)

        #expect(try skillctl.run(["token", "revoke", "ci"]).status == 0)
        let revoked = try client.run(["publish", "--token", secret, "--version", "2", folder.path("pack/team-notes")])
        #expect(revoked.status == 4)
    }

    /// A server that answers every blob with bytes other than those asked for.
    struct LyingServer: Responder {
        func respond(to request: HTTPRequest) -> HTTPResponse {
            HTTPResponse(status: 200, headers: [("Content-Type", "text/markdown")], body: Array("not the bytes\n".utf8))
        }
        func isQuick(_ request: HTTPRequest) -> Bool { true }
    }

    @Test func catOverHTTPRefusesBytesThatDoNotHashToTheID() throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        let server = HTTPServer(configuration, responder: LyingServer())
        try server.start()
        defer { server.stop(grace: 1) }
        let folder = try TemporaryFolder()
        var client = Skillctl(database: folder.url.appendingPathComponent("unused.db"))
        client.environment["SKILLSTORE_SERVER"] = "http://127.0.0.1:\(server.port)"
        let result = try client.run(["cat", "9d4359094e2074e6"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("DIGEST_MISMATCH") || result.stderr.contains("hash"))
    }

    /// Answers every request with a skill list of `size` bytes.
    struct FloodingServer: Responder {
        let size: Int
        func respond(to request: HTTPRequest) -> HTTPResponse {
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: [UInt8](repeating: 0x20, count: size))
        }
        func isQuick(_ request: HTTPRequest) -> Bool { true }
    }

    @Test func anAnswerOverTheLimitIsRefusedUnread() throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        let server = HTTPServer(configuration, responder: FloodingServer(size: 3 << 20))
        try server.start()
        defer { server.stop(grace: 1) }
        let folder = try TemporaryFolder()
        var client = Skillctl(database: folder.url.appendingPathComponent("unused.db"))
        client.environment["SKILLSTORE_SERVER"] = "http://127.0.0.1:\(server.port)"
        client.environment["SKILLSTORE_MAX_ANSWER_MB"] = "2"
        let refused = try client.run(["ls"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("over 2 MB"), "\(refused.stderr)")
        // Under the limit the same answer is read (and is not a skill list).
        client.environment["SKILLSTORE_MAX_ANSWER_MB"] = "4"
        let read = try client.run(["ls"])
        #expect(read.status == 1)
        #expect(read.stderr.contains("not the JSON expected"), "\(read.stderr)")
        // A limit that is not a number of megabytes, or would overflow, is a usage error.
        for bad in ["abc", "0", "256MB", "17592186044416"] {
            client.environment["SKILLSTORE_MAX_ANSWER_MB"] = bad
            let refusedLimit = try client.run(["ls"])
            #expect(refusedLimit.status == 2, "\(bad)")
            #expect(refusedLimit.stderr.contains("SKILLSTORE_MAX_ANSWER_MB takes"), "\(refusedLimit.stderr)")
        }
    }

    @Test func anUnreachableServerIsAClearError() throws {
        let folder = try TemporaryFolder()
        var client = Skillctl(database: folder.url.appendingPathComponent("unused.db"))
        client.environment["SKILLSTORE_SERVER"] = "http://127.0.0.1:1"
        let result = try client.run(["ls"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot reach http://127.0.0.1:1"))
        let bad = try client.run(["ls", "--server", "ftp://x"])
        #expect(bad.status == 2)
    }
}
