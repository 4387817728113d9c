/// A scanner rule as data: its id, how severe a plain match is, and the
/// explanation each finding carries. What triggers it lives in the detector
/// that cites it; docs/scan.md lists every rule with an example.
public struct ScanRule: Sendable, Hashable {
    public var id: String
    public var severity: ScanSeverity
    public var explanation: String

    /// A finding of this rule at `position`, at the rule's severity unless
    /// `severity` says otherwise.
    func finding(_ position: ScanPosition, severity: ScanSeverity? = nil) -> ScanFinding {
        ScanFinding(
            rule: id, severity: severity ?? self.severity, file: position.file, line: position.line,
            column: position.column, evidence: position.evidence, explanation: explanation)
    }
}
