import Foundation

extension SkillStore {
    /// Every skill with its latest version, by name, then namespace.
    public func skills(namespace: String? = nil) throws -> [SkillSummary] {
        try skills(after: nil, limit: nil, namespace: namespace)
    }

    /// A page of `skills()`: at most `limit` of those that sort after
    /// `after`. Keyset paging: a page costs the same however deep it is, and
    /// a skill published between two pages neither shifts nor repeats entries.
    /// A skill whose every version is yanked is listed with its newest.
    /// With `namespace`, only that namespace's skills.
    public func skills(after: SkillKey?, limit: Int?, namespace: String? = nil) throws -> [SkillSummary] {
        try database.query("""
            SELECT s.namespace, s.name, v.description, v.label, v.skill_blob, v.manifest_blob, v.published_at,
                   (SELECT count(*) FROM versions c WHERE c.namespace = s.namespace AND c.skill = s.name) AS versions
            FROM skills s JOIN versions v ON v.seq = coalesce(s.latest,
                (SELECT max(seq) FROM versions l WHERE l.namespace = s.namespace AND l.skill = s.name))
            WHERE (s.name, s.namespace) > (?1, ?2) AND (?4 IS NULL OR s.namespace = ?4)
            ORDER BY s.name, s.namespace LIMIT ?3
            """, [.text(after?.name ?? ""), .text(after?.namespace ?? ""), Self.sqlLimit(limit), namespace.map(SQLValue.text) ?? .null]).map {
            SkillSummary(
                namespace: $0.string("namespace"), name: $0.string("name"), description: $0.string("description"),
                latestLabel: $0.string("label"), id: try $0.blobID("skill_blob"), manifest: try $0.blobID("manifest_blob"),
                versions: try $0.int("versions"), publishedAt: $0.string("published_at"))
        }
    }

    /// The skill an address names: its namespace when it has one, else the
    /// one namespace that holds the name. None is `notFound`; several are
    /// `AmbiguousSkillName`, listing them.
    public func resolve(_ address: SkillAddress) throws -> SkillKey {
        if let namespace = address.namespace { return SkillKey(namespace: namespace, name: address.name) }
        let namespaces = try database.query(
            "SELECT namespace FROM skills WHERE name = ? ORDER BY namespace", [.text(address.name)]
        ).map { $0.string("namespace") }
        switch namespaces.count {
        case 0: throw SkillStoreError.notFound("no skill named '\(address.name)'")
        case 1: return SkillKey(namespace: namespaces[0], name: address.name)
        default:
            throw AmbiguousSkillName(
                name: address.name, candidates: namespaces.map { SkillKey(namespace: $0, name: address.name).qualified })
        }
    }

    /// The version an address names: the one labelled so, else the latest
    /// (which is never a yanked version).
    public func version(_ address: SkillAddress) throws -> SkillVersion {
        try version(of: try resolve(address), label: address.label)
    }

    /// The latest version of `key` (never a yanked one), or the one labelled `label`.
    public func version(of key: SkillKey, label: String? = nil) throws -> SkillVersion {
        let row: Row?
        if let label {
            row = try database.queryFirst(
                "\(Self.versionColumns) WHERE v.namespace = ? AND v.skill = ? AND v.label = ?",
                [.text(key.namespace), .text(key.name), .text(label)])
        } else {
            row = try database.queryFirst(
                "\(Self.versionColumns) JOIN skills s ON s.latest = v.seq WHERE s.namespace = ? AND s.name = ?",
                [.text(key.namespace), .text(key.name)])
        }
        guard let row else {
            guard try skillExists(key) else { throw SkillStoreError.notFound("no skill named '\(key)'") }
            if let label { throw SkillStoreError.notFound("skill '\(key)' has no version '\(label)'") }
            throw SkillStoreError.notFound(
                "every version of '\(key)' is yanked; name one with \(key)@LABEL ('skillctl versions \(key)' lists them)")
        }
        return try makeVersion(row)
    }

    /// Every version of `key`, newest first.
    public func versions(of key: SkillKey) throws -> [SkillVersion] { try versions(of: key, before: nil, limit: nil) }

    /// A page of `versions(of:)`: at most `limit` of those older than the
    /// version numbered `before` (its `sequence`).
    public func versions(of key: SkillKey, before: Int?, limit: Int?) throws -> [SkillVersion] {
        let rows = try database.query(
            "\(Self.versionColumns) WHERE v.namespace = ? AND v.skill = ? AND v.seq < ? ORDER BY v.seq DESC LIMIT ?",
            [.text(key.namespace), .text(key.name), Self.sqlBefore(before), Self.sqlLimit(limit)])
        // A page past the oldest version of a skill that exists is empty, not 404.
        if rows.isEmpty {
            guard try before != nil && skillExists(key) else { throw SkillStoreError.notFound("no skill named '\(key)'") }
        }
        return try rows.map(makeVersion)
    }

    /// Whether any version of `key` is published.
    public func skillExists(_ key: SkillKey) throws -> Bool {
        try database.queryFirst(
            "SELECT 1 AS found FROM skills WHERE namespace = ? AND name = ?", [.text(key.namespace), .text(key.name)]) != nil
    }

    /// Every namespace that holds a skill, with how many, by name.
    public func namespaces() throws -> [(name: String, skills: Int)] {
        try database.query("SELECT namespace, count(*) AS skills FROM skills GROUP BY namespace ORDER BY namespace")
            .map { ($0.string("namespace"), try $0.int("skills")) }
    }

    /// SQLite reads a negative LIMIT as none.
    static func sqlLimit(_ limit: Int?) -> SQLValue { .integer(Int64(limit ?? -1)) }

