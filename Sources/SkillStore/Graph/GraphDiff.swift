enum GraphDiff {
    /// The changes from `old` to `new`. Claims are matched by their words
    /// without label words and link text (so relabelling or removing a link
    /// keeps a claim the same claim), then by similar wording.
    static func changes(from old: SkillGraph, to new: SkillGraph, vocabulary: LabelVocabulary = .standard) -> [GraphChange] {
        var changes: [GraphChange] = []
        let oldTitles = Dictionary(old.rules.map { ($0.id, $0.title ?? "") }, uniquingKeysWith: { first, _ in first })
        let retitled: [(String, String)] = new.rules.compactMap { rule in
            guard let before = oldTitles[rule.id], let after = rule.title, before != after else { return nil }
            return (before, after)
        }
        let oldKeys = old.claims.map { words(of: $0, in: old, vocabulary: vocabulary) }
        let newKeys = new.claims.map { words(of: $0, in: new, vocabulary: vocabulary) }

        var pairs: [(Int, Int)] = []
        var unmatchedOld = Set(old.claims.indices)
        var unmatchedNew = Array(new.claims.indices)
        // Same words first, in order.
        for newIndex in new.claims.indices {
            if let oldIndex = old.claims.indices.first(where: { unmatchedOld.contains($0) && oldKeys[$0] == newKeys[newIndex] }) {
                pairs.append((oldIndex, newIndex))
                unmatchedOld.remove(oldIndex)
                unmatchedNew.removeAll { $0 == newIndex }
            }
        }
        // Then reworded claims: most words in common.
        for newIndex in unmatchedNew {
            var best: (index: Int, score: Double)?
            for oldIndex in unmatchedOld.sorted() {
                let score = similarity(oldKeys[oldIndex], newKeys[newIndex])
                if score >= 0.6 && score > (best?.score ?? 0) { best = (oldIndex, score) }
            }
            if let oldIndex = best?.index {
                pairs.append((oldIndex, newIndex))
                unmatchedOld.remove(oldIndex)
            } else {
                let claim = new.claims[newIndex]
                changes.append(GraphChange(kind: .claimAdded, line: claim.location.line, subject: claim.text, detail: claim.label.rawValue))
            }
        }
        for oldIndex in unmatchedOld.sorted() {
            let claim = old.claims[oldIndex]
            changes.append(GraphChange(kind: .claimRemoved, line: claim.location.line, subject: claim.text, detail: claim.label.rawValue))
        }

        for (oldIndex, newIndex) in pairs {
            let before = old.claims[oldIndex]
            let after = new.claims[newIndex]
            // A retitled rule's title sentence is reported once, as the retitle.
            let isRetitle = retitled.contains { $0.0 == before.text && $0.1 == after.text }
            if oldKeys[oldIndex] != newKeys[newIndex] && !isRetitle {
                changes.append(GraphChange(
                    kind: .claimChanged, line: after.location.line, subject: after.text, detail: "was: \(before.text)"))
            }
            if before.label != after.label {
                changes.append(GraphChange(
                    kind: .claimRelabelled, line: after.location.line, subject: after.text,
                    detail: "\(before.label.rawValue) -> \(after.label.rawValue)"))
            }
            var oldURLs = before.citations.map { old.citations[$0].url }
            for url in after.citations.map({ new.citations[$0].url }) {
                if let index = oldURLs.firstIndex(of: url) {
                    oldURLs.remove(at: index)
                } else {
                    changes.append(GraphChange(kind: .citationAdded, line: after.location.line, subject: after.text, detail: url))
                }
            }
            for url in oldURLs {
                changes.append(GraphChange(kind: .citationRemoved, line: after.location.line, subject: after.text, detail: url))
            }
        }

        let oldRules = Dictionary(old.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newRules = Dictionary(new.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for rule in new.rules where oldRules[rule.id] == nil {
            changes.append(GraphChange(kind: .ruleAdded, line: rule.location.line, subject: rule.id, detail: rule.title))
        }
        for rule in old.rules where newRules[rule.id] == nil {
            changes.append(GraphChange(kind: .ruleRemoved, line: rule.location.line, subject: rule.id, detail: rule.title))
        }
        for rule in new.rules {
            if let before = oldRules[rule.id], titleKey(before.title) != titleKey(rule.title) {
                changes.append(GraphChange(
                    kind: .ruleRetitled, line: rule.location.line, subject: rule.id,
                    detail: "\(before.title ?? "(none)") -> \(rule.title ?? "(none)")"))
            }
        }
        return changes.sorted { ($0.line, $0.kind.rawValue) < ($1.line, $1.kind.rawValue) }
    }

    /// The claim's words, lower-cased, without label words or the text of its links.
    static func words(of claim: Claim, in graph: SkillGraph, vocabulary: LabelVocabulary) -> [String] {
        var text = claim.text
        for index in claim.citations {
            let linkText = graph.citations[index].text
            if !linkText.isEmpty, let range = text.range(of: linkText) { text.removeSubrange(range) }
        }
        return SourceDocument.anchorKey(text).split(separator: " ").map(String.init)
            .filter { vocabulary.label(for: Substring($0)) == nil }
    }

    /// A title without case, punctuation or spacing differences.
    static func titleKey(_ title: String?) -> String {
        SourceDocument.anchorKey(title ?? "")
    }

    static func similarity(_ a: [String], _ b: [String]) -> Double {
        let left = Set(a)
        let right = Set(b)
        guard !left.isEmpty || !right.isEmpty else { return 1 }
        return Double(left.intersection(right).count) / Double(left.union(right).count)
    }
}
