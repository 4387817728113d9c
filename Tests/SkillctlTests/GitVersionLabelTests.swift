import Foundation
import Testing
import TestSupport

/// A skill committed in a clean git checkout gets `git:<YYYYMMDD>.<sha7><A|M>`.
@Suite struct GitVersionLabelTests {
    /// Runs git in `folder` with a fixed identity and commit dates.
    func git(_ arguments: [String], in folder: URL, date: String = "2026-10-19T12:00:00+02:00") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_AUTHOR_NAME"] = "Test"
        environment["GIT_AUTHOR_EMAIL"] = "test@example.invalid"
        environment["GIT_COMMITTER_NAME"] = "Test"
        environment["GIT_COMMITTER_EMAIL"] = "test@example.invalid"
        environment["GIT_AUTHOR_DATE"] = date
        environment["GIT_COMMITTER_DATE"] = date
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = folder.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func publishedLabel(_ result: Skillctl.Result) throws -> String? {
        let report = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
        return (report?["published"] as? [[String: Any]])?.first?["label"] as? String
    }

    @Test func labelFollowsTheCommitThatLastTouchedTheSkill() throws {
        let folder = try TemporaryFolder()
        let repo = folder.url.appendingPathComponent("pack")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        _ = try git(["init", "-q", "-b", "main"], in: repo)
        // No `version` key: the label must come from git.
        try folder.write("pack/skills/fold-tips/SKILL.md", skillMarkdown(name: "fold-tips", extraFrontMatter: "license: MIT"))
        _ = try git(["add", "."], in: repo)
        _ = try git(["commit", "-q", "-m", "add fold-tips"], in: repo)
        let first = try git(["rev-parse", "HEAD"], in: repo)

        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let skill = folder.path("pack/skills/fold-tips")
        let added = try skillctl.run(["publish", "--json", skill])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try publishedLabel(added) == "git:20261019.\(first.prefix(7))A")

        try folder.write("pack/skills/fold-tips/SKILL.md",
                         skillMarkdown(name: "fold-tips", extraFrontMatter: "license: MIT", body: "# Changed\n"))
        _ = try git(["commit", "-q", "-am", "edit fold-tips"], in: repo, date: "2026-11-02T23:30:00-05:00")
        let second = try git(["rev-parse", "HEAD"], in: repo)
        let modified = try skillctl.run(["publish", "--json", skill])
        #expect(modified.status == 0, "\(modified.stderr)")
        // The date is the commit's own, in its own time zone.
        #expect(try publishedLabel(modified) == "git:20261102.\(second.prefix(7))M")

