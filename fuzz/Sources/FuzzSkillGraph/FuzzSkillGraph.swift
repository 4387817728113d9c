@testable import SkillStore

/// What a publish derives from a SKILL.md that parses: its graph (sections,
/// rules, claims, citations, cross links) and its search rows. Inputs that
/// do not parse stop early; the seeds are valid skills for that reason.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSkillGraph(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? SkillDocument.parse(bytes, path: "SKILL.md") else { return 0 }
    let graph = GraphExtractor.extract(from: document, vocabulary: .standard, citations: true)
    let rows = VersionRows(document: document, vocabulary: .standard)
    // Every claim's section is one of the graph's sections.
    for claim in graph.claims {
        if let section = claim.sectionIndex { precondition(graph.sections.indices.contains(section)) }
    }
    _ = rows.legend
    return 0
}
