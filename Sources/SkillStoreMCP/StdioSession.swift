import Glibc

/// `skillctl mcp`'s transport: newline-delimited JSON-RPC on two file
/// descriptors (standard input and output), one message answered at a time,
/// until the input ends. Nothing but JSON-RPC messages is written to `output`.
public struct StdioSession {
    /// The longest message read; a longer line is answered with a parse
    /// error and skipped, and the session goes on.
    public static let maxLineBytes = 4 << 20

    let server: MCPServer
    let input: Int32
    let output: Int32

    public init(server: MCPServer, input: Int32 = 0, output: Int32 = 1) {
        self.server = server
        self.input = input
        self.output = output
    }

    /// Serves until the input ends or the output is closed.
    public func run() {
        var framer = LineFramer(maxLineBytes: Self.maxLineBytes)
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            let events = count > 0 ? framer.feed(chunk[..<count]) : framer.finish()
            for event in events {
                guard answer(event) else { return }
            }
            if count <= 0 { return }
        }
    }

    /// Answers one event; false when the output can no longer be written.
    private func answer(_ event: LineFramer.Event) -> Bool {
        let reply: [UInt8]?
        switch event {
        case .line(let line):
            reply = server.respond(toLine: line)
        case .tooLong:
            reply = MCPServer.errorResponse(
                id: .null, .parseError("message longer than \(Self.maxLineBytes) bytes; it was skipped")).serialized
        }
        guard let reply else { return true }
        return write(reply + [0x0A])
    }

    private func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