        let versions = try skillctl.run(["versions", "fold-tips", "--json"])
        let list = try JSONSerialization.jsonObject(with: versions.stdout) as? [[String: Any]]
        #expect(list?.map { $0["label"] as? String } == [
            "git:20261102.\(second.prefix(7))M", "git:20261019.\(first.prefix(7))A",
        ])
    }

    /// A server's copy of the skill is in no checkout: the client derives
    /// the label and sends it with the skill, so both stores agree.
    @Test func aRemotePublishCarriesTheLabelALocalOneDerives() throws {
        let folder = try TemporaryFolder()
        let repo = folder.url.appendingPathComponent("pack")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        _ = try git(["init", "-q", "-b", "main"], in: repo)
        try folder.write("pack/fold-tips/SKILL.md", skillMarkdown(name: "fold-tips", extraFrontMatter: "license: MIT"))
        try folder.write("pack/pinned-tips/SKILL.md", skillMarkdown(name: "pinned-tips"))  // declares version 1.0
        _ = try git(["add", "."], in: repo)
        _ = try git(["commit", "-q", "-m", "add"], in: repo)
        let commit = try git(["rev-parse", "HEAD"], in: repo)

        let local = Skillctl(database: folder.url.appendingPathComponent("local.db"))
        #expect(try local.run(["publish", folder.path("pack")]).status == 0)
        let serverStore = Skillctl(database: folder.url.appendingPathComponent("server.db"))
        let secret = try serverStore.run(["token", "create", "ci"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try ServeProcess(database: serverStore.database, arguments: ["--access-log", "off"])
        var client = Skillctl(database: folder.url.appendingPathComponent("unused.db"))
        client.environment["SKILLSTORE_SERVER"] = server.url
        let sent = try client.run(["publish", "--token", secret, "--json", folder.path("pack")])
        #expect(sent.status == 0, "\(sent.stderr)")
        for name in ["fold-tips", "pinned-tips"] {
            let here = try local.run(["versions", name, "--json"])
            let there = try serverStore.run(["versions", name, "--json"])
            let labels = { (result: Skillctl.Result) in
                (try? JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])?.compactMap { $0["label"] as? String }
            }
            #expect(labels(there) == labels(here), "\(name)")
        }
        #expect((try JSONSerialization.jsonObject(with: serverStore.run(["versions", "fold-tips", "--json"]).stdout)
            as? [[String: Any]])?.first?["label"] as? String == "git:20261019.\(commit.prefix(7))A")

        // An empty --version is refused as locally, not read as absent.
        let emptyHere = try local.run(["publish", "--version", "", folder.path("pack/fold-tips")])
        let emptyThere = try client.run(["publish", "--token", secret, "--version", "", folder.path("pack/fold-tips")])
        #expect(emptyThere.status == emptyHere.status && emptyHere.status == 4)
        #expect(emptyThere.stderr == emptyHere.stderr, "\(emptyThere.stderr)")

        // An uncommitted change: the server labels the bundle by its content,
        // and the client's reason reaches the note.
        try folder.write("pack/fold-tips/references/new.md", "# Not committed\n")
        let labelled = try client.run(["publish", "--token", secret, "--json", folder.path("pack/fold-tips")])
        #expect(labelled.status == 0, "\(labelled.stderr)")
        let result = try #require(
            ((try JSONSerialization.jsonObject(with: labelled.stdout) as? [String: Any])?["published"] as? [[String: Any]])?.first)
        #expect(result["label"] as? String == "bundle:\(result["manifest"] as? String ?? "")")
        #expect((result["note"] as? String)?.contains("uncommitted changes") == true, "\(result)")
    }

    @Test func anUncommittedChangeGivesTheContentLabelWithANote() throws {
        let folder = try TemporaryFolder()
        let repo = folder.url.appendingPathComponent("pack")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        _ = try git(["init", "-q", "-b", "main"], in: repo)
        try folder.write("pack/fold-tips/SKILL.md", skillMarkdown(name: "fold-tips", extraFrontMatter: "license: MIT"))
        _ = try git(["add", "."], in: repo)
        _ = try git(["commit", "-q", "-m", "add"], in: repo)
        try folder.write("pack/fold-tips/references/new.md", "# Not committed\n")

        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let result = try skillctl.run(["publish", folder.path("pack/fold-tips")])
        #expect(result.status == 0, "\(result.stderr)")
        let version = try #require(
            (try JSONSerialization.jsonObject(with: skillctl.run(["versions", "fold-tips", "--json"]).stdout) as? [[String: Any]])?.first)
        let manifest = try #require(version["manifest"] as? String)
        #expect(version["label"] as? String == "bundle:\(manifest)")
        #expect(result.output.contains("bundle:\(manifest)"))
        #expect(result.stderr.contains("note: labelled by its content"), "\(result.stderr)")
        #expect(result.stderr.contains("uncommitted changes"))

        // The same files again are the same version; an explicit label still wins.
        let again = try skillctl.run(["publish", folder.path("pack/fold-tips")])
        #expect(again.output.hasPrefix("unchanged"), "\(again.output)")
        let explicit = try skillctl.run(["publish", "--version", "2.0", folder.path("pack/fold-tips")])
        #expect(explicit.status == 0)
        #expect(!explicit.stderr.contains("note:"))
    }

    @Test func outsideGitWithoutAVersionTheLabelComesFromTheContent() throws {
        let folder = try TemporaryFolder()
        try folder.write("fold-tips/SKILL.md", skillMarkdown(name: "fold-tips", extraFrontMatter: "license: MIT"))
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let result = try skillctl.run(["publish", folder.path("fold-tips")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("not inside a git checkout"), "\(result.stderr)")
        // Other files, another label; a label reused for other content is
        // impossible, as each names its own bundle.
        try folder.write("fold-tips/references/more.md", "# More\n")
        let second = try skillctl.run(["publish", folder.path("fold-tips")])
        #expect(second.status == 0, "\(second.stderr)")
        let labels = ((try JSONSerialization.jsonObject(with: skillctl.run(["versions", "fold-tips", "--json"]).stdout)
            as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        #expect(labels.count == 2 && Set(labels).count == 2 && labels.allSatisfy { $0.hasPrefix("bundle:") }, "\(labels)")
    }
}
