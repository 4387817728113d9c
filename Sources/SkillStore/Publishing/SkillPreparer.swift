import Foundation

/// Turns a skill's bundle into a `PreparedSkill`. Holds no state of its
/// own, so many threads can prepare skills at once.
struct SkillPreparer: Sendable {
    /// `--version`, applied to every skill.
    let version: String?
    /// `--strict`: refuse what the Agent Skills rules forbid, and the errors
    /// `check` finds in the skill's own files, instead of warning.
    var strict = false
    let vocabulary: LabelVocabulary
    /// Whether to run the safety scan (on this worker, with the rest).
    var scan = true
    /// Refuse a skill with a finding at or above this severity.
    var refuseRisky: ScanSeverity?

    func prepare(_ bundle: SkillBundle) throws(InputRefused) -> PreparedSkill {
        let source = bundle.source
        guard let skillFile = bundle.skillFile else {
            throw InputRefused([Diagnostic(
                path: source.path, location: nil, message: "the folder has no SKILL.md", code: "skill-missing")])
        }
        let document = try SkillDocument.parse(skillFile.bytes, path: source.skillFilePath, folderName: source.folderName, strict: strict)
        let hashed = bundle.files.map { (file: $0, digest: BlobDigest(of: $0.bytes)) }
        let manifest = BundleManifest(files: hashed.map {
            BundleManifest.Entry(
                path: $0.file.path, size: $0.file.bytes.count, executable: $0.file.executable,
                id: $0.digest.id, sha256: $0.digest.hex)
        })
        let manifestBytes = manifest.canonicalJSON()
        let manifestDigest = BlobDigest(of: manifestBytes)
        let (label, labelNote) = try versionLabel(for: bundle, document: document, bundleID: manifestDigest.id)
        var rows = VersionRows(document: document, vocabulary: vocabulary)
        rows.skillText.addBundleFiles(bundle.files.map { (path: $0.path, bytes: $0.bytes) })
        let checkErrors = StoreFreeErrors.find(
            in: document, rules: rows.graph.rules, path: source.skillFilePath,
            bundle: source.kind == .folder ? bundle.files : nil)
        if strict && !checkErrors.isEmpty { throw InputRefused(checkErrors) }
        let findings = scan ? SkillScanner().scan(bundle.files.map { (path: $0.path, bytes: $0.bytes) }) : nil
        if let refuseRisky, let findings, findings.contains(where: { $0.severity >= refuseRisky }) {
            throw InputRefused(
                findings.filter { $0.severity >= refuseRisky }.map { $0.diagnostic(under: source.path) }, kind: .unsafe)
        }
        return PreparedSkill(
            source: source, name: document.name, declaredName: document.declaredName,
            warnings: document.warnings + checkErrors.map { error in
                var warning = error
                warning.severity = .warning
                return warning
            },
            label: label, labelNote: labelNote, description: document.description,
            frontMatterJSON: document.frontMatter.jsonText(), nameLocation: document.frontMatter["name"]?.location,
            files: hashed,
            manifest: manifest, manifestBytes: manifestBytes, manifestDigest: manifestDigest,
            rows: rows, findings: findings)
    }

    /// `--version`, else the front-matter's `version` or `metadata.version`,
    /// else a label derived from git, else the content label of the bundle
    /// (`VersionLabel.content(of:)`), with a note saying why git gave none.
    private func versionLabel(
        for bundle: SkillBundle, document: SkillDocument, bundleID: BlobID
    ) throws(InputRefused) -> (label: String, note: String?) {
        let path = bundle.source.skillFilePath
        if let label = version ?? document.declaredVersion {
            let location = version == nil
                ? (document.frontMatter["version"] ?? document.frontMatter["metadata"]?["version"])?.location
                : nil
            if let refusal = VersionLabel.refusal(of: label, path: path, location: location) { throw InputRefused([refusal]) }
            return (label, nil)
        }
        switch bundle.derivedGitLabel() {
        case .label(let label):
            return (label, nil)
        case .unavailable(let reason):
            return (
                VersionLabel.content(of: bundleID),
                "labelled by its content: no --version, no 'version' in the front-matter, and no git label (\(reason))")
        }
    }

}
