import Glibc
import SkillStore
import SkillStoreMCP

struct MCPCommand: Command {
    static let name = "mcp"
    static let summary = "Serve the store to an agent over MCP on standard input and output."
    static let discussion = """
        Runs a Model Context Protocol server on standard input and output:
        newline-delimited JSON-RPC 2.0, one message per line, until standard
        input ends. It serves every file of the latest version of every skill
        as a resource skill://NAMESPACE/NAME/PATH (the default namespace is
        written 'default': skill://default/pdf/SKILL.md), the Skills
        extension's skills/list, skills/get and resources/directory/read, and
        the tools search_skills, get_skill, skill_provenance, check_skill and
        scan_skill. Nothing else is written to standard output; an agent's
        host starts it (see docs/mcp.md). 'skillctl serve' serves the same
        over HTTP at /mcp.
        """

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.refusePositionals(command: Self.name)
    }

    func run(_ context: Context) throws -> ExitCode {
        let store = try context.openForReading(resident: true)
        // A host that goes away closes the pipe; the write fails, the session ends.
        signal(SIGPIPE, SIG_IGN)
        StdioSession(server: MCPServer(store: store, serverVersion: ToolVersion.release)).run()
        return .success
    }
}
