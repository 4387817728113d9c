extension SkillStore {
    /// Re-hashes every blob and checks every version against its manifest,
    /// and the search's recorded row sizes against FTS5's.
    /// `progress` is called with blobs checked so far and the total.
    public func checkIntegrity(progress: (Int, Int) -> Void = { _, _ in }) throws -> IntegrityReport {
        var report = IntegrityReport()
        let total = try database.queryFirst("SELECT count(*) AS n FROM blobs")?.int("n") ?? 0
        // Stepped row by row, so memory holds one blob at a time.
        let blobs = try database.statement("SELECT digest, id, size, content FROM blobs ORDER BY rowid")
        try blobs.bind([])
        while let row = try blobs.step() {
            let stored = row.string("digest")
            let bytes = row.bytes("content")
            let actual = BlobDigest(of: bytes)
            if actual.hex != stored {
                report.problems.append(IntegrityProblem(
                    subject: row.string("id"), message: "content hashes to sha256:\(actual.hex), not sha256:\(stored)"))
            } else if row.string("id") != actual.id.hex {
                report.problems.append(IntegrityProblem(subject: row.string("id"), message: "id is not the digest's prefix"))
            }
            // A damaged row is a problem to list, not a reason to stop.
            if let size = try? row.int("size") {
                if size != bytes.count {
                    report.problems.append(IntegrityProblem(
                        subject: row.string("id"), message: "recorded size \(size) but holds \(bytes.count) bytes"))
                }
            } else {
                report.problems.append(IntegrityProblem(
                    subject: row.string("id"), message: "recorded size '\(row.string("size"))' is not a number"))
            }
            report.blobsChecked += 1
            if report.blobsChecked % 1000 == 0 { progress(report.blobsChecked, total) }
        }
        progress(report.blobsChecked, total)

        for row in try database.query("SELECT seq, namespace, skill, label, skill_blob, manifest_blob FROM versions ORDER BY seq") {
            report.versionsChecked += 1
            let key = SkillKey(namespace: row.string("namespace"), name: row.string("skill"))
            let subject = "\(key)@\(row.string("label"))"
            func problem(_ message: String) {
                report.problems.append(IntegrityProblem(subject: subject, message: message))
            }
            let manifestBlob: Blob
            do {
                manifestBlob = try blob(.id(try row.blobID("manifest_blob")))
            } catch SkillStoreError.corrupt {
                problem("manifest blob \(row.string("manifest_blob")) is damaged")
                continue
            } catch {
                problem("manifest blob \(row.string("manifest_blob")) is missing")
                continue
            }
            guard let manifest = BundleManifest.decode(manifestBlob.bytes) else {
                problem("manifest blob \(row.string("manifest_blob")) is not a bundle manifest")
                continue
            }
            // seq is the table's INTEGER PRIMARY KEY: always a whole number.
            let rows = try database.query(
                "SELECT f.path, f.size, f.executable, f.blob, b.digest, b.size AS stored_size FROM version_files f "
                    + "LEFT JOIN blobs b ON b.id = f.blob WHERE f.version = ? ORDER BY f.path",
                [.integer(Int64(try row.int("seq")))])
            let recorded = try? rows.map {
                BundleManifest.Entry(
                    path: $0.string("path"), size: try $0.int("size"), executable: try $0.int("executable") != 0,
                    id: try $0.blobID("blob"), sha256: $0.string("digest"))
            }
            if recorded != manifest.files {
                problem("the file list differs from manifest \(row.string("manifest_blob"))")
            }
            for file in rows where file.optionalString("digest") == nil {
                problem("file \(file.string("path")) names blob \(file.string("blob")), which is missing")
            }
            for file in rows where file.optionalString("digest") != nil {
                guard let recorded = try? file.int("size"), let stored = try? file.int("stored_size") else {
                    problem("file \(file.string("path")) has a size that is not a number ('\(file.string("size"))', blob: '\(file.string("stored_size"))')")
                    continue
                }
                if recorded != stored {
                    problem("file \(file.string("path")) is recorded as \(recorded) bytes but its blob holds \(stored)")
                }
            }
            if manifest.files.first(where: { $0.path == "SKILL.md" })?.id.hex != row.string("skill_blob") {
                problem("SKILL.md in the manifest is not blob \(row.string("skill_blob"))")
            }
            do {
                _ = try graph(of: try version(of: key, label: row.string("label")))
            } catch {
                problem("its knowledge graph cannot be read: \(error)")
            }
        }
        // The row sizes bm25 reads beside FTS5's (a wrong one would only
        // mis-rank: nothing in SkillStore writes one).
        for mismatch in try searchSizeMismatches() {
            let version = try database.queryFirst(
                "SELECT namespace, skill, label FROM versions WHERE seq = ?", [.integer(Int64(mismatch.version))])
            let subject = version.map {
                "\(SkillKey(namespace: $0.string("namespace"), name: $0.string("skill")))@\($0.string("label"))"
            } ?? "version \(mismatch.version)"
            report.problems.append(IntegrityProblem(
                subject: subject, message: "its size in \(mismatch.table) is recorded as \(mismatch.recorded) tokens for "
                    + "search, but FTS5 holds \(mismatch.actual) ('skillctl optimize' records it again)"))
        }
        // A version marked as having no copy that has one: search would
        // show it without listing its copies (`noteCopies` keeps the mark).
        for row in try database.query(
            "SELECT namespace, skill, label FROM versions WHERE unshared = 1 AND \(Self.hasCopy)") {
            report.problems.append(IntegrityProblem(
                subject: "\(SkillKey(namespace: row.string("namespace"), name: row.string("skill")))@\(row.string("label"))",
                message: "it is marked as having no copy, but another version has its SKILL.md or another namespace its name"))
        }
        for row in try database.query(
            "SELECT s.url, s.blob FROM sources s LEFT JOIN blobs b ON b.id = s.blob WHERE b.id IS NULL")
        {
            report.problems.append(IntegrityProblem(
                subject: row.string("url"), message: "source blob \(row.string("blob")) is missing"))
        }
        return report
    }
}