    /// The bound of a newest-first page: every sequence is below Int64.max.
    static func sqlBefore(_ before: Int?) -> SQLValue { .integer(before.map(Int64.init) ?? Int64.max) }

    /// The bytes of the blob `reference` names.
    public func blob(_ reference: BlobReference) throws -> Blob {
        let row: Row?
        switch reference {
        case .id(let id):
            row = try database.queryFirst("SELECT digest, content FROM blobs WHERE id = ?", [.text(id.hex)])
        case .digest(let digest):
            row = try database.queryFirst("SELECT digest, content FROM blobs WHERE digest = ?", [.text(digest.hex)])
        }
        guard let row, let digest = BlobDigest(hex: row.string("digest")) else {
            throw SkillStoreError.notFound("no blob \(reference)")
        }
        // Hashing costs far less than reading; no caller ever gets bytes
        // that do not match their id.
        let bytes = row.bytes("content")
        guard BlobDigest(of: bytes) == digest else {
            throw SkillStoreError.corrupt("blob \(digest.id) no longer hashes to its id")
        }
        return Blob(digest: digest, bytes: bytes)
    }

    static let versionColumns = """
        SELECT v.seq, v.namespace, v.skill, v.label, v.skill_blob, b.digest, v.manifest_blob, v.description,
               v.published_at, v.published_by, v.yanked_at, v.yanked_by, v.yank_reason, v.declared_name
        FROM versions v JOIN blobs b ON b.id = v.skill_blob
        """

    func makeVersion(_ row: Row) throws -> SkillVersion {
        let sequence = try row.int("seq")
        let files = try database.query(
            "SELECT f.path, f.size, f.executable, f.blob, b.digest FROM version_files f "
                + "JOIN blobs b ON b.id = f.blob WHERE f.version = ? ORDER BY f.path",
            [.integer(Int64(sequence))]
        ).map {
            BundleManifest.Entry(
                path: $0.string("path"), size: try $0.int("size"), executable: try $0.int("executable") != 0,
                id: try $0.blobID("blob"), sha256: $0.string("digest"))
        }
        return SkillVersion(
            namespace: row.string("namespace"), name: row.string("skill"), label: row.string("label"), sequence: sequence,
            id: try row.blobID("skill_blob"), digest: row.string("digest"), manifest: try row.blobID("manifest_blob"),
            description: row.string("description"), publishedAt: row.string("published_at"),
            publishedBy: row.string("published_by"),
            yank: row.optionalString("yanked_at").map {
                SkillVersion.Yank(at: $0, by: row.string("yanked_by"), reason: row.string("yank_reason"))
            },
            files: files, declaredName: row.optionalString("declared_name"), warnings: try warnings(ofVersion: sequence),
            scan: try verdict(bundle: try row.blobID("manifest_blob"))?.summary)
    }
}

extension SkillStore {
    /// The warnings recorded with a version at publish, in the order found;
    /// nil when there are none, so a clean version's JSON is unchanged.
    func warnings(ofVersion sequence: Int) throws -> [Diagnostic]? {
        let warnings = try database.query(
            "SELECT path, line, col, code, message FROM version_warnings WHERE version = ? ORDER BY ord",
            [.integer(Int64(sequence))]
        ).map { row in
            Diagnostic(
                path: row.string("path"),
                location: row.optionalString("line") == nil
                    ? nil : SourceLocation(line: try row.int("line"), column: try row.int("col")),
                severity: .warning, message: row.string("message"), code: row.string("code"))
        }
        return warnings.isEmpty ? nil : warnings
    }
}

extension SkillStore {
    /// A blob and its role in one statement: what a server needs to serve it.
    public func blobWithRole(id: BlobID) throws -> (Blob, BlobRole) {
        guard let row = try database.queryFirst("""
            SELECT b.digest, b.content,
                   (SELECT path FROM version_files WHERE blob = b.id LIMIT 1) AS path,
                   EXISTS (SELECT 1 FROM versions WHERE manifest_blob = b.id) AS manifest,
                   EXISTS (SELECT 1 FROM sources WHERE blob = b.id) AS source
            FROM blobs b WHERE b.id = ?
            """, [.text(id.hex)]),
            let digest = BlobDigest(hex: row.string("digest"))
        else {
            throw SkillStoreError.notFound("no blob \(id)")
        }
        let bytes = row.bytes("content")
        guard BlobDigest(of: bytes) == digest else {
            throw SkillStoreError.corrupt("blob \(digest.id) no longer hashes to its id")
        }
        let role: BlobRole
        if let path = row.optionalString("path") {
            role = .file(path: path)
        } else if try row.int("manifest") != 0 {
            role = .manifest
        } else if try row.int("source") != 0 {
            role = .source
        } else {
            role = .unreferenced
        }
        return (Blob(digest: digest, bytes: bytes), role)
    }

}

extension SkillStore {
    /// The versions whose SKILL.md or bundle manifest is the blob `id`,
    /// newest first: how a pinned id finds its skill.
    public func versions(containingBlob id: BlobID) throws -> [SkillVersion] {
        try versions(containingBlob: id, before: nil, limit: nil)
    }

    /// A page of `versions(containingBlob:)`: at most `limit` of those older
    /// than the version numbered `before`.
    public func versions(containingBlob id: BlobID, before: Int?, limit: Int?) throws -> [SkillVersion] {
        try database.query(
            "\(Self.versionColumns) WHERE (v.skill_blob = ? OR v.manifest_blob = ?) AND v.seq < ? ORDER BY v.seq DESC LIMIT ?",
            [.text(id.hex), .text(id.hex), Self.sqlBefore(before), Self.sqlLimit(limit)]
        ).map(makeVersion)
    }
}
