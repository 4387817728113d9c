/// What the scanner concluded about one bundle: every finding, the most
/// severe of them, and which scanner judged it. Stored per bundle id, so
/// it describes exact bytes; a verdict from another `SkillScanner.version`
/// is stale and `skillctl scan --all` judges the bundle again.
public struct ScanVerdict: Sendable, Codable, Equatable {
    public var scannerVersion: String
    /// The bundle (manifest) id the verdict is about.
    public var bundle: BlobID
    /// The most severe finding's severity; nil when nothing was found.
    public var highest: ScanSeverity?
    public var findings: [ScanFinding]

    public init(bundle: BlobID, findings: [ScanFinding], scannerVersion: String = SkillScanner.version) {
        self.bundle = bundle
        self.scannerVersion = scannerVersion
        self.findings = findings
        highest = findings.map(\.severity).max()
    }

    /// Whether the scanner that judged it is this binary's.
    public var isCurrent: Bool { scannerVersion == SkillScanner.version }

    /// Whether a finding is at or above `threshold`.
    public func reaches(_ threshold: ScanSeverity) -> Bool { highest.map { $0 >= threshold } ?? false }

    /// The short form versions carry: the highest severity and the top findings.
    public var summary: ScanSummary {
        ScanSummary(scannerVersion: scannerVersion, highest: highest, findingCount: findings.count,
                    top: Array(Self.mostSevereFirst(findings).prefix(ScanSummary.topCount)))
    }

    /// Findings by decreasing severity, keeping the scanner's order within one.
    static func mostSevereFirst(_ findings: [ScanFinding]) -> [ScanFinding] {
        findings.enumerated().sorted { ($1.element.severity, $0.offset) < ($0.element.severity, $1.offset) }.map(\.element)
    }

    private enum CodingKeys: String, CodingKey { case scannerVersion, bundle, highest, findings }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scannerVersion = try container.decode(String.self, forKey: .scannerVersion)
        bundle = try container.decode(BlobID.self, forKey: .bundle)
        highest = try ScanSummary.decodeHighest(container.decode(String.self, forKey: .highest))
        findings = try container.decode([ScanFinding].self, forKey: .findings)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scannerVersion, forKey: .scannerVersion)
        try container.encode(bundle, forKey: .bundle)
        try container.encode(highest?.rawValue ?? ScanSummary.clean, forKey: .highest)
        try container.encode(findings, forKey: .findings)
    }
}
