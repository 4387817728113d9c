/// What every search asks of the whole store (how many versions there are,
/// whether any is not its skill's latest), kept for a connection while the
/// store is unchanged: counting 100,000 versions took about 3 ms a query.
///
/// `stamp` says which state of the store the facts describe: SQLite's
/// `data_version` (it changes when another connection commits) and the
/// rows this connection has changed (its own writes). A search writes to
/// its temporary tables, so the stamp is taken again when a search ends.
struct SearchCorpusFacts: Equatable {
    struct Stamp: Equatable {
        var dataVersion: Int
        var changes: Int
    }

    var stamp: Stamp
    /// Versions ever published (the last sequence number: none is deleted).
    var versions: Int
    /// Whether any skill or source has had a version that is not its
    /// latest: never false again once true (an unyank that makes every
    /// version latest again leaves it set; it only costs a filter).
    var superseded: Bool
}
