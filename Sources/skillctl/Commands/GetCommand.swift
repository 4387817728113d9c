import SkillStore
import SkillStoreAPI

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

    let reference: SkillReference
    let raw: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        reference = try SkillReference(arguments.positionals, command: Self.name)
        raw = arguments.has("--raw")
        if raw && arguments.has("--json") {
            throw UsageError("--raw and --json cannot be combined", command: Self.name)
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        let catalog = try context.catalog()
        let version = try catalog.version(of: reference.name, label: reference.label)
        if context.json {
            context.output.json(version)
        } else if raw {
            context.output.write(try catalog.blob(.id(version.id)).bytes)
        } else {
            context.output.write(ServedText.bytes(of: version, skillFile: try catalog.blob(.id(version.id)).bytes))
        }
        return .success
    }
}
