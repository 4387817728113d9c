import Foundation
import SkillStore
import Testing
import TestSupport

@testable import skillctl

/// `verify --agent NAME [--user]`: the folder `pull --agent` installed into
/// is verified by the agent's name, with pull's options and usage errors.
@Suite struct VerifyAgentTests {
    let folder: TemporaryFolder
    let skillctl: Skillctl
    let project: URL

    init() throws {
        let setup = try AgentProject()
        (folder, skillctl, project) = (setup.folder, setup.skillctl, setup.project)
    }

    @Test func verifiesTheProjectFolderPullInstalledForTheAgent() throws {
        #expect(try skillctl.run(["pull", "pdf", "--agent", "claude-code"], in: project).status == 0)
        let clean = try skillctl.run(["verify", "--agent", "claude-code"], in: project)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.output.isEmpty)
        #expect(clean.stderr == ".claude/skills matches its lock: 1 skill, 2 files\n")

        try folder.write("project/.claude/skills/pdf/SKILL.md", "edited\n")
        let drifted = try skillctl.run(["verify", "--agent", "claude-code"], in: project)
        #expect(drifted.status == 1)
        // The same report as naming the folder.
        let byFolder = try skillctl.run(["verify", ".claude/skills"], in: project)
        #expect(drifted.output == byFolder.output)
        #expect(drifted.output.hasPrefix("changed  pdf/SKILL.md"), "\(drifted.output)")
        #expect(drifted.stderr == byFolder.stderr)
    }

    @Test func withUserVerifiesTheAgentsFolderInTheHomeDirectory() throws {
        // OpenCode's user folder is not its project folder under the home.
        #expect(try skillctl.run(["pull", "pdf", "--agent", "opencode", "--user"], in: project).status == 0)
        let verified = try skillctl.run(["verify", "--agent", "opencode", "--user", "--json"], in: project)
        #expect(verified.status == 0, "\(verified.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: verified.stdout) as? [String: Any])
        #expect(report["skills"] as? Int == 1)
        // Without --user it is the project's folder, where nothing was pulled.
        let project = try skillctl.run(["verify", "--agent", "opencode"], in: project)
        #expect(project.status == 3, "\(project.stderr)")
        #expect(project.stderr.contains("no lock file at .opencode/skills/skills.lock.json"), "\(project.stderr)")
    }

    @Test func wrongCombinationsAreUsageErrorsAsForPull() throws {
        let both = try skillctl.run(["verify", ".claude/skills", "--agent", "claude-code"], in: project)
        #expect(both.status == 2)
        #expect(both.stderr.contains("DIR and --agent both name the folder to verify; give one"), "\(both.stderr)")

        let unknown = try skillctl.run(["verify", "--agent", "cursr"], in: project)
        let pulled = try skillctl.run(["pull", "pdf", "--agent", "cursr"], in: project)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'cursor'?"), "\(unknown.stderr)")
        #expect(unknown.stderr == pulled.stderr.replacingOccurrences(of: "pull", with: "verify"))

        let userAlone = try skillctl.run(["verify", ".claude/skills", "--user"], in: project)
        #expect(userAlone.status == 2)
        #expect(userAlone.stderr.contains("--user goes with --agent NAME"), "\(userAlone.stderr)")

        var homeless = skillctl
        homeless.environment["HOME"] = ""
        #expect(try homeless.run(["verify", "--agent", "codex", "--user"], in: project).status == 2)
        // Neither DIR nor --agent: what verify always said.
        #expect(try skillctl.run(["verify"], in: project).stderr.contains("verify needs exactly one DIR"))
    }

    @Test func theHelpShowsBothWaysToNameTheFolder() {
        let help = CommandLineTool.helpText(for: VerifyCommand.self)
        #expect(help.contains("skillctl verify DIR\n"), "\(help)")
        #expect(help.contains("skillctl verify --agent NAME [--user]\n"), "\(help)")
        #expect(help.contains("  --agent NAME "), "\(help)")
        #expect(help.contains("  --user "), "\(help)")
        // Pull's declarations, not copies that could drift from them.
        #expect(VerifyCommand.agent.name == PullCommand.agent.name)
        #expect(VerifyCommand.agent.choices == PullCommand.agent.choices)
        #expect(VerifyCommand.user.help == PullCommand.user.help)
    }
}
