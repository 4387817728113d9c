import Foundation

/// One line per request, in the spirit of the common log format:
/// `127.0.0.1 [30/Nov/2026:20:21:26 +0000] "GET /api/v1/blob/…" 200 1234 0.000123`.
final class AccessLog: @unchecked Sendable {
    // @unchecked: writes are serialized by `lock`.
    private let handle: FileHandle
    private let lock = NSLock()

    init(handle: FileHandle) { self.handle = handle }

    func record(_ completion: HTTPServer.Completion) {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 40)
        let length = strftime(&buffer, buffer.count, "%d/%b/%Y:%H:%M:%S +0000", &parts)
        let stamp = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let outcome = completion.completed ? "" : " aborted"
        // The path is decoded, so it may hold anything: escape what could
        // forge a line or a field.
        let line = "\(completion.remoteAddress) [\(stamp)] \"\(Self.escape(completion.method)) \(Self.escape(completion.path))\" "
            + "\(completion.status) \(completion.bytes) \(String(format: "%.6f", completion.seconds))\(outcome)\n"
        lock.withLock { handle.write(Data(line.utf8)) }
    }

    /// A line of its own, for what is not a request (a 500's cause).
    func note(_ text: String) {
        let line = "skillstore: \(Self.escape(text))\n"
        lock.withLock { handle.write(Data(line.utf8)) }
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\"" || scalar == "\\" {
                escaped += String(format: "\\x%02X", scalar.value)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
