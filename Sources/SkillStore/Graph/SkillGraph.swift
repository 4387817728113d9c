/// What a skill says, extracted from its Markdown tree at publish time:
/// sections, rules, claims with their provenance labels, citations and
/// cross-links. Every item keeps the file line and column it starts at.
struct SkillGraph: Sendable, Codable, Equatable {
    var sections: [Section] = []
    var rules: [Rule] = []
    var claims: [Claim] = []
    /// Every link of the skill, each tied to the claim it belongs to, if any.
    var citations: [Citation] = []
    var links: [CrossLink] = []
    /// The labels the skill's legend declares ("*Measured* means ..."), canonical names, in order.
    var legend: [String] = []
    /// Where the legend's sentences are, for diagnostics.
    var legendLocations: [SourceLocation] = []

    init() {}
}
