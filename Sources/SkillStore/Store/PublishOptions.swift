public struct PublishOptions: Sendable {
    /// A label for every skill of this publish (`--version`), before any other source.
    public var version: String?
    /// Publish the valid skills and report the rest, instead of refusing all.
    public var skipInvalid = false
    /// Refuse every departure from the Agent Skills rules (`--strict`),
    /// instead of recording those that leave a skill identifiable as warnings.
    public var strict = false
    /// Run the safety scan and record its verdict with each bundle. Off
    /// (`--no-scan`), a bulk publish is faster and `scan --all` judges later.
    public var scan = true
    /// Refuse a skill whose scan finds something at or above this severity
    /// (`--refuse-risky`); nil refuses nothing.
    public var refuseRisky: ScanSeverity?
    /// Who publishes, recorded with each new version.
    public var publisher = "unknown"
    /// The skills this publish may write (a server token's scope); any
    /// other skill is refused with `token-scope`.
    public var allowsSkill: @Sendable (SkillKey) -> Bool = { _ in true }
    /// Why a skill outside `allowsSkill` is refused.
    public var scopeDescription = ""
    /// Called at the moments a crash test needs to tell apart: every row
    /// written but the transaction still open, and just after the commit.
    public var checkpoint: @Sendable (PublishCheckpoint) -> Void = { _ in }

    public init() {}
}
