/// A pull refused because a skill's safety-scan verdict reaches the
/// severity pull refuses (`high`) and `--allow-risky` was not given.
public struct RiskySkillRefused: KindedError, Sendable, CustomStringConvertible {
    /// Each refused skill (`ns/name@label`) with its verdict.
    public var skills: [(skill: String, verdict: ScanSummary)]
    public var kind: FailureKind { .unsafe }

    public init(_ skills: [(skill: String, verdict: ScanSummary)]) { self.skills = skills }

    public var description: String {
        let listed = skills.map { "\($0.skill): \($0.verdict.line)" }.joined(separator: "; ")
        return "the safety scan found risk in \(listed); nothing was written "
            + "('skillctl scan' shows every finding; --allow-risky installs it anyway)"
    }
}
