/// What `skillctl --version` prints: the release and the commit the binary
/// was built from, so that a bug report names the exact source.
enum ToolVersion {
    /// Raised by hand when a release is made.
    static let release = "0.1.0"

    /// `git rev-parse --short HEAD` when the build ran, "unknown" when it
    /// ran outside a git checkout (written by EmbedBuildCommitPlugin).
    static let commit = buildCommit

    /// `skillctl 0.1.0 (commit 98c9a91)`.
    static var line: String { "skillctl \(release) (commit \(commit))" }

    /// `skillctl --version --json`.
    struct Report: Encodable {
        var version = ToolVersion.release
        var commit = ToolVersion.commit
    }
}
