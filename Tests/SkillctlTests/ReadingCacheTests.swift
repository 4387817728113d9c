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

    /// In a process of its own, as skillctl runs a command: SQLite reads the
    /// store's pages into the huge page reserved for it, and the cache is its
    /// 2 MB, when the kernel has huge pages; else 1 MB, as above. Only before
    /// SQLite starts: asked again after, it changes nothing.
    @Test func aCommandOwningItsProcessReadsIntoOneHugePage() async {
        await #expect(processExitsWith: .success) {
            struct Mismatch: Error { let what: String }
            let megabytes = SkillStore.reserveCommandPageCache()
            let setting = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)
            let hugePages = setting.map { !$0.contains("[never]") } ?? false
            let folder = try TemporaryFolder()
            let database = folder.url.appendingPathComponent("store.db")
            _ = try SkillStore(path: database.path)
            let arguments = try ParsedArguments(["--db", database.path, "ls"]) { name in
                CommandLineTool.commands.first { $0.name == name }?.options
            }
            var context = Context(arguments: arguments, output: Output(), environment: Environment())
            context.ownsProcess = true
            let store = try context.openForReading()
            let cache = try store.database.queryFirst("PRAGMA cache_size")?.int("cache_size")
            _ = try store.database.query("SELECT count(*) AS n FROM versions")
            let inUse = Database.hugePageCacheSlotsInUse
            guard megabytes == (hugePages ? 2 : 1) else { throw Mismatch(what: "reserved \(megabytes) MB") }
            guard cache == -1024 * megabytes else { throw Mismatch(what: "cache_size \(cache ?? 0)") }
            guard (inUse > 0) == hugePages else { throw Mismatch(what: "\(inUse) pages in the reserved memory") }
            guard !Database.reserveHugePageCache(megabytes: 2) else { throw Mismatch(what: "reserved after SQLite started") }
            guard SkillStore.reserveCommandPageCache() == megabytes else { throw Mismatch(what: "a second answer") }
        }
    }
}
