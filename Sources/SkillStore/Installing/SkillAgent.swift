/// A coding agent that reads Agent Skills from folders, with the two folders
/// its own documentation names: one in a project (relative to the project's
/// root) and one for the user (relative to the home directory). `pull
/// --agent` installs into one of them; the table is the one place these
/// folders are written down, each with the page that documents it.
public struct SkillAgent: Sendable, Equatable, Codable {
    /// Where a skill is installed: for one project, or for every project of the user.
    public enum Scope: String, Sendable, Codable, CaseIterable {
        case project, user
    }

    /// What `--agent` takes (`claude-code`).
    public var name: String
    /// The agent's own name for itself (`Claude Code`).
    public var title: String
    /// Relative to the project's root (`.claude/skills`).
    public var projectFolder: String
    /// Relative to the home directory (`.claude/skills`).
    public var userFolder: String
    /// The documentation that names both folders.
    public var source: String

    /// Every agent `pull --agent` knows, in the order `skillctl agents`
    /// lists them. Where an agent reads several folders (most also read
    /// `.agents/skills` or Claude Code's), the one its documentation gives
    /// as its own is used; each was read on the page in `source`.
    public static let all: [SkillAgent] = [
        SkillAgent(
            name: "claude-code", title: "Claude Code", projectFolder: ".claude/skills", userFolder: ".claude/skills",
            source: "https://code.claude.com/docs/en/skills"),
        // Codex reads .agents/skills from the working directory up to the
        // repository's root, and $HOME/.agents/skills for the user.
        SkillAgent(
            name: "codex", title: "OpenAI Codex", projectFolder: ".agents/skills", userFolder: ".agents/skills",
            source: "https://developers.openai.com/codex/skills"),
        SkillAgent(
            name: "cursor", title: "Cursor", projectFolder: ".cursor/skills", userFolder: ".cursor/skills",
            source: "https://cursor.com/docs/skills"),
        SkillAgent(
            name: "opencode", title: "OpenCode", projectFolder: ".opencode/skills", userFolder: ".config/opencode/skills",
            source: "https://opencode.ai/docs/skills"),
        SkillAgent(
            name: "gemini-cli", title: "Gemini CLI", projectFolder: ".gemini/skills", userFolder: ".gemini/skills",
            source: "https://geminicli.com/docs/cli/using-agent-skills"),
        SkillAgent(
            name: "github-copilot", title: "GitHub Copilot", projectFolder: ".github/skills", userFolder: ".copilot/skills",
            source: "https://docs.github.com/en/copilot/concepts/agents/about-agent-skills"),
        // goose recommends the portable .agents/skills folders; its older
        // .goose/skills is read only for backward compatibility.
        SkillAgent(
            name: "goose", title: "goose", projectFolder: ".agents/skills", userFolder: ".agents/skills",
            source: "https://block.github.io/goose/docs/guides/context-engineering/using-skills"),
    ]

    /// The agent called `name` (as `skillctl agents` lists it), nil for none.
    public static func named(_ name: String) -> SkillAgent? {
        all.first { $0.name == name.lowercased() }
    }

    /// The folder skills are installed into: the project folder under
    /// `project` (the project's root), or the user folder under `home`.
    public func folder(_ scope: Scope, home: String, project: String) -> String {
        switch scope {
        case .project: Self.join(project, projectFolder)
        case .user: Self.join(home, userFolder)
        }
    }

    private static func join(_ base: String, _ relative: String) -> String {
        if base.isEmpty || base == "." { return relative }
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }
}
