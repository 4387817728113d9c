import Foundation

// The knowledge graph as the CLI prints it and the server answers it: one
// shape for both, so `skillctl --server` prints what a local run prints.

extension SkillStore {
    public func ruleEntries(of version: SkillVersion) throws -> [RuleEntry] {
        let graph = try graph(of: version)
        return graph.rules.map { rule in
            var labels: [String] = []
            for claim in graph.claims where claim.rule == rule.id && !labels.contains(claim.label.rawValue) {
                labels.append(claim.label.rawValue)
            }
            return RuleEntry(
                id: rule.id, address: "\(version.key)#\(rule.id)", title: rule.title, line: rule.location.line,
                column: rule.location.column, labels: labels)
        }
    }

    public func linkReport(of version: SkillVersion) throws -> LinkReport {
        func entry(_ link: ResolvedLink) -> LinkEntry {
            LinkEntry(
                from: link.from, to: link.link.rule.map { "\(link.link.skill)#\($0)" } ?? link.link.skill,
                kind: link.link.kind.rawValue, line: link.link.location.line, column: link.link.location.column,
                resolved: link.resolved)
        }
        return LinkReport(
            outgoing: try outgoingLinks(of: version).map(entry), incoming: try incomingLinks(to: version.key).map(entry))
    }

    /// The claims of `version` that pass `filter`; a rule the skill lacks is not found.
    public func claimEntries(of version: SkillVersion, filter: ClaimFilter = ClaimFilter()) throws -> [ClaimEntry] {
        let graph = try graph(of: version)
        if let rule = filter.rule, !graph.rules.contains(where: { $0.id == rule }) {
            throw SkillStoreError.notFound("\(version.key) \(version.label) has no rule \(rule)")
        }
        return graph.claims.filter { claim in
            (filter.label == nil || claim.label == filter.label || claim.labels.contains(filter.label!))
                && (filter.section == nil || claim.section.contains { $0.localizedCaseInsensitiveContains(filter.section!) })
                && (filter.rule == nil || claim.rule == filter.rule)
        }.map { ClaimEntry($0, graph: graph, skill: version.key.description) }
    }

    /// Claims by label, the unlabelled share, and each claim with what backs
    /// it; a citation of a stored source's section shows that section's opening.
    public func provenance(of version: SkillVersion, rule: String? = nil) throws -> ProvenanceReport {
        let graph = try graph(of: version)
        let rule = rule?.uppercased()
        if let rule, !graph.rules.contains(where: { $0.id == rule }) {
            throw SkillStoreError.notFound("\(version.key) \(version.label) has no rule \(rule)")
        }
        var items: [ClaimEntry] = []
        for claim in graph.claims where rule == nil || claim.rule == rule {
            var entry = ClaimEntry(claim, graph: graph, skill: version.key.description)
            for (position, index) in claim.citations.enumerated() {
                let citation = graph.citations[index]
                guard let fragment = citation.fragment, let source = try source(at: citation.target),
                      let section = source.section(forFragment: fragment) else { continue }
                entry.citations[position].section = section.title
                entry.citations[position].sectionOpening = Self.opening(of: section.text)
            }
            items.append(entry)
        }
        var byLabel: [String: Int] = [:]
        for item in items { byLabel[item.label, default: 0] += 1 }
        return ProvenanceReport(
            skill: version.key.description, version: version.label, rule: rule, claims: items.count, byLabel: byLabel,
            unlabelledShare: items.isEmpty ? 0 : Double(byLabel["unlabelled", default: 0]) / Double(items.count),
            items: items)
    }

    /// The first sentence or so of a section, for a reviewer to compare.
    static func opening(of text: String, limit: Int = 240) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard flat.count > limit else { return flat }
        return String(flat.prefix(limit)) + "…"
    }
}

extension SkillStore {
    /// What changed at claim level from version `from` to version `to` of `skill`.
    public func changes(of skill: SkillKey, from: String, to: String) throws -> [GraphChange] {
        let old = try graph(of: try version(of: skill, label: from))
        let new = try graph(of: try version(of: skill, label: to))
        return GraphDiff.changes(from: old, to: new, vocabulary: try labelVocabulary())
    }
}
