import Foundation
import Synchronization
import Testing
@testable import BlobServer

/// A route's own cap on its body (`/mcp` takes 4 MB, below `--max-body`),
/// applied by the transport: of a chunked body, which announces no length,
/// no more than the cap is kept, and the route's 413 answers when it ends;
/// the route's handler never sees it.
@Suite struct BodyLimitTests {
    /// Answers with the size of the body it is given; `/capped` takes 1,000 bytes.
    final class BodySizer: Responder {
        let largestBodySeen = Mutex(0)

        func respond(to request: HTTPRequest) -> HTTPResponse {
            largestBodySeen.withLock { $0 = max($0, request.body.count) }
            return .text("\(request.body.count)")
        }

        func isQuick(_ request: HTTPRequest) -> Bool { true }

        func bodyLimit(for request: HTTPRequest) -> BodyLimit? {
            guard request.path == "/capped" else { return nil }
            return BodyLimit(bytes: 1000, refusal: .text("over the cap", status: 413))
        }
    }

    /// Sends `count` bytes as a chunked POST body in chunks of 256, and reads the answer.
    static func postChunked(_ count: Int, to path: String, on connection: RawHTTPConnection) throws -> RawHTTPConnection.Response {
        var request = Array("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        for _ in 0..<(count / 256) {
            request += Array("100\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 256) + Array("\r\n".utf8)
        }
        try connection.send(request + Array("0\r\n\r\n".utf8))
        return try connection.readResponse()
    }

    @Test func aChunkedBodyPastItsRoutesCapIsRefusedWithTheRoutesAnswerAndNotKept() throws {
        let responder = BodySizer()
        var configuration = HTTPServer.Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.workers = 1
        configuration.maxBody = 64 << 10
        let server = HTTPServer(configuration, responder: responder)
        try server.start()
        defer { server.stop(grace: 0) }
        let connection = try RawHTTPConnection(port: server.port)

        let refused = try Self.postChunked(5120, to: "/capped", on: connection)
        #expect(refused.status == 413)
        #expect(String(decoding: refused.body, as: UTF8.self) == "over the cap")
        #expect(responder.largestBodySeen.withLock { $0 } == 0)
        // Within the cap, and on routes without one (up to --max-body), the
        // body is the handler's; the connection stays usable after a refusal.
        #expect(String(decoding: try Self.postChunked(768, to: "/capped", on: connection).body, as: UTF8.self) == "768")
        #expect(String(decoding: try Self.postChunked(5120, to: "/open", on: connection).body, as: UTF8.self) == "5120")
    }
}
