/// Errors of the store that are not about the input's content.
public enum SkillStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No database file at the path, for a command that only reads.
    case databaseMissing(path: String)
    /// A skill, version or blob that is not in the store.
    case notFound(String)
    /// The file is not a SkillStore database (another SQLite database, or not SQLite at all).
    case notASkillStore(path: String, reason: String)
    /// Stored bytes that no longer hash to their id: the database was damaged.
    case corrupt(String)
    /// The database holds migrations this binary does not carry: a newer
    /// SkillStore changed its schema, and an older one could write rows
    /// that break what the newer one keeps.
    case newerStore(path: String, unknownMigrations: [String])

    public var description: String {
        switch self {
        case .databaseMissing(let path):
            return "no SkillStore database at \(path); create it with 'skillctl init' or by publishing"
        case .notFound(let what):
            return what
        case .notASkillStore(let path, let reason):
            return "\(path) is not a SkillStore database (\(reason)); nothing was changed"
        case .corrupt(let what):
            return "integrity failure: \(what); run 'skillctl fsck'"
        case .newerStore(let path, let unknown):
            return "\(path) was migrated by a newer SkillStore (\(unknown.joined(separator: ", ")), unknown to this one); "
                + "use a skillctl or server at least as new; nothing was changed"
        }
    }
}
