import Foundation
import SkillStore
import Testing
import TestSupport

@testable import skillctl

/// The completion scripts offer the agent names after `--agent`, for every
/// command that takes it, in every shell, from the one list in SkillAgent.
@Suite struct AgentCompletionTests {
    static let names = SkillAgent.all.map(\.name)
    static let commandsWithAgent = ["pull", "verify"]

    @Test func anOptionWithChoicesCompletesThem() {
        #expect(PullCommand.agent.valueCompletion == .words(Self.names))
        #expect(VerifyCommand.agent.valueCompletion == .words(Self.names))
        // The placeholder alone still decides for an option without choices.
        #expect(PullCommand.to.valueCompletion == .directories)
        #expect(Option.value("--x", "NAME", "x").valueCompletion == .anything)
        #expect(Option.flag("--y", "y").valueCompletion == nil)
        // The help shows the placeholder, not the list.
        #expect(PullCommand.agent.usage == "--agent NAME")
    }

    @Test func bashOffersTheAgentNames() throws {
        let folder = try TemporaryFolder()
        let offers = try CompletionScriptTests.bashOffers([
            ["skillctl", "pull", "pdf", "--agent", ""],
            ["skillctl", "verify", "--agent", ""],
            ["skillctl", "verify", "--agent", "c"],
            ["skillctl", "pull", "pdf", "--agent", "=", "co"],
            ["skillctl", "verify", "--agent=go"],
            ["skillctl", "verify", "--agent", "goose", ""],
        ], in: folder)
        #expect(offers[0] == Self.names)
        #expect(offers[1] == Self.names)
        #expect(offers[2] == ["claude-code", "codex", "cursor"])
        #expect(offers[3] == ["codex"])
        #expect(offers[4] == ["--agent=goose"])
        // After the value, verify's DIR: folders (none here).
        #expect(offers[5] == [])
    }

    /// The `_arguments` call of `command`'s case in the zsh script.
    static func zshCase(_ command: String, in script: String) -> Substring? {
        guard let start = script.range(of: "\n                \(command))\n"),
              let end = script.range(of: " ;;", range: start.upperBound..<script.endIndex)
        else { return nil }
        return script[start.upperBound..<end.lowerBound]
    }

    @Test func zshOffersTheAgentNames() throws {
        let script = Shell.zsh.completionScript()
        let action = ":NAME:(\(Self.names.joined(separator: " ")))'"
        for command in Self.commandsWithAgent {
            let arguments = try #require(Self.zshCase(command, in: script), "no case for \(command)")
            let agent = try #require(arguments.split(separator: "\n").first { $0.contains("'--agent=[") }, "\(command)")
            #expect(agent.contains(action), "\(command): \(agent)")
        }
    }

    @Test(.enabled(if: CompletionScriptTests.fish.available, CompletionScriptTests.fish.skipReason))
    func fishOffersTheAgentNames() throws {
        let folder = try TemporaryFolder()
        let offers = try CompletionScriptTests.fishOffers([
            "skillctl pull pdf --agent ",
            "skillctl verify --agent ",
            "skillctl verify --agent c",
            "skillctl verify --agent=g",
        ], in: folder)
        #expect(offers[0].sorted() == Self.names.sorted())
        #expect(offers[1].sorted() == Self.names.sorted())
        #expect(offers[2].sorted() == ["claude-code", "codex", "cursor"])
        #expect(offers[3].sorted() == ["--agent=gemini-cli", "--agent=github-copilot", "--agent=goose"])
    }
}
