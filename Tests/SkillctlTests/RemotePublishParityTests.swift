import Foundation
import SkillStore
import Testing
import TestSupport

/// A publish through a server and a publish on a local database run the
/// same code: the same pack gives the same database, git labels included.
@Suite struct RemotePublishParityTests {
    @Test func aPackPublishedThroughAServerGivesTheSameDatabaseAsALocalPublish() throws {
        let folder = try TemporaryFolder()
        // A git checkout: one skill takes its label from git, one declares
        // it; a nested pack, bundle files (one executable) and a lone SKILL.md.
        try folder.write("repo/pack/from-git/SKILL.md", skillMarkdown(name: "from-git", extraFrontMatter: "", body: "# From git\n\nFold once (*measured*).\n"))
        try folder.write("repo/pack/from-git/references/notes.md", "# Notes\n\nSee [the guide](https://example.org/guide#Folding).\n")
        try folder.write("repo/pack/from-git/scripts/run.sh", "#!/bin/sh\necho fold\n", executable: true)
        try folder.write("repo/pack/declared/SKILL.md", skillMarkdown(name: "declared", extraFrontMatter: "version: 1.2.0"))
        try folder.write("repo/pack/deeper/nested-skill/SKILL.md", skillMarkdown(name: "nested-skill", extraFrontMatter: ""))
        try folder.write("repo/pack/.hidden/SKILL.md", skillMarkdown(name: "hidden"))
        try folder.write("repo/lone/SKILL.md", skillMarkdown(name: "lone-file", extraFrontMatter: ""))
        let repo = folder.url.appendingPathComponent("repo")
        let git = GitVersionLabelTests()
        _ = try git.git(["init", "-q", "-b", "main"], in: repo)
        _ = try git.git(["add", "."], in: repo)
        _ = try git.git(["commit", "-q", "-m", "the pack"], in: repo)
        let paths = [folder.path("repo/pack"), folder.path("repo/lone/SKILL.md")]

        let local = Skillctl(database: folder.url.appendingPathComponent("local.db"))
        let published = try local.run(["publish", "--by", "token:ci"] + paths)
        #expect(published.status == 0, "\(published.stderr)")

        let server = try PublishingServer(in: folder.url)
        let served = server.served
        let sent = try server.client.run(["publish"] + paths)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(server.stop() == 0)

        // What each publish printed names the same skills, labels and ids.
        #expect(sent.output == published.output)
        #expect(published.output.contains("git:"), "\(published.output)")
        let localDump = try dump(local.database)
        let servedDump = try dump(served.database)
        #expect(localDump.count > 20)
        #expect(localDump.count == servedDump.count)
        for (here, there) in zip(localDump, servedDump) where here != there {
            Issue.record("the databases differ:\n  local:  \(here.prefix(300))\n  served: \(there.prefix(300))")
            break
        }
    }

