import Foundation

/// Runs the built skillctl binary, as a user would, and captures what it did.
struct Skillctl {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var output: String { String(decoding: stdout, as: UTF8.self) }
    }

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
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--db", database.path] + arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SKILLSTORE_DB")
        env["USER"] = "tester"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(stdin)
            try input.fileHandleForWriting.close()
        }
        // Read both pipes while the process runs, so a large output cannot block it.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: outputData, stderr: String(decoding: errorData, as: UTF8.self))
    }
}
