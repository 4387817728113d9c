/// What a skill says, extracted from its Markdown tree at publish time:
/// sections, rules, claims with their provenance labels, citations and
/// cross-links. Every item keeps the file line and column it starts at.
public struct SkillGraph: Sendable, Codable, Equatable {
    public var sections: [Section] = []
    public var rules: [Rule] = []
    public var claims: [Claim] = []
    /// Every link of the skill, each tied to the claim it belongs to, if any.
    public var citations: [Citation] = []
    public var links: [CrossLink] = []
    /// The labels the skill's legend declares ("*Measured* means ..."), canonical names, in order.
    public var legend: [String] = []
    /// Where the legend's sentences are, for diagnostics.
    public var legendLocations: [SourceLocation] = []

    public init() {}
}
