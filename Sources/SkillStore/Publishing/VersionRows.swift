/// What a version's database rows are derived from: its graph (rules,
/// links, the legend) and its full-text rows, from the parsed SKILL.md and
/// the label vocabulary. A publish and a re-extraction after the extractor
/// or the vocabulary changed both derive them here.
struct VersionRows: Sendable {
    var graph: SkillGraph
    var searchEntries: [SearchEntry]
    /// The version's row of the per-skill index; the preparer adds the bundle's files.
    var skillText: SkillTextEntry

    init(document: SkillDocument, vocabulary: LabelVocabulary) {
        // Only rules, links, the legend and claims' text and labels are
        // stored; citations are read again from the blob when asked for.
        graph = GraphExtractor.extract(from: document, vocabulary: vocabulary, citations: false)
        searchEntries = SearchEntry.entries(name: document.name, description: document.description, graph: graph)
        skillText = SkillTextEntry(document: document, graph: graph, sections: searchEntries)
    }

    /// The `legend` column of the version row.
    var legend: String { graph.legend.joined(separator: ",") }
}
