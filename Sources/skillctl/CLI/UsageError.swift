import SkillStore

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
