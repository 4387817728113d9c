extension SkillStore {
    /// The bundle (manifest) id of the version each match shows, in the
    /// matches' order: what its scan verdict is kept under
    /// (`verdicts(for:)`), so a list of results can show verdicts with one
    /// lookup for all of them.
    public func bundles(of matches: [SkillMatch]) throws -> [BlobID] {
        guard !matches.isEmpty else { return [] }
        // One query for the whole list: a row value per match, joined on
        // the (namespace, skill, label) key every version has.
        let keys = Array(repeating: "(?, ?, ?)", count: matches.count).joined(separator: ", ")
        let rows = try database.query("""
            WITH wanted (namespace, skill, label) AS (VALUES \(keys))
            SELECT v.namespace, v.skill, v.label, v.manifest_blob FROM wanted w
            JOIN versions v ON v.namespace = w.namespace AND v.skill = w.skill AND v.label = w.label
            """, matches.flatMap { [.text($0.namespace), .text($0.skill), .text($0.version)] })
        // Keyed by the three joined with NUL (which none holds), not by a
        // struct: the first dictionary of a new key type costs a process a
        // scan of the binary's conformance records.
        func key(_ namespace: String, _ skill: String, _ label: String) -> String { namespace + "\0" + skill + "\0" + label }
        var bundles: [String: BlobID] = [:]
        for row in rows {
            bundles[key(row.string("namespace"), row.string("skill"), row.string("label"))] = try row.blobID("manifest_blob")
        }
        return try matches.map { match in
            guard let bundle = bundles[key(match.namespace, match.skill, match.version)] else {
                throw SkillStoreError.corrupt("a search found \(match.address)@\(match.version), which has no version row")
            }
            return bundle
        }
    }
}
