import Foundation

/// A failed run of a system tool, with what it said.
struct ToolFailed: Error, CustomStringConvertible {
    var description: String
}

/// Runs a system tool found on PATH (`tar`, `sqlite3`) in the C locale and
/// UTC, and returns its standard output; a non-zero exit throws `ToolFailed`.
func runTool(_ tool: String, _ arguments: [String]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["LC_ALL"] = "C"
    environment["TZ"] = "UTC"
    process.environment = environment
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Read both while it runs, so a large output cannot block it.
    nonisolated(unsafe) var errors = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errors = stderr.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ToolFailed(
            description: "\(tool) \(arguments) exited \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
    }
    return Array(output)
}
