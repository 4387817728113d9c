/// One thing the scanner found in one file of a skill's bundle. Every field is
/// plain data so a finding can be stored next to the bundle id it judged,
/// together with `SkillScanner.version`.
public struct ScanFinding: Sendable, Codable, Equatable, Hashable {
    /// The rule's id (`download-execute`), stable across scanner versions.
    public var rule: String
    public var severity: ScanSeverity
    /// The file, relative to the skill folder (`scripts/setup.sh`).
    public var file: String
    /// 1-based line and column of the evidence; column counts characters.
    public var line: Int
    public var column: Int
    /// The offending text, with disguising characters escaped and cut to a
    /// bounded length, so a finding can be printed safely.
    public var evidence: String
    /// One line on why it matters.
    public var explanation: String

    public init(rule: String, severity: ScanSeverity, file: String, line: Int, column: Int, evidence: String, explanation: String) {
        self.rule = rule
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.evidence = evidence
        self.explanation = explanation
    }
}

extension ScanFinding {
    /// The finding as a diagnostic under `root` (the skill folder or the
    /// published skill), for tools that read diagnostics: high and critical
    /// are errors, the rest warnings.
    public func diagnostic(under root: String) -> Diagnostic {
        Diagnostic(
            path: root.isEmpty ? file : root + "/" + file, location: SourceLocation(line: line, column: column),
            severity: severity >= .high ? .error : .warning,
            message: "\(severity.rawValue): \(explanation): \(evidence)", code: rule)
    }
}
