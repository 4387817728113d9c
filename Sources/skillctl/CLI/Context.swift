import SkillStore

/// Everything a command needs from its surroundings.
struct Context {
    var arguments: ParsedArguments
    var output: Output
    var environment: Environment
    /// Whether this run is its process's only command (skillctl's `main`),
    /// not one of many run in one process (the tests): only then may a
    /// command set SQLite up for the whole process (`openForReading`).
    var ownsProcess = false

    var json: Bool { arguments.has(GlobalOptions.json) }
    var quiet: Bool { arguments.has(GlobalOptions.quiet) }

    /// `--db`, else `SKILLSTORE_DB`, else `$XDG_DATA_HOME/skillstore/skillstore.db`,
    /// else `~/.local/share/skillstore/skillstore.db`.
    var databasePath: String {
        if let path = arguments.value(GlobalOptions.db), !path.isEmpty { return path }
        if let path = environment["SKILLSTORE_DB"], !path.isEmpty { return path }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/skillstore/skillstore.db" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/.local/share/skillstore/skillstore.db"
    }

    /// The store, for commands that only read: a missing database is an error.
    ///
    /// A command reads most pages once and exits, so its page cache is
    /// small: each page a larger cache holds is fresh memory, which the
    /// kernel must fault in and zero (at 100,000 skills a search read 4 MB
    /// into fresh pages, a third of its time), while a page read again from
    /// the file system's cache is only copied into memory the process
    /// already has. 2 MB in one huge page when the process is this
    /// command's, the kernel has them and the store is one this build has
    /// nothing to upgrade in (`SkillStore.reserveCommandPageCache`), else
    /// 1 MB. A `resident` command, answering for as long as its host
    /// runs (`mcp`), keeps the store's default cache for the pages it reads
    /// again and again.
    func openForReading(resident: Bool = false) throws -> SkillStore {
        // Reserved before the store opens: SQLite takes it only then.
        let megabytes = resident ? nil : ownsProcess ? SkillStore.reserveCommandPageCache(forStoreAt: databasePath) : 1
        let store = try SkillStore(path: databasePath, create: false)
        if let megabytes { try store.limitPageCache(megabytes: megabytes) }
        return store
    }

    /// The store, for commands that write: created when missing.
    func openForWriting() throws -> SkillStore { try SkillStore(path: databasePath, create: true) }

    /// The store, for commands that change one they did not make (`scan
    /// --all`, `optimize`): a missing database is an error, and the page
    /// cache is the store's own.
    func openExisting() throws -> SkillStore { try SkillStore(path: databasePath, create: false) }
}
