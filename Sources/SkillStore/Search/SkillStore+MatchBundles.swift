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
        var bundles: [VersionKey: BlobID] = [:]
        for row in rows {
            let key = VersionKey(namespace: row.string("namespace"), skill: row.string("skill"), label: row.string("label"))
            bundles[key] = try row.blobID("manifest_blob")
        }
        return try matches.map { match in
            guard let bundle = bundles[VersionKey(namespace: match.namespace, skill: match.skill, label: match.version)] else {
                throw SkillStoreError.corrupt("a search found \(match.address)@\(match.version), which has no version row")
            }
            return bundle
        }
    }

    private struct VersionKey: Hashable {
        var namespace: String
        var skill: String
        var label: String
    }
}
