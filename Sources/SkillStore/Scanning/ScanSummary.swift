import Foundation

/// A verdict as a version carries it, where agents look before they
/// install: the highest severity (`none` in JSON when nothing was found),
/// how many findings, and the most severe few. The whole list is served
/// apart (`SkillStore.verdict(bundle:)`, `GET .../versions/{label}/scan`).
public struct ScanSummary: Sendable, Codable, Equatable {
    /// How many findings a summary shows: enough to say what kind of risk.
    public static let topCount = 3
    /// What `highest` reads in JSON when nothing was found.
    static let clean = "none"

    public var scannerVersion: String
    public var highest: ScanSeverity?
    public var findingCount: Int
    public var top: [ScanFinding]

    public init(scannerVersion: String, highest: ScanSeverity?, findingCount: Int, top: [ScanFinding]) {
        self.scannerVersion = scannerVersion
        self.highest = highest
        self.findingCount = findingCount
        self.top = top
    }

    /// Whether a finding is at or above `threshold`.
    public func reaches(_ threshold: ScanSeverity) -> Bool { highest.map { $0 >= threshold } ?? false }

    /// One line for people: `high (scanner 1): download-execute at scripts/setup.sh:3, ...`.
    public var line: String {
        let judged = "\(highest?.rawValue ?? "no findings") (scanner \(scannerVersion))"
        guard !top.isEmpty else { return judged }
        let more = findingCount > top.count ? ", and \(findingCount - top.count) more" : ""
        return judged + ": " + top.map { "\($0.rule) at \($0.file):\($0.line)" }.joined(separator: ", ") + more
    }

    private enum CodingKeys: String, CodingKey { case scannerVersion, highest, findingCount, top }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scannerVersion = try container.decode(String.self, forKey: .scannerVersion)
        highest = try Self.decodeHighest(container.decode(String.self, forKey: .highest))
        findingCount = try container.decode(Int.self, forKey: .findingCount)
        top = try container.decode([ScanFinding].self, forKey: .top)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scannerVersion, forKey: .scannerVersion)
        try container.encode(highest?.rawValue ?? Self.clean, forKey: .highest)
        try container.encode(findingCount, forKey: .findingCount)
        try container.encode(top, forKey: .top)
    }

    /// A severity's name, or nil for `none`.
    static func decodeHighest(_ text: String) throws -> ScanSeverity? {
        if text == clean { return nil }
        guard let severity = ScanSeverity(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "'\(text)' is no severity"))
        }
        return severity
    }
}
