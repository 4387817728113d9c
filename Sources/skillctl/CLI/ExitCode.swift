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