    /// Every row of every table but the tokens, with publish times blanked.
    private func dump(_ database: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", database.path, ".dump"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return text.split(separator: "\n")
            .filter { !$0.contains("INSERT INTO tokens") }
            .map { $0.replacingOccurrences(of: #"'[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z'"#, with: "'TIME'", options: .regularExpression) }
    }
}

/// `--skip-invalid` through a server goes on past a refused skill as a
/// local publish does, whether the server or the client refuses it.
@Suite struct RemoteSkipInvalidTests {
    @Test func aDuplicateIsNamedApartAndABrokenSkillRefusedAsLocally() throws {
        let folder = try TemporaryFolder()
        try folder.write("pack/a/pdf/SKILL.md", skillMarkdown(name: "pdf"))
        try folder.write("pack/b/pdf/SKILL.md", skillMarkdown(name: "pdf", description: "Another pdf skill."))
        try folder.write("pack/c/broken/SKILL.md", "---\nname: broken\nname: broken\n---\n# Named twice\n")
        try folder.write("pack/d/fine/SKILL.md", skillMarkdown(name: "fine"))
        // Copies whose three nearest folders are alike, the last named by its place in the pack.
        for date in ["01", "02", "03", "04", "05"] {
            try folder.write("pack/backups/2026-\(date)/old/plugins/a/pdf/SKILL.md", skillMarkdown(name: "pdf", description: "Copy \(date)."))
        }

        let local = Skillctl(database: folder.url.appendingPathComponent("local.db"))
        let here = try local.run(["publish", "--skip-invalid", "--json", folder.path("pack")])

        let server = try PublishingServer(in: folder.url)
        let client = server.client
        let there = try client.run(["publish", "--skip-invalid", "--json", folder.path("pack")])
        #expect(server.stop() == 0)

        func summary(_ result: Skillctl.Result) throws -> (published: [String], refused: [String]) {
            let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            let published = (report["published"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            let refused = (report["refused"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            return (published, refused.map { String($0.dropFirst(folder.path("pack").count)) })
        }
        #expect(here.status == 1 && there.status == 1, "\(here.stderr)\n\(there.stderr)")
        let (herePublished, hereRefused) = try summary(here)
        let (therePublished, thereRefused) = try summary(there)
        // The second pdf is named apart by its folder, the copies by the
        // folders above them, the last by its place in the pack, on either side.
        let digest = BlobDigest(of: Array("backups/2026-05/old/plugins/a/pdf".utf8)).hex.prefix(8)
        #expect(herePublished == [
            "pdf", "b-pdf", "fine", "plugins-pdf", "a-pdf", "plugins-a-pdf", "old-plugins-a-pdf", "pdf-\(digest)",
        ])
        #expect(therePublished == herePublished)
        #expect(hereRefused.count == 1 && hereRefused.contains { $0.hasPrefix("/c/broken") }, "\(hereRefused)")
        #expect(thereRefused == hereRefused, "\(thereRefused)")
    }

    /// Copies named apart the same way through a server as here: a copy
    /// nested in another skill's folder comes right after that skill on
    /// both sides, and the folders that tell copies apart are those inside
    /// the pack (the server sees numbered folders, and the pack's place on
    /// disk is not the server's to know).
    @Test func copiesAreNamedApartAsLocallyWhereverThePackSits() throws {
        let folder = try TemporaryFolder()
        try folder.write("skills/a/SKILL.md", skillMarkdown(name: "a"))
        try folder.write("skills/a/deep/pdf/SKILL.md", skillMarkdown(name: "pdf"))
        try folder.write("skills/b/pdf/SKILL.md", skillMarkdown(name: "pdf", description: "Another."))
        try folder.write("skills/x/sheet/SKILL.md", skillMarkdown(name: "sheet"))
        try folder.write("skills/x/x/sheet/SKILL.md", skillMarkdown(name: "sheet", description: "Another."))
        try folder.write("skills/c/d/e/memo/SKILL.md", skillMarkdown(name: "memo"))
        try folder.write("skills/x/y/skills/memo/SKILL.md", skillMarkdown(name: "memo", description: "Another."))

        func names(_ result: Skillctl.Result) throws -> [String] {
            let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            return (report["published"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        let local = Skillctl(database: folder.url.appendingPathComponent("local.db"))
        let here = try local.run(["publish", "--json", folder.path("skills")])
        #expect(here.status == 0, "\(here.stderr)")
        let server = try PublishingServer(in: folder.url)
        let client = server.client
        let there = try client.run(["publish", "--json", folder.path("skills")])
        #expect(server.stop() == 0)
        #expect(there.status == 0, "\(there.stderr)")
        // a and the pdf inside it, then b's pdf; the sheet inside x/x is told
        // apart by a folder above it (x is above the first too); the second
        // memo by `skills`, a folder of the pack, whatever the pack's own name.
        #expect(try names(here) == ["a", "pdf", "b-pdf", "sheet", "x-sheet", "memo", "skills-memo"])
        #expect(try names(there) == names(here))
    }

    /// The folders that name copies apart where their pack's do not travel
    /// with each SKILL.md: a pack kept in a hidden folder, lone files, and a
    /// nested skill given before its outer one, or below a path written with
    /// a trailing slash, are named and counted alike here and there.
    @Test func hiddenPacksLoneFilesAndNestedPathsAreNamedAlike() throws {
        let folder = try TemporaryFolder()
        for name in ["other", "pdf", "third"] {
            try folder.write("home/.claude/skills/\(name)/SKILL.md", skillMarkdown(name: "pdf", description: "Copy \(name)."))
        }
        try folder.write("notes/a/guide.md", skillMarkdown(name: "guide"))
        try folder.write("notes/b/howto.md", skillMarkdown(name: "guide", description: "Another."))
        try folder.write("tree/a/SKILL.md", skillMarkdown(name: "outer"))
        try folder.write("tree/a/deep/inner/SKILL.md", skillMarkdown(name: "inner"))
        try folder.write("tree/a/\u{301}x/SKILL.md", skillMarkdown(name: "marked"))
        try folder.write("twin/a/SKILL.md", skillMarkdown(name: "pdf"))
        try folder.write("twin/a/deep/inner/SKILL.md", skillMarkdown(name: "pdf", description: "Another."))
        try folder.write("p/s/SKILL.md", skillMarkdown(name: "s"))
        try folder.write("p/s/.h/inner/SKILL.md", skillMarkdown(name: "hid"))
        try folder.write("q/s/SKILL.md", skillMarkdown(name: "big"))
        try folder.write("q/s/big.bin", Data(repeating: 7, count: 5 << 20))
        try folder.write("q/s/in/SKILL.md", skillMarkdown(name: "in"))

        let server = try PublishingServer(in: folder.url, namespace: "*")
        defer { server.stop() }
        let client = server.client
        func names(_ result: Skillctl.Result) throws -> [String] {
            let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            return (report["published"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        let cases: [(String, [String], [String])] = [
            ("hidden", [folder.path("home/.claude/skills")], ["pdf", "skills-pdf", "claude-skills-pdf"]),
            ("lone", [folder.path("notes/a/guide.md"), folder.path("notes/b/howto.md")], ["guide", "b-guide"]),
            ("slash", [folder.path("tree/a") + "/"], ["outer", "marked", "inner"]),
            // A path inside another's pack is taken where that one's walk finds it.
            ("inner-first", [folder.path("tree/a/deep/inner"), folder.path("tree")], ["outer", "marked", "inner"]),
            ("twin", [folder.path("twin/a/deep/inner"), folder.path("twin")], ["pdf", "deep-pdf"]),
            // Not in its outer skill's bundle (a hidden folder; a refused
            // outer skill): sent on its own.
            ("hidden-given", [folder.path("p/s"), folder.path("p/s/.h/inner")], ["s", "hid"]),
            ("refused-outer", [folder.path("q")], ["in"]),
        ]
        for (label, paths, expected) in cases {
            let local = Skillctl(database: folder.url.appendingPathComponent("\(label).db"))
            let here = try local.run(["publish", "--json", "--skip-invalid", "--namespace", label] + paths)
            #expect(here.status == (label == "refused-outer" ? 1 : 0), "\(label): \(here.stderr)")
            let there = try client.run(["publish", "--json", "--skip-invalid", "--namespace", label] + paths)
            #expect(there.status == here.status, "\(label): \(there.stderr)")
            #expect(try names(here) == expected, "\(label)")
            #expect(try names(there) == names(here), "\(label)")
        }
    }
}
