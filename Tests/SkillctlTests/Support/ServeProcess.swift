import Foundation

/// `skillctl serve` running as a child process on a free loopback port
/// (127.0.0.1 unless `arguments` give a `--host`).
final class ServeProcess {
    let process = Process()
    let url: String
    private let errors = Pipe()
    private let collected = Collected()

    final class Collected: @unchecked Sendable {
        // @unchecked: `lock` guards `text`.
        let lock = NSLock()
        var text = ""
        /// Signalled when standard error reaches its end (the server exited).
        let ended = DispatchSemaphore(value: 0)
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
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                collected.ended.signal()
                return
            }
            collected.lock.withLock { collected.text += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var found: String?
        while found == nil && Date() < deadline && process.isRunning {
            Thread.sleep(forTimeInterval: 0.02)
            let text = collected.lock.withLock { collected.text }
            if let range = text.range(of: #"http://(\[[0-9a-fA-F:.]+\]|[0-9.]+):[0-9]+"#, options: .regularExpression) {
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
            // What it printed last (`stopped`) may still be in the pipe.
            _ = collected.ended.wait(timeout: .now() + 5)
        }
        errors.fileHandleForReading.readabilityHandler = nil
        return process.terminationStatus
    }

    deinit { stop() }

    /// Runs `skillctl --db database serve arguments...` expecting it to
    /// refuse to start: its status and standard error once it exits. One
    /// still running after `timeout` seconds (it started) is stopped, and its
    /// status is then nil.
    static func refusal(database: URL, arguments: [String], timeout: Double = 20) throws -> (status: Int32?, stderr: String) {
        let process = Process()
        process.executableURL = Skillctl.executable
        process.arguments = ["--db", database.path, "serve"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SKILLSTORE_SERVER")
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        var started = false
        if process.isRunning {
            started = true
            process.terminate()
        }
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (started ? nil : process.terminationStatus, text)
    }
}
