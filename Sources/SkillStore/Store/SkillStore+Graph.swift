import Foundation

extension SkillStore {
    /// Bumped when extraction changes; versions extracted by an older one are
    /// extracted again when the store opens.
    static let graphVersion = 2

    /// The database's label vocabulary.
    public func labelVocabulary() throws -> LabelVocabulary {
        var words: [String: ClaimLabel] = [:]
        for row in try database.query("SELECT word, label FROM label_words") {
            if let label = ClaimLabel(rawValue: row.string("label")) { words[row.string("word")] = label }
        }
        return LabelVocabulary(words: words)
    }

    /// Adds (or re-points) a label word; graphs are extracted again with it.
    public func setLabelWord(_ word: String, meaning label: ClaimLabel) throws {
        try database.transaction {
            try database.query(
                "INSERT INTO label_words (word, label) VALUES (?, ?) ON CONFLICT (word) DO UPDATE SET label = excluded.label",
                [.text(word.lowercased()), .text(label.rawValue)])
            try resetGraphs()
        }
        try refreshGraphs()
        markSettled()
    }

    public func removeLabelWord(_ word: String) throws {
        try database.transaction {
            try database.query("DELETE FROM label_words WHERE word = ?", [.text(word.lowercased())])
            guard database.changes > 0 else { throw SkillStoreError.notFound("no label word '\(word)'") }
            try resetGraphs()
        }
        try refreshGraphs()
        markSettled()
    }

    /// Marks every version's graph to be extracted again, and the store as
    /// no longer settled (`settledMark`) in the same transaction, so that a
    /// command never takes it for settled while graphs wait.
    func resetGraphs() throws {
        try database.query("UPDATE versions SET graph_version = 0")
        try database.execute("PRAGMA user_version = 0")
    }

    /// Extracts the graph of every version whose rows an older extractor
    /// wrote, and indexes it again for search.
    ///
    /// Old rows are all deleted first and version rows updated last: a
    /// DELETE or UPDATE opens a statement savepoint, at which FTS5 writes
    /// out its pending terms, so one of them between two versions' inserts
    /// would cost a segment per version.
    func refreshGraphs() throws {
        // Sorted here: ORDER BY seq would make SQLite read every version row
        // in order rather than use the index on graph_version.
        let stale = try database.query(
            "SELECT seq, skill, skill_blob, manifest_blob FROM versions WHERE graph_version < ?", [.integer(Int64(Self.graphVersion))]
        ).sorted { try $0.int("seq") < $1.int("seq") }
        guard !stale.isEmpty else { return }
        let vocabulary = try labelVocabulary()
        try database.transaction {
            for row in stale { try deleteSearchEntries(owner: try row.int("seq"), source: false) }
            for row in stale {
                for table in ["rules", "links"] {
                    try database.statement("DELETE FROM \(table) WHERE version = ?").run([.integer(Int64(try row.int("seq")))])
                }
            }
            var legends: [(version: Int, legend: String)] = []
            for row in stale {
                let sequence = try row.int("seq")
                let bytes = try blob(.id(try row.blobID("skill_blob"))).bytes
                // It was valid when published; parse errors cannot happen here
                // unless the rules tightened, and then the version keeps no graph.
                // Under its skill's folder: a SKILL.md without front-matter is named after it.
                guard let document = try? SkillDocument.parse(bytes, path: "\(row.string("skill"))/SKILL.md") else { continue }
                var rows = VersionRows(document: document, vocabulary: vocabulary)
                rows.skillText.addBundleFiles(try storedBundleFiles(manifest: try row.blobID("manifest_blob")))
                try write(rows, version: sequence)
                legends.append((sequence, rows.legend))
            }
            let update = try database.statement("UPDATE versions SET graph_version = ?, legend = ? WHERE seq = ?")
            for (version, legend) in legends {
                try update.run([.integer(Int64(Self.graphVersion)), .text(legend), .integer(Int64(version))])
            }
            try recordSearchSizes(of: legends.map(\.version))
        }
    }

    /// Writes the rows derived from a version's SKILL.md, inside the
    /// caller's transaction: the graph's rows that are asked about across
    /// skills (rules and links) and the full-text rows. The version row's
    /// `graph_version` and `legend` are the caller's to write.
    func write(_ rows: VersionRows, version: Int) throws {
        try writeGraph(rows.graph, version: version)
        try writeSearchEntries(rows.searchEntries, owner: version)
        try writeSkillText(rows.skillText, version: version)
    }

    /// The files of a stored bundle that the per-skill index reads (see
    /// `SkillTextEntry.addBundleFiles`), from its manifest. A manifest or
    /// file that cannot be read leaves those files out: the skill stays
    /// searchable by its SKILL.md.
    private func storedBundleFiles(manifest: BlobID) throws -> [(path: String, bytes: [UInt8])] {
        guard let bytes = try? blob(.id(manifest)).bytes, let manifest = BundleManifest.decode(bytes) else { return [] }
        return manifest.files.compactMap { entry in
            let fileExtension = entry.path.split(separator: ".").last.map { $0.lowercased() } ?? ""
            guard entry.path != "SKILL.md",
                  SkillTextEntry.proseExtensions.contains(fileExtension) || SkillTextEntry.codeExtensions.contains(fileExtension),
                  let file = try? blob(.id(entry.id)).bytes
            else { return nil }
            return (entry.path, file)
        }
    }

    private func writeGraph(_ graph: SkillGraph, version: Int) throws {
        let rules = try database.statement(
            "INSERT INTO rules (version, ord, rule_id, number, title, line, col, section) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        for (ord, rule) in graph.rules.enumerated() {
            try rules.bind(1, version)
            try rules.bind(2, ord)
            try rules.bind(3, rule.id)
            try rules.bind(4, rule.number)
            try rules.bind(5, rule.title)
            try rules.bind(6, rule.location.line)
            try rules.bind(7, rule.location.column)
            try rules.bind(8, rule.sectionIndex)
            try rules.runBound()
        }
        let links = try database.statement(
            "INSERT INTO links (version, ord, kind, skill, rule_id, line, col, certain) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        for (ord, link) in graph.links.enumerated() {
            try links.bind(1, version)
            try links.bind(2, ord)
            try links.bind(3, link.kind.rawValue)
            try links.bind(4, link.skill)
            try links.bind(5, link.rule)
            try links.bind(6, link.location.line)
            try links.bind(7, link.location.column)
            try links.bind(8, link.certain ? 1 : 0)
            try links.runBound()
        }
    }

    /// The graph of a stored version: extracted again from its immutable
    /// SKILL.md with the database's vocabulary, exactly as at publish. Only
    /// rules and links are rows, for questions across skills.
    func graph(of version: SkillVersion) throws -> SkillGraph {
        let bytes = try blob(.id(version.id)).bytes
        let document: SkillDocument
        do {
            document = try SkillDocument.parse(bytes, path: "\(version.key)/SKILL.md")
        } catch {
            throw SkillStoreError.corrupt("the SKILL.md of \(version.key) \(version.label) no longer parses: \(error)")
        }
        return GraphExtractor.extract(from: document, vocabulary: try labelVocabulary())
    }

    static func location(_ row: Row) throws -> SourceLocation {
        SourceLocation(line: try row.int("line"), column: try row.int("col"))
    }
}
