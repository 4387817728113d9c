import Foundation

public struct PublishOptions: Sendable {
    /// A label for every skill of this publish (`--version`), before any other source.
    public var version: String?
    /// Publish the valid skills and report the rest, instead of refusing all.
    public var skipInvalid = false
    /// Who publishes, recorded with each new version.
    public var publisher = "unknown"
    public var limits = BundleReader.Limits()

    public init() {}
}

/// The outcome for one skill of a publish.
public struct PublishResult: Sendable, Codable, Equatable {
    public enum Status: String, Sendable, Codable {
        /// A new version was recorded.
        case new
        /// The same bundle was already published as this version; nothing changed.
        case unchanged
    }

    public var name: String
    public var label: String
    public var id: String
    public var manifest: String
    public var sequence: Int
    public var status: Status
    public var path: String
}

public struct PublishReport: Sendable {
    public var results: [PublishResult] = []
    /// Skills refused, each with its reasons (only with `skipInvalid`).
    public var refused: [InputRefused] = []
}

extension SkillStore {
    /// Publishes every skill of `sources` in one transaction.
    ///
    /// All or nothing by default: every skill is read and validated, and if
    /// any is refused nothing lands and `InputRefused` lists every reason.
    /// With `skipInvalid`, the valid skills land and the report lists the
    /// rest. Re-publishing a bundle already published under the same skill
    /// is a no-op that reports the existing version. `progress` is called
    /// after each skill with the count done and the total.
    public func publish(
        _ sources: [SkillSource], options: PublishOptions = PublishOptions(),
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> PublishReport {
        let publishedAt = Timestamp.now()
        let reader = BundleReader(limits: options.limits)
        var report = PublishReport()
        var namesSeen: [String: String] = [:]

        try database.transaction {
            for (index, source) in sources.enumerated() {
                defer { progress(index + 1, sources.count) }
                do {
                    let prepared = try prepare(source, reader: reader, options: options, namesSeen: &namesSeen)
                    // Once one skill is refused an all-or-nothing publish writes
                    // no more; it only goes on validating, to list every error.
                    guard report.refused.isEmpty || options.skipInvalid else { continue }
                    report.results.append(try record(prepared, publishedAt: publishedAt, publisher: options.publisher))
                } catch let refused as InputRefused {
                    report.refused.append(refused)
                }
            }
            if !report.refused.isEmpty && !options.skipInvalid {
                throw InputRefused(report.refused.flatMap(\.diagnostics))
            }
        }
        return report
    }

    /// A skill read, parsed, validated and hashed, ready to record.
    private struct PreparedSkill {
        var source: SkillSource
        var name: String
        var label: String
        var document: SkillDocument
        var files: [(file: BundleFile, digest: BlobDigest)]
        var manifest: BundleManifest
        var manifestBytes: [UInt8]
        var manifestDigest: BlobDigest
    }

    private func prepare(
        _ source: SkillSource, reader: BundleReader, options: PublishOptions, namesSeen: inout [String: String]
    ) throws(InputRefused) -> PreparedSkill {
        let files = try reader.read(source)
        guard let skillFile = files.first, skillFile.path == "SKILL.md" else {
            throw InputRefused([Diagnostic(
                path: source.path, location: nil, message: "the folder has no SKILL.md", code: "skill-missing")])
        }
        let skillPath = source.skillFilePath
        let document = try SkillDocument.parse(skillFile.bytes, path: skillPath, folderName: source.folderName)

        if let earlier = namesSeen[document.name] {
            throw InputRefused([Diagnostic(
                path: skillPath, location: document.frontMatter["name"]?.location,
                message: "skill '\(document.name)' is also published from \(earlier) in this run",
                code: "name-duplicate")])
        }
        namesSeen[document.name] = source.path

        let label = try versionLabel(for: source, document: document, options: options)
        let hashed = files.map { (file: $0, digest: BlobDigest(of: $0.bytes)) }
        let manifest = BundleManifest(files: hashed.map {
            BundleManifest.Entry(
                path: $0.file.path, size: $0.file.bytes.count, executable: $0.file.executable,
                id: $0.digest.id, sha256: $0.digest.hex)
        })
        let manifestBytes = manifest.canonicalJSON()
        return PreparedSkill(
            source: source, name: document.name, label: label, document: document, files: hashed,
            manifest: manifest, manifestBytes: manifestBytes, manifestDigest: BlobDigest(of: manifestBytes))
    }

    /// `--version`, else the front-matter's `version` or `metadata.version`,
    /// else a label derived from git; else the skill is refused.
    private func versionLabel(
        for source: SkillSource, document: SkillDocument, options: PublishOptions
    ) throws(InputRefused) -> String {
        let path = source.skillFilePath
        if let label = options.version ?? document.declaredVersion {
            if let problem = VersionLabel.problem(with: label) {
                let location = options.version == nil
                    ? (document.frontMatter["version"] ?? document.frontMatter["metadata"]?["version"])?.location
                    : nil
                throw InputRefused([Diagnostic(
                    path: path, location: location, message: "version label '\(label)' \(problem)", code: "version-invalid")])
            }
            return label
        }
        switch GitVersionLabel.derive(for: source) {
        case .label(let label):
            return label
        case .unavailable(let reason):
            throw InputRefused([Diagnostic(
                path: path, location: SourceLocation(line: 1, column: 1),
                message: "no version label: pass --version LABEL, set 'version' (or 'metadata.version') "
                    + "in the front-matter, or publish from a git checkout with the skill committed "
                    + "(git: \(reason))",
                code: "version-missing")])
        }
    }

    /// Writes one prepared skill inside the open transaction, under a
    /// savepoint so a refusal here takes back this skill's writes only.
    private func record(_ skill: PreparedSkill, publishedAt: String, publisher: String) throws -> PublishResult {
        let path = skill.source.skillFilePath
        func result(_ sequence: Int, _ status: PublishResult.Status, label: String) -> PublishResult {
            PublishResult(
                name: skill.name, label: label, id: skill.files[0].digest.id, manifest: skill.manifestDigest.id,
                sequence: sequence, status: status, path: skill.source.path)
        }

        if let existing = try database.queryFirst(
            "SELECT seq, label FROM versions WHERE skill = ? AND manifest_blob = ?",
            [.text(skill.name), .text(skill.manifestDigest.id)])
        {
            return result(existing.int("seq"), .unchanged, label: existing.string("label"))
        }
        if let clash = try database.queryFirst(
            "SELECT published_at FROM versions WHERE skill = ? AND label = ?",
            [.text(skill.name), .text(skill.label)])
        {
            throw InputRefused([Diagnostic(
                path: path, location: nil,
                message: "version '\(skill.label)' of '\(skill.name)' was already published with different "
                    + "content (\(clash.string("published_at"))); versions are immutable, so publish this under a new label",
                code: "version-exists")])
        }

        try database.execute("SAVEPOINT skill")
        do {
            for (file, digest) in skill.files {
                try storeBlob(file.bytes, digest: digest, path: skill.source.kind == .folder
                    ? (skill.source.path as NSString).appendingPathComponent(file.path) : path)
            }
            try storeBlob(skill.manifestBytes, digest: skill.manifestDigest, path: path)
            try database.statement("INSERT INTO skills (name, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING")
                .run([.text(skill.name), .text(publishedAt)])
            try database.statement("""
                INSERT INTO versions (skill, label, skill_blob, manifest_blob, description, front_matter,
                                      published_at, published_by)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """).run([
                    .text(skill.name), .text(skill.label), .text(skill.files[0].digest.id),
                    .text(skill.manifestDigest.id), .text(skill.document.description),
                    .text(skill.document.frontMatter.jsonText()), .text(publishedAt), .text(publisher),
                ])
            let sequence = Int(database.lastInsertRowID)
            let insertFile = try database.statement(
                "INSERT INTO version_files (version, path, blob, size, executable) VALUES (?, ?, ?, ?, ?)")
            for entry in skill.manifest.files {
                try insertFile.run([
                    .integer(Int64(sequence)), .text(entry.path), .text(entry.id),
                    .integer(Int64(entry.size)), .integer(entry.executable ? 1 : 0),
                ])
            }
            try database.execute("RELEASE skill")
            return result(sequence, .new, label: skill.label)
        } catch {
            try? database.execute("ROLLBACK TO skill")
            try? database.execute("RELEASE skill")
            throw error
        }
    }

    /// Stores `bytes` once. An id already taken by different bytes is refused.
    private func storeBlob(_ bytes: [UInt8], digest: BlobDigest, path: String) throws {
        try database.statement(
            "INSERT INTO blobs (digest, id, size, content) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"
        ).run([.text(digest.hex), .text(digest.id), .integer(Int64(bytes.count)), .blob(bytes)])
        guard database.changes == 0 else { return }
        let stored = try database.queryFirst("SELECT digest FROM blobs WHERE id = ?", [.text(digest.id)])
        if let stored, stored.string("digest") != digest.hex {
            throw InputRefused([Diagnostic(
                path: path, location: nil,
                message: "blob id \(digest.id) is already taken by different bytes (sha256:\(stored.string("digest"))); "
                    + "this content (sha256:\(digest.hex)) cannot be stored under it",
                code: "blob-id-collision")])
        }
    }
}
