import Foundation
import Testing
import TestSupport
@testable import BlobServer

/// The access log is written by a thread of its own: every line of a
/// finished request still reaches the file, in each connection's order, and
/// a stop writes what is waiting.
@Suite(.serialized) struct BufferedAccessLogTests {
    private static func completion(_ path: String) -> HTTPServer.Completion {
        HTTPServer.Completion(
            method: "GET", path: path, route: "test", status: 200, bytes: 12, seconds: 0.000125,
            remoteAddress: "127.0.0.1", completed: true, internalError: nil)
    }

    /// The request paths in the file, grouped by the `/c<connection>/` they
    /// start with, in the order they were written.
    private static func pathsByConnection(_ text: String) -> [String: [String]] {
        var paths: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            guard let quote = line.firstIndex(of: "\""), let end = line[line.index(after: quote)...].firstIndex(of: "\"")
            else { continue }
            let request = line[line.index(after: quote)..<end].split(separator: " ")
            guard request.count == 2 else { continue }
            let path = String(request[1])
            let connection = path.split(separator: "/").first.map(String.init) ?? ""
            paths[connection, default: []].append(path)
        }
        return paths
    }

    @Test func everyLineOfConcurrentRequestsIsWrittenInEachConnectionsOrder() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("access.log")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        let live = try LiveServerTests.Live { $0.accessLog = handle }
        let connections = 8, requests = 40
        let failures = FailureList()
        let port = live.server.port
        DispatchQueue.concurrentPerform(iterations: connections) { connection in
            do {
                let client = try RawHTTPConnection(port: port)
                for request in 0..<requests {
                    _ = try client.request("GET", "/c\(connection)/r\(request)")
                }
            } catch {
                failures.add("connection \(connection): \(error)")
            }
        }
        #expect(failures.all.isEmpty)
        live.server.stop(grace: 1)

        let paths = Self.pathsByConnection(try String(contentsOf: file, encoding: .utf8))
        #expect(paths.count == connections)
        for connection in 0..<connections {
            #expect(paths["c\(connection)"] == (0..<requests).map { "/c\(connection)/r\($0)" })
        }
    }

    @Test func lineFormatIsTheCommonLogFormatOfBefore() {
        var bytes: [UInt8] = []
        var clock = AccessLogLine.Timestamps()
        var aborted = Self.completion("/api/v1/blob/\u{1}x\"")
        aborted.completed = false
        AccessLogLine.request(Self.completion("/healthz"), finishedAt: 1_796_070_086).append(to: &bytes, clock: &clock)
        AccessLogLine.request(aborted, finishedAt: 1_796_070_087).append(to: &bytes, clock: &clock)
        AccessLogLine.note("internal error\n").append(to: &bytes, clock: &clock)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            127.0.0.1 [30/Nov/2026:20:21:26 +0000] "GET /healthz" 200 12 0.000125
            127.0.0.1 [30/Nov/2026:20:21:27 +0000] "GET /api/v1/blob/\\x01x\\x22" 200 12 0.000125 aborted
            skillstore: internal error\\x0A

            """)
    }

    @Test func stopWritesTheLinesStillWaiting() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("access.log")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        // A writer that would wait an hour: only `stop` can write these lines.
        let log = AccessLog(
            handle: try FileHandle(forWritingTo: file),
            limits: .init(flushInterval: 3600, wakeCount: 1_000_000, capacity: 1_000_000))
        let threads = 4, lines = 500
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for line in 0..<lines { log.record(Self.completion("/c\(thread)/r\(line)")) }
        }
        #expect(try Data(contentsOf: file).isEmpty)
        log.stop()

        let paths = Self.pathsByConnection(try String(contentsOf: file, encoding: .utf8))
        for thread in 0..<threads {
            #expect(paths["c\(thread)"] == (0..<lines).map { "/c\(thread)/r\($0)" })
        }
        log.record(Self.completion("/after/stop"))
        #expect(try String(contentsOf: file, encoding: .utf8).hasSuffix("\"GET /after/stop\" 200 12 0.000125\n"))
    }

    @Test func aWriterThatFallsBehindDropsAndCountsLinesInsteadOfBlocking() throws {
        // Nobody reads the pipe until every line is recorded: the writer
        // blocks once the pipe's buffer is full, and the queue fills up.
        let pipe = Pipe()
        let log = AccessLog(handle: pipe.fileHandleForWriting, limits: .init(flushInterval: 0.01, wakeCount: 1, capacity: 100))
        let recorded = 5000
        for line in 0..<recorded { log.record(Self.completion("/c0/r\(line)/" + String(repeating: "x", count: 60))) }
        let dropped = log.droppedLines
        #expect(dropped > 0)

        let reader = FailureList()
        let done = DispatchSemaphore(value: 0)
        Thread {
            reader.add(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            done.signal()
        }.start()
        log.stop()
        try pipe.fileHandleForWriting.close()
        done.wait()

        let text = reader.all.joined()
        let written = text.split(separator: "\n").filter { $0.contains("\"GET /c0/") }
        #expect(written.count + dropped == recorded)
        #expect(text.contains("skillstore: access log: "))
        #expect(text.contains("lines dropped: the log writer fell behind"))
    }
}

/// Texts gathered from several threads.
private final class FailureList: @unchecked Sendable {
    // @unchecked: `texts` is guarded by `lock`.
    private let lock = NSLock()
    private var texts: [String] = []
    func add(_ text: String) { lock.withLock { texts.append(text) } }
    var all: [String] { lock.withLock { texts } }
}
