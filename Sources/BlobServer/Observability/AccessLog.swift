import Foundation

/// The access log: one line per request (`AccessLogLine`), written off the
/// request path. Answering a request only queues its figures
/// (`AccessLogBuffer`); a writer thread of the log's own formats and writes
/// them at least every `flushInterval`, and `stop` (or the log's end) writes
/// whatever is still waiting, so no line of a finished request is lost on a
/// clean stop.
final class AccessLog: Sendable {
    private let buffer: AccessLogBuffer

    init(handle: FileHandle, limits: AccessLogBuffer.Limits = .init()) {
        buffer = AccessLogBuffer(handle: handle, limits: limits)
        // The thread holds the buffer, not the log, so that the log's
        // deinit can stop it.
        let thread = Thread { [buffer] in buffer.runWriter() }
        thread.name = "access-log"
        thread.start()
    }

    deinit { buffer.stop() }

    func record(_ completion: HTTPServer.Completion) {
        buffer.append(.request(completion, finishedAt: time(nil)))
    }

    /// A line of its own, for what is not a request (a 500's cause).
    func note(_ text: String) { buffer.append(.note(text)) }

    /// Lines lost because the writer fell behind (each loss is also written
    /// to the log as a note).
    var droppedLines: Int { buffer.droppedLines }

    /// Writes every waiting line and ends the writer thread; later lines are
    /// written as they come.
    func stop() { buffer.stop() }
}
