import Foundation
import Testing
import TestSupport

/// The commands that take options only refuse a word that is not one, as
/// a usage error naming the command and the word, before touching the store.
@Suite struct NoArgumentCommandTests {
    @Test(arguments: ["init", "ls", "fsck", "optimize", "labels", "agents", "man", "mcp", "serve"])
    func aStrayWordIsAUsageError(command: String) throws {
        let folder = try TemporaryFolder()
        let database = folder.url.appendingPathComponent("store.db")
        let result = try Skillctl(database: database).run([command, "extra"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("skillctl: \(command) takes no arguments, only options (given: extra)"), "\(result.stderr)")
        #expect(result.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: database.path))
    }
}
