import Foundation

extension SkillStore {
    /// Publishes every skill of `bundles` in one transaction: the one path
    /// of every publish, from folders on disk or from an uploaded archive.
    ///
    /// All or nothing by default: every skill is read and validated, and if
    /// any is refused nothing lands and `InputRefused` lists every reason.
    /// With `skipInvalid`, the valid skills land and the report lists the
    /// rest. Re-publishing a bundle already published under the same skill
    /// is a no-op that reports the existing version. `progress` is called
    /// after each skill with the count done and the total.
    public func publish(
        _ bundles: BundleBatch, options: PublishOptions = PublishOptions(),
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> PublishReport {
        let publishedAt = Timestamp.now()
        var report = PublishReport()
        var namesSeen: [SkillKey: SkillSource] = [:]
        let preparer = SkillPreparer(
            version: options.version, strict: options.strict, vocabulary: try labelVocabulary(),
            scan: options.scan || options.refuseRisky != nil, refuseRisky: options.refuseRisky)

        // Reading, parsing, extraction and hashing run on every core; this
        // thread writes, in order, inside one transaction.
        let pipeline = OrderedPipeline(
            count: bundles.count, workers: ProcessInfo.processInfo.activeProcessorCount, window: 256
        ) { index in
            Result { () throws(InputRefused) in try preparer.prepare(try bundles.bundle(index)) }
        }
        defer { pipeline.cancel() }

        try database.transaction {
            // A server's connection may outlive the schema it opened.
            try Migrator().refuseNewer(database)
            for index in 0..<bundles.count {
                defer { progress(index + 1, bundles.count) }
                let result = pipeline.result(index)
                defer { pipeline.recycle(result) }
                do {
                    var prepared = try result.get()
                    // Lenient: a second skill of the same name in one run is
                    // named apart by its folders; strict refuses it.
                    if let earlier = namesSeen[prepared.key], !options.strict,
                       let renamed = prepared.namedApart(from: earlier, taken: { namesSeen[$0] != nil })
                    {
                        prepared = renamed
                    }
                    if let earlier = namesSeen[prepared.key] {
                        throw InputRefused([Diagnostic(
                            path: prepared.source.skillFilePath, location: prepared.nameLocation,
                            message: "skill '\(prepared.key)' is also published from \(earlier.path) in this run",
                            code: "name-duplicate")])
                    }
                    namesSeen[prepared.key] = prepared.source
                    guard options.allowsSkill(prepared.key) else {
                        throw InputRefused([Diagnostic(
                            path: prepared.source.skillFilePath, location: prepared.nameLocation,
                            message: "skill '\(prepared.key)' is outside \(options.scopeDescription)", code: "token-scope")], kind: .forbidden)
                    }
                    // Once one skill is refused an all-or-nothing publish writes
                    // no more; it only goes on validating, to list every error.
                    guard report.refused.isEmpty || options.skipInvalid else { continue }
                    report.results.append(try record(prepared, publishedAt: publishedAt, publisher: options.publisher))
                } catch let refused as InputRefused {
                    report.refused.append(refused)
                }
            }
            if !report.refused.isEmpty && !options.skipInvalid {
                throw InputRefused(merging: report.refused)
            }
            // After every full-text row: an UPDATE opens a statement
            // savepoint, and FTS5 writes its pending terms out at every
            // savepoint; once per skill, that tripled the publish's time.
            let added = report.results.filter { $0.status == .new }
            for result in added {
                try markLatest(result.sequence, of: result.key)
            }
            try noteSecondVersions(added.map(\.sequence))
            try noteCopies(added.map(\.sequence))
            try recordSearchSizes(of: added.map(\.sequence))
            options.checkpoint(.beforeCommit)
        }
        options.checkpoint(.committed)
        // Best effort: the publish has landed, and a failed merge leaves
        // the index as it was, only slower to search.
        if report.results.contains(where: { $0.status == .new }) { try? compactSearchIndexes() }
        return report
    }

    /// Publishes the skills at `sources`, each read from disk when its turn comes.
    public func publish(
        _ sources: [SkillSource], options: PublishOptions = PublishOptions(), progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> PublishReport {
        try publish(BundleBatch(reading: sources), options: options, progress: progress)
    }

    /// Writes one prepared skill inside the open transaction. Every refusal
    /// is found before its first write, so a refused skill leaves nothing.
    private func record(_ skill: PreparedSkill, publishedAt: String, publisher: String) throws -> PublishResult {
        let path = skill.source.skillFilePath
        func result(_ sequence: Int, _ status: PublishResult.Status, label: String) -> PublishResult {
            PublishResult(
                namespace: skill.key.namespace, name: skill.name, label: label, id: skill.files[0].digest.id,
                manifest: skill.manifestDigest.id, sequence: sequence, status: status, path: skill.source.path,
                note: skill.labelNote, warnings: skill.warnings.isEmpty ? nil : skill.warnings)
        }

        if let existing = try database.queryFirst(
            "SELECT seq, label FROM versions WHERE namespace = ? AND skill = ? AND manifest_blob = ?",
            [.text(skill.key.namespace), .text(skill.name), .text(skill.manifestDigest.id.hex)])
        {
            try recordVerdict(of: skill, at: publishedAt)
            return result(try existing.int("seq"), .unchanged, label: existing.string("label"))
        }
        if let clash = try database.queryFirst(
            "SELECT published_at FROM versions WHERE namespace = ? AND skill = ? AND label = ?",
            [.text(skill.key.namespace), .text(skill.name), .text(skill.label)])
        {
            throw InputRefused([Diagnostic(
                path: path, location: nil,
                message: "version '\(skill.label)' of '\(skill.key)' was already published with different "
                    + "content (\(clash.string("published_at"))); versions are immutable, so publish this under a new label",
                code: "version-exists")])
        }

        // Every refusal is found before the first write, so a skill refused
        // under --skip-invalid leaves nothing behind without a savepoint (a
        // savepoint per skill would also make a full-text index flush its
        // pending terms for every skill).
        try refuseIDCollisions(skill)
        for (file, digest) in skill.files {
            try storeBlob(file.bytes, digest: digest)
        }
        try storeBlob(skill.manifestBytes, digest: skill.manifestDigest)
        try database.statement("INSERT INTO skills (namespace, name, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
            .run([.text(skill.key.namespace), .text(skill.name), .text(publishedAt)])
        try database.statement("""
            INSERT INTO versions (namespace, skill, label, skill_blob, manifest_blob, description, front_matter,
                                  published_at, published_by, graph_version, legend, declared_name)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([
                .text(skill.key.namespace), .text(skill.name), .text(skill.label), .text(skill.files[0].digest.id.hex),
                .text(skill.manifestDigest.id.hex), .text(skill.description),
                .text(skill.frontMatterJSON), .text(publishedAt), .text(publisher),
                .integer(Int64(Self.graphVersion)), .text(skill.rows.legend),
                skill.declaredName.map { .text($0) } ?? .null,
            ])
        let sequence = Int(database.lastInsertRowID)
        let insertFile = try database.statement(
            "INSERT INTO version_files (version, path, blob, size, executable) VALUES (?, ?, ?, ?, ?)")
        for entry in skill.manifest.files {
            try insertFile.run([
                .integer(Int64(sequence)), .text(entry.path), .text(entry.id.hex),
                .integer(Int64(entry.size)), .integer(entry.executable ? 1 : 0),
            ])
        }
        try write(skill.rows, version: sequence)
        try recordWarnings(of: skill, version: sequence)
        try recordVerdict(of: skill, at: publishedAt)
        return result(sequence, .new, label: skill.label)
    }

    /// Keeps the scan's verdict with the bundle, unless this scanner has
    /// already judged the same bytes (another skill or version holds them).
    private func recordVerdict(of skill: PreparedSkill, at time: String) throws {
        guard let findings = skill.findings, try !hasCurrentVerdict(bundle: skill.manifestDigest.id) else { return }
        try record(ScanVerdict(bundle: skill.manifestDigest.id, findings: findings), at: time)
    }

    /// Keeps the warnings lenient intake accepted with the version, located
    /// in the bundle (not on the publisher's disk, which readers never see).
    private func recordWarnings(of skill: PreparedSkill, version: Int) throws {
        guard !skill.warnings.isEmpty else { return }
        let insert = try database.statement(
            "INSERT INTO version_warnings (version, ord, path, line, col, code, message) VALUES (?, ?, ?, ?, ?, ?, ?)")
        for (ord, warning) in skill.warnings.enumerated() {
            try insert.run([
                .integer(Int64(version)), .integer(Int64(ord)), .text("SKILL.md"),
                warning.location.map { .integer(Int64($0.line)) } ?? .null,
                warning.location.map { .integer(Int64($0.column)) } ?? .null,
                .text(warning.code), .text(warning.message),
            ])
        }
    }

    /// Refuses the skill if any of its blobs' 16-hex ids is taken by other
    /// bytes, in the store or among its own files.
    private func refuseIDCollisions(_ skill: PreparedSkill) throws {
        var seen: [BlobID: String] = [:]
        let lookup = try database.statement("SELECT digest FROM blobs WHERE id = ?")
        for (path, digest) in skill.files.map({ ($0.file.path, $0.digest) }) + [("manifest", skill.manifestDigest)] {
            var taken = seen[digest.id]
            if taken == nil {
                try lookup.bind(1, digest.id.hex)
                taken = try lookup.step()?.string("digest")
                lookup.reset()
            }
            if let taken, taken != digest.hex {
                throw InputRefused([Diagnostic(
                    path: skill.source.kind == .folder && path != "manifest"
                        ? (skill.source.path as NSString).appendingPathComponent(path) : skill.source.skillFilePath,
                    location: nil,
                    message: "blob id \(digest.id) is already taken by different bytes (sha256:\(taken)); "
                        + "this content (sha256:\(digest.hex)) cannot be stored under it",
                    code: "blob-id-collision")], kind: .conflict)
            }
            seen[digest.id] = digest.hex
        }
    }

    /// Stores `bytes` once (`refuseIDCollisions` has ruled out an id taken by other bytes).
    func storeBlob(_ bytes: [UInt8], digest: BlobDigest) throws {
        try database.statement(
            "INSERT INTO blobs (digest, id, size, content) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"
        ).run([.text(digest.hex), .text(digest.id.hex), .integer(Int64(bytes.count)), .blob(bytes)])
        guard database.changes == 0 else { return }
        let stored = try database.queryFirst("SELECT digest FROM blobs WHERE id = ?", [.text(digest.id.hex)])
        precondition(stored?.string("digest") == digest.hex, "blob \(digest.id) collided after the collision check")
    }
}
