/// One skill's files in memory and where they came from: what a publish
/// takes, whether the files were read from a folder on disk
/// (`init(reading:limits:)`) or unpacked from an uploaded archive
/// (`SkillBundle.bundles(inArchive:limits:)`). Both publish through the same code.
public struct SkillBundle: Sendable {
    /// The skill folder or lone file as its publisher named it: a path on
    /// disk, or a path inside an uploaded archive. Diagnostics and results
    /// name it; a folder's name is the one its skill must carry.
    public var source: SkillSource
    /// `SKILL.md` first, then the other files in path order.
    var files: [BundleFile]
    /// Where a version label comes from when neither `--version` nor the
    /// front-matter gives one.
    var gitLabel: GitLabelOrigin

    enum GitLabelOrigin: Sendable, Equatable {
        /// Ask git about the folder on disk.
        case checkout
        /// What the sender's git said, carried with the upload (nil: nothing was sent).
        case carried(GitVersionLabel.Outcome?)
    }

    init(source: SkillSource, files: [BundleFile], gitLabel: GitLabelOrigin) {
        self.source = source
        self.files = files
        self.gitLabel = gitLabel
    }

    /// Reads the skill at `source` from disk.
    public init(reading source: SkillSource, limits: BundleReader.Limits = .init()) throws(InputRefused) {
        self.init(source: source, files: try BundleReader(limits: limits).read(source), gitLabel: .checkout)
    }

    /// The bundle's `SKILL.md`, if it has one.
    /// The paths of its files within it (`SKILL.md`, `skills/inner/SKILL.md`).
    public var filePaths: [String] { files.map(\.path) }

    public var skillFile: BundleFile? {
        files.first.flatMap { $0.path == "SKILL.md" ? $0 : nil }
    }

    /// The label git gives the skill, asked where the files are: of the
    /// checkout holding the folder, or as its sender's git said.
    public func derivedGitLabel() -> GitVersionLabel.Outcome {
        switch gitLabel {
        case .checkout:
            return GitVersionLabel.derive(for: source)
        case .carried(let outcome):
            return outcome ?? .unavailable("the archive carries no git label for it (sent from outside a git checkout?)")
        }
    }
}
