import Foundation

extension SkillStore {
    /// Stores the page at `path` as the latest version of the source `url`
    /// (compared without query or fragment). The same bytes again are a no-op.
    public func publishSource(url: String, path: String, publisher: String) throws -> SourcePublishResult {
        guard CitationTarget(url, registry: nil).kind == .external else {
            throw UsageProblem("a source URL needs a scheme, as in https://example.org/page: '\(url)'")
        }
        let target = CitationTarget.withoutFragment(url)
        var limits = BundleReader.Limits()
        limits.maxFiles = 1
        let file = try BundleReader(limits: limits).read(SkillSource(kind: .file, path: path))[0]
        let text = try TextDecoding.decode(file.bytes, path: path)
        let document = SourceDocument(text: text)
        let digest = BlobDigest(of: file.bytes)

        return try database.transaction {
            // The same bytes as the latest version: nothing to do. (An older
            // text published again becomes the latest, as a new version.)
            if let latest = try database.queryFirst(
                "SELECT seq, blob FROM sources WHERE url = ? ORDER BY seq DESC LIMIT 1", [.text(target)]),
               latest.string("blob") == digest.id.hex
            {
                let existing = latest
                return SourcePublishResult(
                    url: target, id: digest.id, sequence: try existing.int("seq"), sections: document.sections.count,
                    status: .unchanged)
            }
            if let taken = try database.queryFirst("SELECT digest FROM blobs WHERE id = ?", [.text(digest.id.hex)])?
                .string("digest"), taken != digest.hex {
                throw InputRefused([Diagnostic(
                    path: path, location: nil,
                    message: "blob id \(digest.id) is already taken by different bytes (sha256:\(taken))",
                    code: "blob-id-collision")], kind: .conflict)
            }
            try storeBlob(file.bytes, digest: digest)
            try database.query(
                "INSERT INTO sources (url, blob, published_at, published_by) VALUES (?, ?, ?, ?)",
                [.text(target), .text(digest.id.hex), .text(Timestamp.now()), .text(publisher)])
            let sequence = Int(database.lastInsertRowID)
            let insert = try database.statement(
                "INSERT INTO source_sections (source, ord, title, anchor, line, text) VALUES (?, ?, ?, ?, ?, ?)")
            for (ord, section) in document.sections.enumerated() {
                try insert.bind(1, sequence)
                try insert.bind(2, ord)
                try insert.bind(3, section.title)
                try insert.bind(4, SourceDocument.anchorKey(section.title))
                try insert.bind(5, section.line)
                try insert.bind(6, section.text)
                try insert.runBound()
            }
            try writeSearchEntries(SearchEntry.entries(source: document), owner: sequence)
            return SourcePublishResult(
                url: target, id: digest.id, sequence: sequence, sections: document.sections.count, status: .new)
        }
    }

    /// Indexes the sources stored before the search index existed.
    func indexStoredSources() throws {
        let stored = try database.query("SELECT seq, blob FROM sources ORDER BY seq")
        guard !stored.isEmpty else { return }
        try database.transaction {
            for row in stored {
                let text = String(decoding: try blob(.id(try row.blobID("blob"))).bytes, as: UTF8.self)
                try deleteSearchEntries(owner: try row.int("seq"), source: true)
                try writeSearchEntries(SearchEntry.entries(source: SourceDocument(text: text)), owner: try row.int("seq"))
            }
        }
    }

    /// The latest stored version of the source at `target` (a citation's
    /// URL without query or fragment), if one is stored.
    func source(at target: String) throws -> StoredSource? {
        guard let row = try database.queryFirst(
            "SELECT seq, url, blob, published_at FROM sources WHERE url = ? ORDER BY seq DESC LIMIT 1", [.text(target)])
        else { return nil }
        return try makeSource(row)
    }

    /// Every source, latest version of each, by URL.
    public func sources() throws -> [StoredSource] { try sources(after: nil, limit: nil) }

    /// A page of `sources()`: at most `limit` of those whose URL sorts after `after`.
    public func sources(after: String?, limit: Int?) throws -> [StoredSource] {
        try database.query("""
            SELECT seq, url, blob, published_at FROM sources s
            WHERE seq = (SELECT max(seq) FROM sources l WHERE l.url = s.url) AND url > ? ORDER BY url LIMIT ?
            """, [.text(after ?? ""), Self.sqlLimit(limit)]).map(makeSource)
    }

    private func makeSource(_ row: Row) throws -> StoredSource {
        let sections = try database.query(
            "SELECT title, line, text FROM source_sections WHERE source = ? ORDER BY ord", [.integer(Int64(try row.int("seq")))]
        ).map { SourceDocument.Section(title: $0.string("title"), line: try $0.int("line"), text: $0.string("text")) }
        return StoredSource(
            url: row.string("url"), sequence: try row.int("seq"), id: try row.blobID("blob"),
            publishedAt: row.string("published_at"), sections: sections)
    }
}
