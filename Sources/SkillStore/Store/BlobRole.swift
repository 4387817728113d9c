/// What a blob is to the store, so that a server can give it the right
/// Content-Type: the same bytes may be several files, and the first found
/// names it.
public enum BlobRole: Sendable, Equatable {
    /// A file of a skill's bundle, at this path (`SKILL.md`, `scripts/run.sh`).
    case file(path: String)
    /// A bundle manifest (JSON).
    case manifest
    /// A source document published with `publish --source`.
    case source
    /// Stored, but referenced by nothing (not reachable by normal use).
    case unreferenced
}
