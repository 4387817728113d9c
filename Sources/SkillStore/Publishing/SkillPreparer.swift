import Foundation

/// A skill read, parsed, validated, hashed and extracted, ready to record.
struct PreparedSkill: Sendable {
    var source: SkillSource
    var name: String
    var label: String
    /// What the version row needs of the document. The parsed trees are not
    /// kept: they are dropped on the worker that built them, not the writer.
    var description: String
    var frontMatterJSON: String
    var nameLocation: SourceLocation?
    var files: [(file: BundleFile, digest: BlobDigest)]
    var manifest: BundleManifest
    var manifestBytes: [UInt8]
    var manifestDigest: BlobDigest
    var graph: SkillGraph
    /// The version's full-text rows.
    var searchEntries: [SearchEntry]
}

/// Turns a skill on disk into a `PreparedSkill`. Holds no state of its own,
/// so many threads can prepare skills at once.
struct SkillPreparer: Sendable {
    let reader: BundleReader
    /// `--version`, applied to every skill.
    let version: String?
    /// The label of a skill that declares none (`PublishOptions.derivedLabel`).
    let derivedLabel: @Sendable (SkillSource) -> GitVersionLabel.Outcome
    let vocabulary: LabelVocabulary

    func prepare(_ source: SkillSource) throws(InputRefused) -> PreparedSkill {
        let files = try reader.read(source)
        guard let skillFile = files.first, skillFile.path == "SKILL.md" else {
            throw InputRefused([Diagnostic(
                path: source.path, location: nil, message: "the folder has no SKILL.md", code: "skill-missing")])
        }
        let skillPath = source.skillFilePath
        let document = try SkillDocument.parse(skillFile.bytes, path: skillPath, folderName: source.folderName)

        let label = try versionLabel(for: source, document: document)
        // Only rules, links, the legend and claims' text and labels are
        // stored; citations are read again from the blob when asked for.
        let graph = GraphExtractor.extract(from: document, vocabulary: vocabulary, citations: false)
        let hashed = files.map { (file: $0, digest: BlobDigest(of: $0.bytes)) }
        let manifest = BundleManifest(files: hashed.map {
            BundleManifest.Entry(
                path: $0.file.path, size: $0.file.bytes.count, executable: $0.file.executable,
                id: $0.digest.id, sha256: $0.digest.hex)
        })
        let manifestBytes = manifest.canonicalJSON()
        return PreparedSkill(
            source: source, name: document.name, label: label, description: document.description,
            frontMatterJSON: document.frontMatter.jsonText(), nameLocation: document.frontMatter["name"]?.location,
            files: hashed,
            manifest: manifest, manifestBytes: manifestBytes, manifestDigest: BlobDigest(of: manifestBytes),
            graph: graph,
            searchEntries: SearchEntry.entries(name: document.name, description: document.description, graph: graph))
    }

    /// `--version`, else the front-matter's `version` or `metadata.version`,
    /// else a label derived from git; else the skill is refused.
    private func versionLabel(for source: SkillSource, document: SkillDocument) throws(InputRefused) -> String {
        let path = source.skillFilePath
        if let label = version ?? document.declaredVersion {
            if let problem = VersionLabel.problem(with: label) {
                let location = version == nil
                    ? (document.frontMatter["version"] ?? document.frontMatter["metadata"]?["version"])?.location
                    : nil
                throw InputRefused([Diagnostic(
                    path: path, location: location, message: "version label '\(label)' \(problem)", code: "version-invalid")])
            }
            return label
        }
        switch derivedLabel(source) {
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

}
