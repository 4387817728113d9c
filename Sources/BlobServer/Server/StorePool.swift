import Foundation
import SkillStore

/// Connections to one database, one per thread using it at a time. A
/// `SkillStore` owns a single SQLite connection and is not `Sendable`; the
/// pool hands each out to one caller at a time, which is why it may be
/// `@unchecked Sendable`.
final class StorePool: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var idle: [SkillStore] = []
    /// Publishes go one at a time: a second would wait on SQLite's lock.
    private let publishLock = NSLock()

    /// Opens (creating and migrating when missing) the database once, so a
    /// bad path fails at start rather than on the first request.
    init(path: String) throws {
        self.path = path
        let first = try SkillStore(path: path, create: true)
        try first.limitPageCache(megabytes: Self.pageCacheMegabytes)
        idle.append(first)
    }

    func with<T>(_ body: (SkillStore) throws -> T) throws -> T {
        let store = try lock.withLock { idle.popLast() } ?? Self.open(path)
        defer { lock.withLock { idle.append(store) } }
        return try body(store)
    }

    /// Per connection; a publish through the server still runs in one
    /// transaction, it just spills to the WAL sooner.
    static let pageCacheMegabytes = 16

    private static func open(_ path: String) throws -> SkillStore {
        let store = try SkillStore(path: path, create: false)
        try store.limitPageCache(megabytes: pageCacheMegabytes)
        return store
    }

    func publishing<T>(_ body: (SkillStore) throws -> T) throws -> T {
        try publishLock.withLock { try with(body) }
    }
}
