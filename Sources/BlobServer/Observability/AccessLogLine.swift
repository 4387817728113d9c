import Foundation

/// What the access log writes: one line per request, in the spirit of the
/// common log format,
/// `127.0.0.1 [30/Nov/2026:20:21:26 +0000] "GET /api/v1/blob/…" 200 1234 0.000123`,
/// and `skillstore: …` lines for what is not a request (a 500's cause).
///
/// Lines are formatted by the log's writer thread, not by the thread that
/// answered, so an entry carries the raw figures and the second it finished.
enum AccessLogLine: Sendable {
    case request(HTTPServer.Completion, finishedAt: time_t)
    case note(String)

    /// Appends the line, newline included, to `bytes`. `clock` keeps the
    /// last second's timestamp: requests arrive thousands a second, and
    /// `strftime` for each was a measurable part of a line.
    func append(to bytes: inout [UInt8], clock: inout Timestamps) {
        switch self {
        case .request(let completion, let finished):
            bytes.append(contentsOf: completion.remoteAddress.utf8)
            bytes.append(contentsOf: " [".utf8)
            bytes.append(contentsOf: clock.text(for: finished))
            bytes.append(contentsOf: "] \"".utf8)
            // The path is decoded, so it may hold anything: escape what could
            // forge a line or a field.
            Self.appendEscaped(completion.method, to: &bytes)
            bytes.append(0x20)
            Self.appendEscaped(completion.path, to: &bytes)
            bytes.append(contentsOf: "\" ".utf8)
            bytes.append(contentsOf: String(completion.status).utf8)
            bytes.append(0x20)
            bytes.append(contentsOf: String(completion.bytes).utf8)
            bytes.append(0x20)
            Self.appendSeconds(completion.seconds, to: &bytes)
            if !completion.completed { bytes.append(contentsOf: " aborted".utf8) }
        case .note(let text):
            bytes.append(contentsOf: "skillstore: ".utf8)
            Self.appendEscaped(text, to: &bytes)
        }
        bytes.append(0x0A)
    }

    /// Control characters, DEL, `"` and `\` as `\xHH`; everything else as it is.
    static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every character escaped is ASCII, and no byte of a multi-byte UTF-8
    /// sequence is below 0x80, so working on bytes escapes exactly the
    /// characters a walk over Unicode scalars would.
    private static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            } else {
                bytes.append(byte)
            }
        }
    }

    /// Seconds with six decimals, rounded as printf's `%.6f` rounds.
    private static func appendSeconds(_ seconds: Double, to bytes: inout [UInt8]) {
        var text = [CChar](repeating: 0, count: 48)
        let length = withVaList([seconds]) { vsnprintf(&text, text.count, "%.6f", $0) }
        text.prefix(Int(max(0, min(length, Int32(text.count - 1))))).forEach { bytes.append(UInt8(bitPattern: $0)) }
    }

    /// `30/Nov/2026:20:21:26 +0000` for the last second asked about.
    struct Timestamps {
        private var second: time_t = -1
        private var stamp: [UInt8] = []

        mutating func text(for time: time_t) -> [UInt8] {
            if time != second {
                var now = time
                var parts = tm()
                gmtime_r(&now, &parts)
                var buffer = [CChar](repeating: 0, count: 40)
                let length = strftime(&buffer, buffer.count, "%d/%b/%Y:%H:%M:%S +0000", &parts)
                stamp = buffer.prefix(length).map { UInt8(bitPattern: $0) }
                second = time
            }
            return stamp
        }
    }
}
