/// How much harm a scan finding points at, in increasing order; `--fail-on`
/// compares against it.
public enum ScanSeverity: String, Sendable, Codable, Comparable, CaseIterable {
    case low, medium, high, critical

    public static func < (lhs: ScanSeverity, rhs: ScanSeverity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
