import Foundation
import SkillStoreAPI

/// Where skillctl writes: data to standard output, messages and progress to
/// standard error. Blob bytes (`write`) and JSON are written as they are,
/// never re-encoded; every human line and message (`line`, `lines`, `table`, `error`)
/// is `TerminalText`, so stored text shows its control, bidirectional and
/// invisible format characters as `<U+XXXX>` escapes.
struct Output {
    let standardErrorIsTerminal = isatty(STDERR_FILENO) == 1
    let standardOutputIsTerminal = isatty(STDOUT_FILENO) == 1

    func write(_ bytes: [UInt8]) { write(bytes, to: STDOUT_FILENO) }

    /// Writes all of `bytes` to `descriptor`, again after a signal
    /// interrupts it. (Messages once went through `FileHandle` and `Data`:
    /// the first such write of a process cost a search command a scan of
    /// every protocol conformance in the binary, tens of microseconds.)
    private func write(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 {
                    if errno == EINTR { continue }
                    return  // a closed pipe (`skillctl cat ID | head`) is not an error
                }
                offset += written
            }
        }
    }

    func line(_ text: String = "") { line(TerminalText(text)) }

    func line(_ text: TerminalText) { write(Array((text.rendered + "\n").utf8)) }

    /// Each of `texts` on a line of its own, in one write.
    func lines(_ texts: [TerminalText]) {
        guard !texts.isEmpty else { return }
        write(Array(texts.map { $0.rendered + "\n" }.joined().utf8))
    }

    func error(_ text: String) {
        write(Array((TerminalText(text).rendered + "\n").utf8), to: STDERR_FILENO)
    }

    /// Writes `value` as pretty JSON with sorted, snake_case keys (or the
    /// keys as declared, for formats with their own spelling such as SARIF).
    func json(_ value: some Encodable, snakeCaseKeys: Bool = true) {
        let encoder = APIJSON.encoder(pretty: true)
        if !snakeCaseKeys { encoder.keyEncodingStrategy = .useDefaultKeys }
        guard let data = try? encoder.encode(value) else { preconditionFailure("output is always encodable") }
        write(Array(data) + [0x0A])
    }

    /// Writes `value` as JSON on one line of standard error, keyed as `json`
    /// keys it: a failure under `--json`, the last line a caller has to read.
    func errorJSON(_ value: some Encodable) {
        FileHandle.standardError.write(Self.jsonLine(value))
    }

    /// `value` as compact JSON with sorted, snake_case keys, and a newline.
    static func jsonLine(_ value: some Encodable) -> Data {
        guard let data = try? APIJSON.encoder().encode(value) else { preconditionFailure("output is always encodable") }
        return data + Data([0x0A])
    }

    /// Left-aligned columns, for human-readable tables. Cells are escaped
    /// before they are measured, so the columns line up as shown.
    func table(_ rows: [[String]]) {
        let rows = rows.map { $0.map { TerminalText($0).rendered } }
        guard let width = rows.map(\.count).max() else { return }
        var widths = [Int](repeating: 0, count: width)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        for row in rows {
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padded(to: widths[index])
            }
            write(Array((cells.joined(separator: "  ") + "\n").utf8))
        }
    }
}

/// "1 blob", "2 blobs".
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
