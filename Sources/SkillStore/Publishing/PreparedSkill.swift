/// A skill read, parsed, validated, hashed and extracted, ready to record.
struct PreparedSkill: Sendable {
    var source: SkillSource
    var name: String
    /// The namespace (the source's) and the name.
    var key: SkillKey { SkillKey(namespace: source.namespace, name: name) }
    /// The name as the front-matter declares it, when it is not the id.
    var declaredName: String?
    /// What the Agent Skills rules ask but the skill breaks; recorded with the version.
    var warnings: [Diagnostic]
    var label: String
    /// Why the label was derived from the content, when it was.
    var labelNote: String?
    /// What the version row needs of the document. The parsed trees are not
    /// kept: they are dropped on the worker that built them, not the writer.
    var description: String
    var frontMatterJSON: String
    var nameLocation: SourceLocation?
    var files: [(file: BundleFile, digest: BlobDigest)]
    var manifest: BundleManifest
    var manifestBytes: [UInt8]
    var manifestDigest: BlobDigest
    var rows: VersionRows
    /// The safety scan's findings on the bundle; nil when the publish does
    /// not scan (`--no-scan` leaves the verdict to `scan --all`).
    var findings: [ScanFinding]?
}
