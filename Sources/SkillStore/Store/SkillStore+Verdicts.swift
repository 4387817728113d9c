import Foundation

extension SkillStore {
    /// The stored verdict on a bundle (its manifest id), whatever scanner
    /// judged it; nil when it has none (published with `--no-scan`, or
    /// before verdicts were stored).
    public func verdict(bundle: BlobID) throws -> ScanVerdict? {
        guard let row = try database.queryFirst(
            "SELECT scanner_version, highest FROM scan_verdicts WHERE bundle = ?", [.text(bundle.hex)])
        else { return nil }
        // Nothing found (`highest` NULL): no findings to look up, most
        // verdicts a list of results shows.
        let findings = row.optionalString("highest") == nil ? [] : try database.query("""
            SELECT rule, severity, path, line, col, evidence, explanation FROM scan_findings
            WHERE bundle = ? ORDER BY ord
            """, [.text(bundle.hex)]
        ).map { row in
            ScanFinding(
                rule: row.string("rule"), severity: ScanSeverity(rawValue: row.string("severity")) ?? .critical,
                file: row.string("path"), line: try row.int("line"), column: try row.int("col"),
                evidence: row.string("evidence"), explanation: row.string("explanation"))
        }
        return ScanVerdict(bundle: bundle, findings: findings, scannerVersion: row.string("scanner_version"))
    }

    /// The verdict on a version's bundle: the stored one, else one judged
    /// now by this scanner (and not stored: readers do not write).
    public func verdict(of version: SkillVersion) throws -> ScanVerdict {
        try verdict(bundle: version.manifest) ?? ScanVerdict(bundle: version.manifest, findings: try scan(version))
    }

    /// The verdicts on several bundles at once, in summary (what a list of
    /// results shows), in the bundles' order: nil for a bundle without
    /// one. Each bundle is looked up once. (Arrays, not a dictionary keyed
    /// by bundle: a list of results holds ten, and the first
    /// `[BlobID: ...]` of a process costs a scan of the binary's
    /// conformance records.)
    public func verdicts(for bundles: [BlobID]) throws -> [ScanSummary?] {
        var looked: [(bundle: BlobID, summary: ScanSummary?)] = []
        return try bundles.map { bundle in
            if let found = looked.first(where: { $0.bundle == bundle }) { return found.summary }
            let summary = try verdict(bundle: bundle)?.summary
            looked.append((bundle, summary))
            return summary
        }
    }

    /// Stores `verdict`, replacing an older one on the same bundle. Runs
    /// inside the caller's transaction when there is one.
    func record(_ verdict: ScanVerdict, at time: String) throws {
        let bundle = SQLValue.text(verdict.bundle.hex)
        // A publish mostly records new bundles: a plain INSERT then, as a
        // DELETE would open a statement savepoint that makes the full-text
        // index flush its pending terms.
        if try database.queryFirst("SELECT 1 AS found FROM scan_verdicts WHERE bundle = ?", [bundle]) != nil {
            try database.statement("DELETE FROM scan_findings WHERE bundle = ?").run([bundle])
            try database.statement("DELETE FROM scan_verdicts WHERE bundle = ?").run([bundle])
        }
        try database.statement(
            "INSERT INTO scan_verdicts (bundle, scanner_version, highest, scanned_at) VALUES (?, ?, ?, ?)"
        ).run([bundle, .text(verdict.scannerVersion), verdict.highest.map { .text($0.rawValue) } ?? .null, .text(time)])
        let insert = try database.statement("""
            INSERT INTO scan_findings (bundle, ord, rule, severity, path, line, col, evidence, explanation)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (ord, finding) in verdict.findings.enumerated() {
            try insert.run([
                bundle, .integer(Int64(ord)), .text(finding.rule), .text(finding.severity.rawValue), .text(finding.file),
                .integer(Int64(finding.line)), .integer(Int64(finding.column)), .text(finding.evidence),
                .text(finding.explanation),
            ])
        }
    }

    /// Whether `bundle` has a verdict from this binary's scanner.
    func hasCurrentVerdict(bundle: BlobID) throws -> Bool {
        try database.queryFirst(
            "SELECT 1 AS found FROM scan_verdicts WHERE bundle = ? AND scanner_version = ?",
            [.text(bundle.hex), .text(SkillScanner.version)]) != nil
    }

    /// Judges again every stored bundle whose verdict is missing or from
    /// another scanner version (`skillctl scan --all`). Bundles are read a
    /// batch at a time, scanned on every core, and each batch's verdicts
    /// are committed together, so an interrupted run keeps what it did.
    /// `progress` is called with the count judged and the total to judge.
    public func rejudge(progress: (Int, Int) -> Void = { _, _ in }) throws -> RejudgeReport {
        var report = RejudgeReport()
        let stale = try database.query("""
            SELECT DISTINCT v.manifest_blob FROM versions v
            LEFT JOIN scan_verdicts s ON s.bundle = v.manifest_blob
            WHERE s.bundle IS NULL OR s.scanner_version != ?
            ORDER BY v.manifest_blob
            """, [.text(SkillScanner.version)]
        ).map { try $0.blobID("manifest_blob") }
        let bundleCount = try database.queryFirst("SELECT count(DISTINCT manifest_blob) AS bundles FROM versions")
        report.current = try (bundleCount?.int("bundles") ?? 0) - stale.count
        let batchSize = 256
        var done = 0
        for start in stride(from: 0, to: stale.count, by: batchSize) {
            let batch = Array(stale[start..<min(stale.count, start + batchSize)])
            let files = try batch.map(bundleFiles)
            let verdicts = Self.judge(batch, files)
            let time = Timestamp.now()
            try database.transaction {
                for verdict in verdicts { try record(verdict, at: time) }
            }
            for verdict in verdicts { report.highest[verdict.highest?.rawValue ?? ScanSummary.clean, default: 0] += 1 }
            done += batch.count
            report.judged = done
            progress(done, stale.count)
        }
        return report
    }

    /// Scans bundles on every core; the verdicts come back in `bundles`' order.
    private static func judge(_ bundles: [BlobID], _ files: [[(path: String, bytes: [UInt8])]]) -> [ScanVerdict] {
        let results = VerdictSlots(count: bundles.count)
        DispatchQueue.concurrentPerform(iterations: bundles.count) { index in
            results.set(index, ScanVerdict(bundle: bundles[index], findings: SkillScanner().scan(files[index])))
        }
        return results.values
    }

    /// The files of a stored bundle, from any version that holds it.
    private func bundleFiles(_ bundle: BlobID) throws -> [(path: String, bytes: [UInt8])] {
        try database.query("""
            SELECT f.path, f.blob FROM version_files f
            WHERE f.version = (SELECT min(seq) FROM versions WHERE manifest_blob = ?) ORDER BY f.path
            """, [.text(bundle.hex)]
        ).map { (path: $0.string("path"), bytes: try blob(.id(try $0.blobID("blob"))).bytes) }
    }
}

/// Slots that concurrent workers fill, each its own index: the lock only
/// guards the array's storage, so it is `@unchecked Sendable`.
private final class VerdictSlots: @unchecked Sendable {
    private var slots: [ScanVerdict?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ verdict: ScanVerdict) {
        lock.lock()
        slots[index] = verdict
        lock.unlock()
    }

    var values: [ScanVerdict] { slots.map { $0! } }
}
