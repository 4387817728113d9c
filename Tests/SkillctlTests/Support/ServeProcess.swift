import Foundation

/// `skillctl serve` running as a child process on a free loopback port.
final class ServeProcess {
    let process = Process()
    let url: String
    private let errors = Pipe()
    private let collected = Collected()

    final class Collected: @unchecked Sendable {
        // @unchecked: `lock` guards `text`.
        let lock = NSLock()
        var text = ""
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(database: URL, arguments: [String] = []) throws {
        process.executableURL = Skillctl.executable
        process.arguments = ["--db", database.path, "serve", "--port", "0"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SKILLSTORE_SERVER")
        process.environment = environment
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let collected = collected
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            collected.lock.withLock { collected.text += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var found: String?
        while found == nil && Date() < deadline && process.isRunning {
            Thread.sleep(forTimeInterval: 0.02)
            let text = collected.lock.withLock { collected.text }
            if let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                found = String(text[range])
            }
        }
        guard let found else {
            process.terminate()
            throw Failure(description: "serve did not start: \(collected.lock.withLock { collected.text })")
        }
        url = found
    }

    /// What serve printed on standard error so far.
    var log: String { collected.lock.withLock { collected.text } }

    /// Sends SIGTERM and waits; returns the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        errors.fileHandleForReading.readabilityHandler = nil
        return process.terminationStatus
    }

    deinit { stop() }
}
