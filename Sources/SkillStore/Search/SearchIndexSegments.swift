/// One search index's segments before and after
/// `SkillStore.optimizeSearchIndexes`.
public struct SearchIndexSegments: Sendable, Codable, Equatable {
    /// The FTS5 table (`search`, `skill_text`, `skill_lead`).
    public var index: String
    /// Segments before: each publish writes at least one.
    public var before: Int
    /// Segments after: 1, or 0 for an index with no rows.
    public var after: Int
}
