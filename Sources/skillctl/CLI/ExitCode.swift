import SkillStore

/// skillctl's exit statuses, as README.md lists them.
enum ExitCode: Int32 {
    case success = 0
    /// The command ran and found problems (fsck, check, publish --skip-invalid).
    case problems = 1
    case usage = 2
    case notFound = 3
    /// The input was refused; nothing was changed.
    case refused = 4

    /// The status for a failure of this kind.
    init(_ kind: FailureKind) {
        self.init(rawValue: kind.exitCode)!
    }
}

/// A mistake in how skillctl was called; exits 2 with the command's usage.
struct UsageError: KindedError, CustomStringConvertible {
    var message: String
    var command: String?

    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    /// Text that names no blob, skill or rule, said as every command says it.
    init(_ invalid: InvalidIdentity, command: String) {
        self.init(invalid.description, command: command)
    }

    var kind: FailureKind { .usage }
    var description: String { message }
}
