extension SkillStore {
    /// Writes the full-text rows of a skill version or a source, inside the
    /// caller's transaction. Each kind's rows are numbered from 0, in order;
    /// rows past `SearchRowID.maxOrdinal` of a kind (only a huge skill has
    /// them) are not indexed, nor is an owner past `SearchRowID.ownerMask`.
    func writeSearchEntries(_ entries: [SearchEntry], owner: Int) throws {
        // A rowid holds 32 bits of owner: past four billion publishes, not indexed.
        guard owner <= SearchRowID.ownerMask else { return }
        let insert = try database.statement("""
            INSERT INTO search (rowid, name, description, headings, body, ref, units) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        var counts = [Int](repeating: 0, count: SearchKind.allCases.count + 1)
        for entry in entries {
            let ordinal = counts[entry.kind.code]
            guard ordinal <= SearchRowID.maxOrdinal else { continue }
            counts[entry.kind.code] += 1
            let rowID = SearchRowID(kind: entry.kind, owner: owner, ordinal: ordinal, contents: entry.contents)
            try insert.bind(1, Int(rowID.rawValue))
            try insert.bind(2, entry.name)
            try insert.bind(3, entry.description)
            try insert.bind(4, entry.headings)
            try insert.bind(5, entry.body)
            try insert.bind(6, entry.ref)
            try insert.bind(7, entry.units)
            try insert.runBound()
        }
    }

    /// Writes the per-skill row of a skill version (its rowid is the
    /// version's sequence) and its lead fields' row, inside the caller's
    /// transaction.
    func writeSkillText(_ entry: SkillTextEntry, version: Int) throws {
        let insert = try database.statement("""
            INSERT INTO skill_text (rowid, name, description, headings, rules, body, files, code)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.bind(1, version)
        try insert.bind(2, entry.name)
        try insert.bind(3, entry.description)
        try insert.bind(4, entry.headings)
        try insert.bind(5, entry.rules)
        try insert.bind(6, entry.body)
        try insert.bind(7, entry.files)
        try insert.bind(8, entry.code)
        try insert.runBound()
        try database.statement("INSERT INTO skill_lead (rowid, name, description) VALUES (?, ?, ?)")
            .run([.integer(Int64(version)), .text(entry.name), .text(entry.description)])
    }

    /// Records `version` as the latest of `skill`, which is what search shows.
    func markLatest(_ version: Int, of skill: SkillKey) throws {
        try database.statement("UPDATE skills SET latest = ? WHERE namespace = ? AND name = ?")
            .run([.integer(Int64(version)), .text(skill.namespace), .text(skill.name)])
    }

    /// Sets `store_facts.superseded` when one of `versions` (just written)
    /// is not its skill's first: searches then keep to latest versions.
    /// Called once the publish's full-text rows are written: an UPDATE runs
    /// inside a statement savepoint, at which FTS5 writes its pending terms
    /// out (migrations/0011_second_version_in_publish.sql).
    func noteSecondVersions(_ versions: [Int]) throws {
        guard !versions.isEmpty else { return }
        try database.statement("""
            UPDATE store_facts SET superseded = 1 WHERE superseded = 0 AND EXISTS (
                SELECT 1 FROM json_each(?) AS added
                JOIN versions AS this ON this.seq = added.value
                JOIN versions AS other ON other.namespace = this.namespace AND other.skill = this.skill
                                      AND other.seq <> this.seq)
            """).run([.text(Self.jsonList(versions))])
    }

    /// Keeps `versions.unshared` true to its meaning once `versions` (just
    /// written) are in the store: clears it on every version that shares
    /// SKILL.md bytes with one of them, or whose name one of them has in
    /// another namespace, then sets it on those of `versions` that share
    /// neither (migrations/0014_versions_unshared.sql). After the
    /// full-text rows, like `noteSecondVersions`.
    func noteCopies(_ versions: [Int]) throws {
        guard !versions.isEmpty else { return }
        let added = SQLValue.text(Self.jsonList(versions))
        try database.statement("""
            UPDATE versions SET unshared = 0 WHERE unshared = 1 AND seq IN (
                SELECT other.seq FROM json_each(?1) AS added
                JOIN versions AS this ON this.seq = added.value
                JOIN versions AS other ON other.skill_blob = this.skill_blob AND other.seq <> this.seq
                UNION
                SELECT other.seq FROM json_each(?1) AS added
                JOIN versions AS this ON this.seq = added.value
                JOIN skills ON skills.name = this.skill AND skills.namespace <> this.namespace
                JOIN versions AS other ON other.namespace = skills.namespace AND other.skill = skills.name)
            """).run([added])
        try database.statement(
            "UPDATE versions SET unshared = 1 WHERE seq IN (SELECT value FROM json_each(?1)) AND NOT \(Self.hasCopy)"
        ).run([added])
    }

    /// SQL true for a row of `versions` that has a copy a search lists
    /// with it: another version with its SKILL.md, or another namespace
    /// with a skill of its name. What `unshared` = 1 denies (`noteCopies`,
    /// fsck; the migration writes the same in SQL of its own).
    static let hasCopy = """
        (EXISTS (SELECT 1 FROM versions AS other
                 WHERE other.skill_blob = versions.skill_blob AND other.seq <> versions.seq)
         OR EXISTS (SELECT 1 FROM skills WHERE skills.name = versions.skill AND skills.namespace <> versions.namespace))
        """

    /// The per-skill indexes whose row sizes `search_sizes` keeps, by the
    /// number it keeps them under.
    static let sizedIndexes = [(index: 0, table: "skill_text"), (index: 1, table: "skill_lead")]

    /// Records in `search_sizes` the size of `versions`' rows in the
    /// per-skill indexes (every row's when nil), as FTS5's docsize tables
    /// hold them, inside the caller's transaction. Called once the
    /// full-text rows are written, like `noteSecondVersions`: a write to
    /// another table opens a statement savepoint, at which FTS5 writes its
    /// pending terms out. A size too large for its width is written as the
    /// widest value, which bm25 reads from FTS5 instead.
    func recordSearchSizes(of versions: [Int]?) throws {
        try Self.recordSearchSizes(of: versions, in: database)
    }

    /// `recordSearchSizes(of:)` on `database`, for a migration's follow-up.
    static func recordSearchSizes(of versions: [Int]?, in database: Database) throws {
        if let versions, versions.isEmpty { return }
        let chunk = SearchSizesLayout.chunk
        for (index, table) in sizedIndexes {
            let width = SearchSizesLayout.width(index: index)
            var chunks: [Int64: [UInt8]] = [:]
            let rows = try versions.map {
                try database.query(
                    "SELECT id, sz FROM \(table)_docsize WHERE id IN (SELECT value FROM json_each(?))", [.text(jsonList($0))])
            } ?? database.query("SELECT id, sz FROM \(table)_docsize")
            for row in rows {
                let version = try row.int("id")
                // Outside what the layout holds (versions count from 1): FTS5 sizes it.
                guard version >= 0, version / chunk <= Int(UInt32.max) else { continue }
                let key = SearchSizesLayout.row(index: index, version: version)
                if chunks[key] == nil {
                    var stored = try database.queryFirst("SELECT sizes FROM search_sizes WHERE id = ?", [.integer(key)])?
                        .bytes("sizes") ?? []
                    stored += [UInt8](repeating: 0, count: max(0, chunk * width - stored.count))
                    chunks[key] = stored
                }
                let size = SearchSizesLayout.total(docsize: row.bytes("sz")) ?? 0
                SearchSizesLayout.record(size, of: version, index: index, in: &chunks[key, default: []])
            }
            let write = try database.statement("INSERT OR REPLACE INTO search_sizes (id, sizes) VALUES (?, ?)")
            for (key, sizes) in chunks { try write.run([.integer(key), .blob(sizes)]) }
        }
    }

    /// The sizes `search_sizes` holds that differ from FTS5's, for `fsck`
    /// (a size not recorded, 0, or the widest value is not a difference:
    /// bm25 reads those from FTS5).
    func searchSizeMismatches() throws -> [(table: String, version: Int, recorded: Int, actual: Int)] {
        // One read: a publish between reading FTS5's sizes and ours would
        // look like a difference.
        try database.read { try searchSizeMismatchesInOneRead() }
    }

    private func searchSizeMismatchesInOneRead() throws -> [(table: String, version: Int, recorded: Int, actual: Int)] {
        let chunk = SearchSizesLayout.chunk
        var mismatches: [(table: String, version: Int, recorded: Int, actual: Int)] = []
        for (index, table) in Self.sizedIndexes {
            let widest = SearchSizesLayout.widest(index: index)
            var chunks: [Int64: [UInt8]] = [:]
            for row in try database.query("SELECT id, sz FROM \(table)_docsize ORDER BY id") {
                let version = try row.int("id")
                guard version >= 0, version / chunk <= Int(UInt32.max),
                      let actual = SearchSizesLayout.total(docsize: row.bytes("sz")) else { continue }
                let key = SearchSizesLayout.row(index: index, version: version)
                if chunks[key] == nil {
                    chunks[key] = try database.queryFirst("SELECT sizes FROM search_sizes WHERE id = ?", [.integer(key)])?
                        .bytes("sizes") ?? []
                }
                let recorded = SearchSizesLayout.size(of: version, index: index, in: chunks[key] ?? [])
                if recorded == 0 || recorded == widest || recorded == actual { continue }
                mismatches.append((table, version, recorded, actual))
            }
        }
        return mismatches
    }

    /// Removes the full-text rows of a skill version (its per-skill row
    /// too), or of a source.
    func deleteSearchEntries(owner: Int, source: Bool) throws {
        let range = SearchRowID.range(of: source ? SearchRowID.sourceKinds : SearchRowID.versionKinds, owner: owner)
        try database.statement("DELETE FROM search WHERE rowid BETWEEN ? AND ?")
            .run([.integer(range.lowerBound), .integer(range.upperBound)])
        if !source {
            try database.statement("DELETE FROM skill_text WHERE rowid = ?").run([.integer(Int64(owner))])
            try database.statement("DELETE FROM skill_lead WHERE rowid = ?").run([.integer(Int64(owner))])
        }
    }
}
