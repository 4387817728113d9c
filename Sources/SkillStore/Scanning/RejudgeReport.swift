/// What `SkillStore.rejudge` did: how many bundles it judged (their verdict
/// was missing or from another scanner version), how many were already
/// current, and how many of those judged now reach each severity.
public struct RejudgeReport: Sendable, Codable, Equatable {
    public var scannerVersion = SkillScanner.version
    /// Bundles judged by this run.
    public var judged = 0
    /// Bundles whose verdict was already this scanner's.
    public var current = 0
    /// Of the bundles judged now, how many have each highest severity
    /// (`none` for no finding).
    public var highest: [String: Int] = [:]

    public init() {}
}
