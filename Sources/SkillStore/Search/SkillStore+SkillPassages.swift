import Foundation

extension SkillStore {
    /// The best sections of each version for the query, each shown as its
    /// best rule or claim when one holds every query word the section holds.
    /// Sections are ranked by how many of the query's words they hold (one
    /// whose heading path holds some counting half a word more for each, a
    /// rule or claim holding them all one more), then in the skill's order.
    /// bm25 is not used here, since each call would count the words' rows
    /// over the whole index; nor is `highlight`, which would read every
    /// matching section's text again. The rules and claims of every shown
    /// skill's best sections are indexed for this query at once.
    func passages(of versions: [Int], query: SearchQuery) throws -> [Int: [SearchHit]] {
        let expression = query.questionFTS5()
        let openings = query.openings
        let constrained = !query.excluded.isEmpty || query.groups.contains(where: { $0.contains(where: \.quoted) })
        var best: [Int: [(row: RankedRow, groups: [Int])]] = [:]
        for version in versions {
            let range = SearchRowID.range(of: SearchKind.section.code...SearchKind.section.code, owner: version)
            let bounds: [SQLValue] = [.integer(range.lowerBound), .integer(range.upperBound)]
            var groupsBySection: [Int64: [Int]] = [:]
            for (index, group) in query.groups.enumerated() {
                for row in try database.query(
                    "SELECT rowid AS row_id FROM search WHERE search MATCH ? AND rowid BETWEEN ? AND ?",
                    [.text(SearchQuery.expression(group))] + bounds) {
                    groupsBySection[Int64(try row.int("row_id")), default: []].append(index)
                }
            }
            // Exclusions and required phrases: only sections the whole expression matches.
            if constrained {
                let matching = Set(try database.query(
                    "SELECT rowid AS row_id FROM search WHERE search MATCH ? AND rowid BETWEEN ? AND ?",
                    [.text(expression)] + bounds).map { Int64(try $0.int("row_id")) })
                groupsBySection = groupsBySection.filter { matching.contains($0.key) }
            }
            var ranked = groupsBySection.map { (row: RankedRow(rowID: $0.key, score: Double($0.value.count)), groups: $0.value) }
            ranked.sort { ($0.row.score, -$0.row.rowID) > ($1.row.score, -$1.row.rowID) }
            // Headings are read for the best few only: a point lookup each.
            var top = Array(ranked.prefix(2 * Self.passagesPerSkill))
            for index in top.indices {
                let headings = try database.queryFirst(
                    "SELECT headings FROM search WHERE rowid = ?", [.integer(top[index].row.rowID)])?.string("headings") ?? ""
                let folded = SearchQuery.folded(headings)
                let inHeadings = top[index].groups.filter { SearchQuery.mayMatch(folded, openings: [openings[$0]]) }.count
                top[index].row.score += 0.5 * Double(inHeadings)
            }
            top.sort { ($0.row.score, -$0.row.rowID) > ($1.row.score, -$1.row.rowID) }
            best[version] = Array(top.prefix(Self.passagesPerSkill))
        }

        // Every unit of those sections holding any query word, indexed once;
        // then which words each holds, a query per word over that small index.
        var anyWord = query
        anyWord.groups = [query.groups.flatMap { $0 }]
        anyWord.excluded = []
        let sections = best.values.flatMap { $0.map(\.row) }
        let units = try rankUnits(in: sections, query: anyWord, textOnly: true, where: { _ in true })
        var unitsHolding: [Set<Int>] = []
        if !units.isEmpty {
            for group in query.groups {
                unitsHolding.append(Set(try database.query(
                    "SELECT rowid AS row FROM temp.search_units WHERE search_units MATCH ?",
                    [.text("{title body} : \(SearchQuery.expression(group))")]).map { try $0.int("row") }))
            }
        }
        var passages: [Int: [SearchHit]] = [:]
        for version in versions {
            var shown: [(score: Double, order: Int, hit: SearchHit)] = []
            for (order, (row, groups)) in (best[version] ?? []).enumerated() {
                // Units come best first: the first holding all the section's words.
                if let unit = units.first(where: { unit in
                    unit.section.rowID == row.rowID && groups.allSatisfy { unitsHolding[$0].contains(unit.row) }
                }) {
                    var held = query
                    held.groups = groups.map { query.groups[$0] }
                    held.excluded = []
                    shown.append((row.score + 1, order - Self.passagesPerSkill, try unitHit(unit, query: held)))
                } else {
                    shown.append((row.score, order, try rowHit(row, query: query, expression: expression)))
                }
            }
            shown.sort { ($0.score, -$0.order) > ($1.score, -$1.order) }
            passages[version] = shown.map(\.hit)
        }
        return passages
    }
}
