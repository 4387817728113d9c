import Foundation
import SkillStore
import Testing
import TestSupport

/// `pull --agent` and `skillctl agents`: each agent's skills land in the
/// folder its documentation names, pinned and verifiable like any pull.
@Suite struct PullAgentTests {
    let folder: TemporaryFolder
    let skillctl: Skillctl

    /// The folders as the agents' documentation gives them (project, user),
    /// written out here rather than read from the table under test.
    static let documented: [String: (project: String, user: String)] = [
        "claude-code": (".claude/skills", ".claude/skills"),
        "codex": (".agents/skills", ".agents/skills"),
        "cursor": (".cursor/skills", ".cursor/skills"),
        "opencode": (".opencode/skills", ".config/opencode/skills"),
        "gemini-cli": (".gemini/skills", ".gemini/skills"),
        "github-copilot": (".github/skills", ".copilot/skills"),
        "goose": (".agents/skills", ".agents/skills"),
    ]

    init() throws {
        let setup = try AgentProject()
        (folder, skillctl) = (setup.folder, setup.skillctl)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: folder.path(path)) }

    @Test func everyAgentGetsTheSkillWhereItLooksAndVerifyPasses() throws {
        #expect(Set(SkillAgent.all.map(\.name)) == Set(Self.documented.keys))
        for (agent, folders) in Self.documented.sorted(by: { $0.key < $1.key }) {
            let project = folder.url.appendingPathComponent("project")
            let pulled = try skillctl.run(["pull", "pdf", "--agent", agent], in: project)
            #expect(pulled.status == 0, "\(agent): \(pulled.stderr)")
            #expect(exists("project/\(folders.project)/pdf/SKILL.md"), "\(agent)")
            #expect(exists("project/\(folders.project)/pdf/scripts/rotate.sh"), "\(agent)")
            #expect(exists("project/\(folders.project)/skills.lock.json"), "\(agent)")
            let verified = try skillctl.run(["verify", folders.project], in: project)
            #expect(verified.status == 0, "\(agent): \(verified.output) \(verified.stderr)")

            let user = try skillctl.run(["pull", "pdf", "--agent", agent, "--user"], in: project)
            #expect(user.status == 0, "\(agent): \(user.stderr)")
            #expect(exists("home/\(folders.user)/pdf/SKILL.md"), "\(agent)")
            let verifiedUser = try skillctl.run(["verify", folder.path("home/\(folders.user)")])
            #expect(verifiedUser.status == 0, "\(agent): \(verifiedUser.output) \(verifiedUser.stderr)")
        }
        // Nothing went into the project for --user, nor into the home without it.
        #expect(!exists("home/.cursor/skills") || exists("project/.cursor/skills"))
        #expect(!exists("project/.copilot"))
        #expect(!exists("home/.github"))
    }

    /// A copy that a publish named apart from another skill of its pack
    /// still declares the shared name in its SKILL.md: pulling it says so,
    /// and says when the folder holds a skill of that name already. A
    /// skill whose SKILL.md declares the name it is installed under says
    /// nothing of it.
    @Test func aCopyNamedApartIsInstalledWithAWarningOfItsDeclaredName() throws {
        try folder.write("pack/pdf/SKILL.md", skillMarkdown(name: "pdf", description: "Rotates pages.", body: "# Pages\n\nRotate.\n"))
        try folder.write(
            "pack/backups/2025-10-19/pdf/SKILL.md",
            skillMarkdown(name: "pdf", description: "Rotates pages, the old way.", body: "# Pages\n\nRotate slowly.\n"))
        let published = try skillctl.run(["publish", "--namespace", "tools", folder.path("pack")])
        #expect(published.status == 0, "\(published.stderr)")
        let target = folder.path("agent")

        let first = try skillctl.run(["pull", "tools/pdf", "--to", target])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stderr.contains("warning"), "\(first.stderr)")

        let copy = try skillctl.run(["pull", "tools/2025-10-19-pdf", "--to", target])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stderr.contains(
            "warning: tools/2025-10-19-pdf@1.0 is installed as \(target)/2025-10-19-pdf, but its SKILL.md names it 'pdf', "
                + "as is \(target)/pdf: an agent may see two skills of that name"), "\(copy.stderr)")
        #expect(exists("agent/2025-10-19-pdf/SKILL.md") && exists("agent/pdf/SKILL.md"))

        // Alone in its folder, the copy's warning names no other skill.
        let alone = try skillctl.run(["pull", "tools/2025-10-19-pdf", "--to", folder.path("other")])
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stderr.contains("but its SKILL.md names it 'pdf'\n"), "\(alone.stderr)")

        // Two copies pulled together, neither under the shared name, each names the other.
        try folder.write(
            "pack/vendor/old/pdf/SKILL.md",
            skillMarkdown(name: "pdf", description: "Rotates pages, vendored.", body: "# Pages\n\nRotate again.\n"))
        let again = try skillctl.run(["publish", "--namespace", "tools", folder.path("pack")])
        #expect(again.status == 0, "\(again.stderr)")
        let copies = try skillctl.run(["ls"]).output.split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0.hasSuffix("-pdf") }
        #expect(copies.count == 2, "\(copies)")
        let both = try skillctl.run(["pull"] + copies + ["--to", folder.path("both")])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stderr.components(separatedBy: "installed now: an agent may see two skills of that name").count == 3,
                "\(both.stderr)")

        // A skill declaring a name that is no id, published under the id it gives, is no copy.
        try folder.write("titled/pdf-tools/SKILL.md", skillMarkdown(name: "PDF Tools", description: "Merges files."))
        #expect(try skillctl.run(["publish", folder.path("titled/pdf-tools")]).status == 0)
        let titled = try skillctl.run(["pull", "pdf-tools", "--to", folder.path("titled-agent")])
        #expect(titled.status == 0, "\(titled.stderr)")
        #expect(!titled.stderr.contains("warning"), "\(titled.stderr)")
    }

    /// An agent's folder is pinned like any other: local edits are kept
    /// unless --force, and --locked reinstalls from the lock written there.
    @Test func anAgentsFolderIsCheckedLikeAnyPull() throws {
        let project = folder.url.appendingPathComponent("project")
        #expect(try skillctl.run(["pull", "pdf", "--agent", "claude-code"], in: project).status == 0)
        try folder.write("project/.claude/skills/pdf/SKILL.md", "edited\n")
        let again = try skillctl.run(["pull", "pdf", "--agent", "claude-code"], in: project)
        #expect(again.status == 1)
        #expect(try String(contentsOfFile: folder.path("project/.claude/skills/pdf/SKILL.md"), encoding: .utf8) == "edited\n")
        #expect(try skillctl.run(["verify", ".claude/skills"], in: project).status != 0)
        let forced = try skillctl.run(["pull", "pdf", "--agent", "claude-code", "--force"], in: project)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try skillctl.run(["verify", ".claude/skills"], in: project).status == 0)
    }

    @Test func wrongCombinationsAreUsageErrors() throws {
        for arguments in [["pull", "pdf", "--agent", "claude"], ["pull", "pdf", "--agent", "cursor", "--to", "x"],
                          ["pull", "pdf", "--user", "--to", "x"]] {
            let outcome = try skillctl.run(arguments, in: folder.url)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(!exists("x"))
        }
        let unknown = try skillctl.run(["pull", "pdf", "--agent", "claude"], in: folder.url)
        #expect(unknown.stderr.contains("claude-code"))
        var homeless = skillctl
        homeless.environment["HOME"] = ""
        #expect(try homeless.run(["pull", "pdf", "--agent", "codex", "--user"], in: folder.url).status == 2)
    }

    @Test func agentsListsEachAgentWithItsFolders() throws {
        let listed = try skillctl.run(["--json", "agents"])
        #expect(listed.status == 0)
        let entries = try #require(try JSONSerialization.jsonObject(with: listed.stdout) as? [[String: String]])
        #expect(entries.map { $0["name"] ?? "" } == SkillAgent.all.map(\.name))
        for entry in entries {
            let documented = try #require(Self.documented[entry["name"] ?? ""])
            #expect(entry["project_folder"] == documented.project)
            #expect(entry["user_folder"] == documented.user)
            #expect(entry["user_path"] == folder.path("home") + "/" + documented.user)
            #expect(entry["source"]?.hasPrefix("https://") == true)
        }
        let text = try skillctl.run(["agents"])
        #expect(text.status == 0)
        #expect(text.output.contains("claude-code     .claude/skills/"))
        #expect(text.output.contains("~/.config/opencode/skills/"))
    }
}
