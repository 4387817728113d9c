import SkillStore

struct GetCommand: Command {
    static let name = "get"
    static let summary = "Print a skill by name: its served text form, raw bytes or metadata."
    static let help = """
        Usage: skillctl get NAME[@LABEL] [--raw | --json]

        Prints the latest version of NAME (or the version LABEL) in the served
        text form: a line '<name> <label>', a blank line, a line naming the
        immutable blob URL, a blank line, then the SKILL.md's exact bytes.

        Options:
          --raw   print only the SKILL.md's bytes
          --json  print the version's metadata: label, ids, files, publisher
        """
    static let flags: Set<String> = ["--raw"]

    let name: String
    let label: String?
    let raw: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1, let reference = arguments.positionals.first else {
            throw UsageError("get needs exactly one NAME or NAME@LABEL", command: Self.name)
        }
        if let at = reference.firstIndex(of: "@") {
            name = String(reference[..<at])
            label = String(reference[reference.index(after: at)...])
        } else {
            name = reference
            label = nil
        }
        if label == "" {
            throw UsageError("'\(reference)' has an empty label after '@'", command: Self.name)
        }
        if let problem = SkillName.problem(with: name) {
            throw UsageError("'\(name)' is not a skill name: it \(problem)", command: Self.name)
        }
        raw = arguments.has("--raw")
        if raw && arguments.has("--json") {
            throw UsageError("--raw and --json cannot be combined", command: Self.name)
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        let store = try context.openForReading()
        let version = try store.version(of: name, label: label)
        if context.json {
            context.output.json(version)
        } else if raw {
            context.output.write(try store.blob(.id(version.id)).bytes)
        } else {
            context.output.write(try store.servedText(of: version))
        }
        return .success
    }
}
