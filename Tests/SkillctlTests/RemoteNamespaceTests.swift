import Foundation
import Testing
import TestSupport

/// Namespaces, namespace-scoped tokens and yank through `skillctl --server`
/// against a live server: the same refusals and exit statuses as a local store.
@Suite(.serialized) struct RemoteNamespaceTests {
    /// A server holding `acme/pdf` and `other/pdf`, tokens `acme-ci`
    /// (namespace `acme`) and `plain` (the default namespace), and a client
    /// with no token of its own.
    final class Setup {
        let folder: TemporaryFolder
        let server: Skillctl
        let serve: ServeProcess
        let client: Skillctl
        let acme: String
        let plain: String

        init() throws {
            folder = try TemporaryFolder()
            server = Skillctl(database: folder.url.appendingPathComponent("server.db"))
            for namespace in ["acme", "other"] {
                try folder.write("\(namespace)/pdf/SKILL.md", skillMarkdown(name: "pdf", body: "# \(namespace)\n\nText of \(namespace).\n"))
                #expect(try server.run(["publish", "--namespace", namespace, folder.path("\(namespace)/pdf")]).status == 0)
            }
            acme = try server.run(["token", "create", "acme-ci", "--namespace", "acme"]).output
                .trimmingCharacters(in: .whitespacesAndNewlines)
            plain = try server.run(["token", "create", "plain"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
            serve = try ServeProcess(database: server.database, arguments: ["--access-log", "off"])
            var client = Skillctl(database: folder.url.appendingPathComponent("client.db"))
            client.environment["SKILLSTORE_SERVER"] = serve.url
            self.client = client
        }
    }

    @Test func anAmbiguousNameIsRefusedWithTheCandidatesAsLocally() throws {
        let setup = try Setup()
        let ambiguous = try setup.client.run(["get", "pdf"])
        #expect(ambiguous.status == 2, "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("acme/pdf, other/pdf"), "\(ambiguous.stderr)")
        let qualified = try setup.client.run(["get", "other/pdf"])
        #expect(qualified.status == 0 && qualified.output.hasPrefix("other/pdf 1.0\n"), "\(qualified.stderr)")
        let listed = try setup.client.run(["ls", "--namespace", "acme"])
        #expect(listed.output.contains("acme/pdf") && !listed.output.contains("other/pdf"))
    }

    @Test func aTokenPublishesAndYanksOnlyInItsNamespace() throws {
        let setup = try Setup()
        try setup.folder.write("src/forms/SKILL.md", skillMarkdown(name: "forms"))
        let elsewhere = try setup.client.run(["publish", "--namespace", "other", "--token", setup.acme, setup.folder.path("src/forms")])
        #expect(elsewhere.status == 4, "\(elsewhere.stderr)")
        #expect(elsewhere.stderr.contains("403"))
        let home = try setup.client.run(["publish", "--namespace", "acme", "--token", setup.acme, setup.folder.path("src/forms")])
        #expect(home.status == 0, "\(home.stderr)")
        #expect(home.output.contains("acme/forms"))

        let foreign = try setup.client.run(["yank", "acme/pdf@1.0", "--reason", "broken", "--token", setup.plain])
        #expect(foreign.status == 4, "\(foreign.stderr)")
        #expect(try setup.client.run(["get", "acme/pdf"]).status == 0)
        let yanked = try setup.client.run(["yank", "acme/pdf@1.0", "--reason", "broken", "--token", setup.acme])
        #expect(yanked.status == 0, "\(yanked.stderr)")
        #expect(yanked.stderr.contains("by token:acme-ci"), "\(yanked.stderr)")
        #expect(try setup.client.run(["get", "acme/pdf"]).status == 3)
        let versions = try setup.client.run(["versions", "acme/pdf", "--json"])
        #expect(versions.output.contains("\"reason\" : \"broken\""), "\(versions.output)")
    }

    @Test func aLockedPullFromTheServerInstallsAYankedVersionWithAWarning() throws {
        let setup = try Setup()
        let agent = setup.folder.path("agent")
        #expect(try setup.client.run(["pull", "acme/pdf", "--to", agent]).status == 0)
        #expect(try setup.client.run(["yank", "acme/pdf@1.0", "--reason", "broken", "--token", setup.acme]).status == 0)
        let refused = try setup.client.run(["pull", "acme/pdf", "--to", setup.folder.path("fresh")])
        #expect(refused.status == 3, "\(refused.stderr)")
        let locked = try setup.client.run(["pull", "--locked", "--lock", agent + "/skills.lock.json", "--to", setup.folder.path("copy")])
        #expect(locked.status == 0, "\(locked.stderr)")
        #expect(locked.stderr.contains("warning: acme/pdf@1.0 was yanked"), "\(locked.stderr)")
        #expect(FileManager.default.fileExists(atPath: setup.folder.path("copy/pdf/SKILL.md")))
    }

    @Test func bundlePinsHoldThroughTheServer() throws {
        let setup = try Setup()
        // Two versions of one SKILL.md with different bundle files.
        try setup.folder.write("src/notes/SKILL.md", skillMarkdown(name: "notes", extraFrontMatter: "license: MIT"))
        for (label, gap) in [("1.0", "3 mm"), ("1.1", "4 mm")] {
            try setup.folder.write("src/notes/references/gaps.md", "The gap is \(gap).\n")
            #expect(try setup.server.run(["publish", "--version", label, setup.folder.path("src/notes")]).status == 0)
        }
        let versions = try setup.client.run(["versions", "notes"]).output.split(separator: "\n").dropFirst()
            .map { $0.split(separator: " ").map(String.init) }
        let bundles = versions.map { $0[3] }
        let skillFile = try #require(versions.first?[2])
        #expect(bundles.count == 2 && bundles[0] != bundles[1] && versions[0][2] == versions[1][2])

        let refused = try setup.client.run(["pull", skillFile, "--to", setup.folder.path("agent")])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains(bundles[0]) && refused.stderr.contains(bundles[1]))
        let pinned = try setup.client.run(["pull", bundles[1], "--to", setup.folder.path("agent")])
        #expect(pinned.status == 0, "\(pinned.stderr)")
        #expect(FileManager.default.contents(atPath: setup.folder.path("agent/notes/references/gaps.md")) == Data("The gap is 3 mm.\n".utf8))
    }
}
