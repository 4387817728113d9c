import Foundation
import Testing
import TestSupport

@testable import SkillStore
@testable import skillctl

/// A command that reads once and exits keeps a small page cache (fresh
/// memory costs it more than reading a page again); `mcp`, which answers
/// for as long as its host runs, keeps the store's default.
@Suite struct ReadingCacheTests {
    static func cacheSize(resident: Bool, database: URL) throws -> Int {
        let arguments = try ParsedArguments(["--db", database.path, "ls"]) { name in
            CommandLineTool.commands.first { $0.name == name }?.options
        }
        let context = Context(arguments: arguments, output: Output(), environment: Environment())
        let store = try context.openForReading(resident: resident)
        return try store.database.queryFirst("PRAGMA cache_size")?.int("cache_size") ?? 0
    }

    @Test func aOneShotReadKeepsOneMegabyteAndAResidentOneTheDefault() throws {
        let folder = try TemporaryFolder()
        let database = folder.url.appendingPathComponent("store.db")
        _ = try SkillStore(path: database.path)
        // Negative sizes are kibibytes.
        #expect(try Self.cacheSize(resident: false, database: database) == -1024)
        #expect(try Self.cacheSize(resident: true, database: database) == -131_072)
    }

    /// A store this build opened says so in its header, where a command
    /// reads it before SQLite starts (`SkillStore.reserveCommandPageCache`).
    @Test func aStoreThisBuildOpenedIsMarkedSettledInItsHeader() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("store.db").path
        _ = try SkillStore(path: path)
        #expect(Database.header(ofFileAt: path)?.pageSize == 8192)
        #expect(Database.header(ofFileAt: path)?.userVersion == SkillStore.settledMark)
        try Self.unsettled(at: path)
        #expect(Database.header(ofFileAt: path)?.userVersion == 0)
        _ = try SkillStore(path: path, create: false)
        #expect(Database.header(ofFileAt: path)?.userVersion == SkillStore.settledMark)
        #expect(Database.header(ofFileAt: folder.url.path) == nil)
        #expect(Database.header(ofFileAt: folder.url.appendingPathComponent("missing.db").path) == nil)
    }

    /// In a process of its own, as skillctl runs a command: SQLite reads the
    /// store's pages into the huge page reserved for it, and the cache is its
    /// 2 MB, when the kernel has huge pages; else 1 MB, as above. Never for
    /// a store with pages of another size or something left to upgrade.
    @Test func aCommandOwningItsProcessReadsIntoOneHugePage() async throws {
        let folder = try TemporaryFolder()
        let settled = folder.url.appendingPathComponent("settled.db").path
        let unsettled = folder.url.appendingPathComponent("unsettled.db").path
        let largePages = folder.url.appendingPathComponent("large-pages.db").path
        _ = try SkillStore(path: settled)
        try Self.unsettled(at: unsettled)
        // A header alone, as a store with 32 KB pages begins.
        var header = [UInt8]("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 84)
        header[16] = 0x80
        withUnsafeBytes(of: Int32(SkillStore.settledMark).bigEndian) { header.replaceSubrange(60..<64, with: $0) }
        try Data(header).write(to: URL(fileURLWithPath: largePages))
        #expect(Database.header(ofFileAt: largePages)?.pageSize == 32_768)
        // The store's side of the choice, whether this host has huge pages or not.
        #expect(SkillStore.isSettled(storeAt: settled))
        #expect(!SkillStore.isSettled(storeAt: unsettled))
        #expect(!SkillStore.isSettled(storeAt: largePages))
        #expect(!SkillStore.isSettled(storeAt: folder.url.appendingPathComponent("missing.db").path))
        let hugePages = Database.transparentHugePagesUsable
        await #expect(processExitsWith: .success) {
            [settled = settled as String, unsettled = unsettled as String, largePages = largePages as String, hugePages = hugePages as Bool] in
            #expect(SkillStore.reserveCommandPageCache(forStoreAt: unsettled) == 1)
            #expect(SkillStore.reserveCommandPageCache(forStoreAt: largePages) == 1)
            #expect(SkillStore.reserveCommandPageCache(forStoreAt: settled) == (hugePages ? 2 : 1))
            let arguments = try ParsedArguments(["--db", settled, "ls"]) { name in
                CommandLineTool.commands.first { $0.name == name }?.options
            }
            var context = Context(arguments: arguments, output: Output(), environment: Environment())
            context.ownsProcess = true
            let store = try context.openForReading()
            #expect(try store.database.queryFirst("PRAGMA cache_size")?.int("cache_size") == (hugePages ? -2048 : -1024))
            _ = try store.database.query("SELECT count(*) AS n FROM versions")
            #expect((Database.hugePageCacheSlotsInUse > 0) == hugePages)
            // SQLite has started: too late to give it memory.
            #expect(!Database.reserveHugePageCache(megabytes: 2))
        }
    }

    /// Label words send every graph back to be extracted; the store is
    /// marked settled again once they are.
    @Test func changingLabelWordsLeavesTheStoreSettled() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("store.db").path
        let store = try SkillStore(path: path)
        try store.setLabelWord("reckoned", meaning: .derived)
        #expect(try store.database.queryFirst("PRAGMA user_version")?.int("user_version") == SkillStore.settledMark)
        try store.removeLabelWord("reckoned")
        #expect(try store.database.queryFirst("PRAGMA user_version")?.int("user_version") == SkillStore.settledMark)
        // Cut off between the reset and the extraction: not settled, until
        // the next open has extracted every graph again.
        try store.database.transaction { try store.resetGraphs() }
        #expect(try store.database.queryFirst("PRAGMA user_version")?.int("user_version") == 0)
        let reopened = try SkillStore(path: path, create: false)
        #expect(try reopened.database.queryFirst("PRAGMA user_version")?.int("user_version") == SkillStore.settledMark)
    }

    /// While another connection keeps the store open (a server), the mark
    /// still reaches the file's header, where a command reads it.
    @Test func theMarkReachesTheHeaderWhileAnotherConnectionIsOpen() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("store.db").path
        let server = try Self.unsettled(at: path)
        try server.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(Database.header(ofFileAt: path)?.userVersion == 0)
        _ = try SkillStore(path: path, create: false)
        #expect(Database.header(ofFileAt: path)?.userVersion == SkillStore.settledMark)
        withExtendedLifetime(server) {}
    }

    /// A writer holding the store's lock makes the mark wait for a later
    /// open, at once, and the connection keeps its busy timeout after.
    @Test func markingDoesNotWaitForAWriter() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("store.db").path
        let writer = try Self.unsettled(at: path)
        try writer.database.execute("BEGIN IMMEDIATE")
        let reader = try SkillStore(path: path, create: false)
        #expect(try reader.database.queryFirst("PRAGMA user_version")?.int("user_version") == 0)
        #expect(try !reader.database.executeWithoutWaiting("PRAGMA user_version = 1"))
        #expect(try reader.database.queryFirst("PRAGMA busy_timeout")?.int("timeout") == Int(Database.busyTimeout))
        try writer.database.execute("COMMIT")
        #expect(try reader.database.executeWithoutWaiting("PRAGMA user_version = 1"))
    }

    /// The store at `path` (made when missing), made to look like one an
    /// older build left, with something to upgrade; its connection stays
    /// open while the result is kept.
    @discardableResult
    static func unsettled(at path: String) throws -> SkillStore {
        let store = try SkillStore(path: path)
        try store.database.execute("PRAGMA user_version = 0")
        return store
    }
}
