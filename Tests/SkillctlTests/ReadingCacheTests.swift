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
}
