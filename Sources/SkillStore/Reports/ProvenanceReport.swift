/// A reviewer's view of a skill, or of one of its rules.
public struct ProvenanceReport: Sendable, Codable, Equatable {
    public var skill: String
    public var version: String
    public var rule: String?
    var claims: Int
    public var byLabel: [String: Int]
    public var unlabelledShare: Double
    public var items: [ClaimEntry]
}
