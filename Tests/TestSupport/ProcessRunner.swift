import Foundation

/// What a finished child process did.
public struct ProcessOutcome: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: String

    public var output: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs a program to its end and captures both of its output streams.
public enum ProcessRunner {
    /// Runs `executable` with `arguments`; `environment` entries are added to
    /// (a nil value removes one from) this process's own environment.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String?] = [:],
        in directory: URL? = nil, stdin: Data? = nil
    ) throws -> ProcessOutcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
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
        return ProcessOutcome(
            status: process.terminationStatus, stdout: outputData, stderr: String(decoding: errorData, as: UTF8.self))
    }
}

/// A failed run of a system tool, with what it said.
public struct ToolFailed: Error, CustomStringConvertible {
    public var description: String
}

/// Runs a system tool found on PATH (`tar`, `sqlite3`) in the C locale and
/// UTC, and returns its standard output; a non-zero exit throws `ToolFailed`.
public func runTool(_ tool: String, _ arguments: [String]) throws -> [UInt8] {
    let outcome = try ProcessRunner.run(
        URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, environment: ["LC_ALL": "C", "TZ": "UTC"])
    guard outcome.status == 0 else {
        throw ToolFailed(description: "\(tool) \(arguments) exited \(outcome.status): \(outcome.stderr)")
    }
    return Array(outcome.stdout)
}
