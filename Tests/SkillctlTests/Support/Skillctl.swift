import Foundation
import TestSupport

/// Runs the built skillctl binary, as a user would, and captures what it did.
struct Skillctl {
    typealias Result = ProcessOutcome

    /// The skillctl next to the test bundle in the build folder.
    static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("skillctl")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        let built = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/skillctl")
        return built
    }()

    let database: URL
    var environment: [String: String] = [:]

    /// Runs `skillctl --db <database> arguments...` in `directory`.
    @discardableResult
    func run(_ arguments: [String], in directory: URL? = nil, stdin: Data? = nil) throws -> Result {
        var env: [String: String?] = ["SKILLSTORE_DB": nil, "USER": "tester"]
        for (key, value) in environment { env[key] = value }
        return try ProcessRunner.run(
            Self.executable, ["--db", database.path] + arguments, environment: env, in: directory, stdin: stdin)
    }
}
