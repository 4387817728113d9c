import Foundation
import Testing
import TestSupport
@testable import BlobServer
@testable import SkillStore
import SkillStoreMCP

/// `/mcp`, the Streamable HTTP transport's rules, through the router: what
/// needs a session and what does not, which methods and origins are
/// refused, and the status each kind of message gets.
@Suite struct MCPRouteTests {
    let fixture: ServerFixture
    static let json = ["Content-Type": "application/json", "Accept": "application/json, text/event-stream"]

    init() throws {
        fixture = try ServerFixture()
        try fixture.publish([try fixture.skill("pdf")])
    }

    func post(_ body: String, headers: [String: String] = [:]) -> HTTPResponse {
        fixture.request("POST", "/mcp", headers: Self.json.merging(headers) { $1 }, body: Array(body.utf8))
    }

    func body(_ response: HTTPResponse) throws -> JSONValue { try JSONParser().parse(response.bodyBytes) }

    /// Opens a session the way a client does and returns its id.
    func initialize(_ version: String = "2025-06-18") throws -> String {
        let response = post(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(version)"}}"#)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(try body(response)["result"]?["protocolVersion"] == .string(version))
        let id = try #require(response.header("Mcp-Session-Id"))
        #expect(id.count == 32 && id.allSatisfy(\.isHexDigit))
        return id
    }

    @Test func initializeOpensASessionThatLaterRequestsMustName() throws {
        let session = try initialize()
        #expect(try initialize() != session)
        let ping = #"{"jsonrpc":"2.0","id":2,"method":"skills/list"}"#
        let named = post(ping, headers: ["Mcp-Session-Id": session])
        #expect(named.status == 200)
        #expect(try body(named)["result"]?["skills"]?.arrayValue?.count == 1)
        #expect(named.header("Mcp-Session-Id") == nil)

        let unnamed = post(ping)
        #expect(unnamed.status == 400)
        #expect(try body(unnamed)["error"]?["code"] == .integer(-32600))
        #expect(try body(unnamed)["id"] == .null)
        #expect(post(ping, headers: ["Mcp-Session-Id": "0123456789abcdef0123456789abcdef"]).status == 404)
    }

    @Test func notificationsAndResponsesAreAcceptedWithNoBody() throws {
        let session = try initialize()
        for message in [#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                        #"{"jsonrpc":"2.0","id":"s1","result":{}}"#] {
            let response = post(message, headers: ["Mcp-Session-Id": session])
            #expect(response.status == 202, "\(message)")
            #expect(response.bodyBytes.isEmpty)
        }
        // A notification needs its session too.
        #expect(post(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#).status == 400)
    }

    @Test func getIsNotAllowedAndDeleteEndsTheSession() throws {
        let get = fixture.get("/mcp", headers: ["Accept": "text/event-stream"])
        #expect(get.status == 405)
        #expect(get.header("Allow")?.contains("POST") == true)

        let session = try initialize()
        #expect(fixture.request("DELETE", "/mcp").status == 400)
        #expect(fixture.request("DELETE", "/mcp", headers: ["Mcp-Session-Id": session]).status == 204)
        #expect(fixture.request("DELETE", "/mcp", headers: ["Mcp-Session-Id": session]).status == 404)
        let after = post(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#, headers: ["Mcp-Session-Id": session])
        #expect(after.status == 404)
    }

    /// DNS rebinding: a page of another origin is refused, whatever it
    /// asks; loopback origins and clients that send none are served.
    @Test func foreignOriginsAreRefused() throws {
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#
        for origin in ["http://evil.example", "https://127.0.0.1.evil.example:8080", "null", "http://10.0.0.8:8080",
                       "file://", "http://localhost.evil.example"] {
            let response = post(initialize, headers: ["Origin": origin])
            #expect(response.status == 403, "\(origin)")
            #expect(response.header("Mcp-Session-Id") == nil)
            #expect(try body(response)["error"]?["code"] == .integer(-32600))
        }
        for origin in ["http://localhost:5173", "http://127.0.0.1:8080", "http://[::1]:8080", "https://localhost"] {
            #expect(post(initialize, headers: ["Origin": origin]).status == 200, "\(origin)")
        }
        let session = try self.initialize()
        let delete = fixture.request("DELETE", "/mcp", headers: ["Mcp-Session-Id": session, "Origin": "http://evil.example"])
        #expect(delete.status == 403)
    }

    @Test func theProtocolVersionHeaderIsChecked() throws {
        let session = try initialize()
        let ping = #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#
        let unknown = post(ping, headers: ["Mcp-Session-Id": session, "MCP-Protocol-Version": "1999-01-01"])
        #expect(unknown.status == 400)
        #expect(try body(unknown)["error"]?["message"]?.stringValue?.contains("1999-01-01") == true)
        #expect(post(ping, headers: ["Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-06-18"]).status == 200)
    }

    /// 2026-07-28 has no sessions: its requests name their revision.
    @Test func modernRequestsNeedNoSession() throws {
        let discover = post(#"{"jsonrpc":"2.0","id":1,"method":"server/discover"}"#, headers: ["MCP-Protocol-Version": "2026-07-28"])
        #expect(discover.status == 200)
        #expect(try body(discover)["result"]?["supportedVersions"]?.arrayValue?.contains(.string("2026-07-28")) == true)
        #expect(discover.header("Mcp-Session-Id") == nil)
        let list = post(
            #"{"jsonrpc":"2.0","id":2,"method":"skills/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
            headers: ["MCP-Protocol-Version": "2026-07-28"])
        #expect(list.status == 200)
        #expect(try body(list)["result"]?["resultType"] == .string("complete"))
    }

    @Test func badBodiesAreRefusedWithTheRightStatus() throws {
        let session = try initialize()
        let headers = ["Mcp-Session-Id": session]
        let notJSON = post("{not json", headers: headers)
        #expect(notJSON.status == 400)
        #expect(try body(notJSON)["error"]?["code"] == .integer(-32700))
        let batch = post(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, headers: headers)
        #expect(batch.status == 400)
        #expect(try body(batch)["error"]?["code"] == .integer(-32600))
        let deep = post(String(repeating: "[", count: 10_000), headers: headers)
        #expect(deep.status == 400)
        #expect(fixture.request(
            "POST", "/mcp", headers: ["Content-Type": "text/plain", "Mcp-Session-Id": session],
            body: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8)).status == 415)
        #expect(post(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, headers: ["Accept": "text/html", "Mcp-Session-Id": session])
            .status == 406)
        let huge = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"" + String(repeating: "a", count: 5 << 20) + "\"}}"
        #expect(post(huge, headers: headers).status == 413)
        // Refused from the headers alone, before the body is read.
        var announced = HTTPRequest(
            method: "POST", path: "/mcp", headers: Self.json.merging(["Content-Length": "\(5 << 20)"]) { $1 })
        #expect(fixture.server.router.preflight(&announced)?.status == 413)
        // A JSON-RPC error is still an answer: 200, with the error inside.
        let unknown = post(#"{"jsonrpc":"2.0","id":9,"method":"nope"}"#, headers: headers)
        #expect(unknown.status == 200)
        #expect(try body(unknown)["error"]?["code"] == .integer(-32601))
        #expect(try body(unknown)["id"] == .integer(9))
    }

    /// Sessions are bounded: a full table forgets the least recently used.
    @Test func theSessionTableForgetsTheLeastRecentlyUsed() throws {
        let sessions = MCPSessions(limit: 2)
        let first = sessions.open(revision: "2025-06-18")
        let second = sessions.open(revision: nil)
        _ = sessions.use(first)
        let third = sessions.open(revision: nil)
        #expect(sessions.use(second) == nil)
        #expect(sessions.use(first)?.revision == "2025-06-18")
        #expect(sessions.use(third) != nil)
        #expect(sessions.count == 2)
        let idle = MCPSessions(idleSeconds: 0)
        let gone = idle.open(revision: nil)
        usleep(2_000)
        #expect(idle.use(gone) == nil)
    }

    /// A server on a free loopback port over the fixture's store, for what
    /// only a real socket shows (the fixture answers in process); the
    /// caller stops it.
    private func liveServer() throws -> SkillStoreServer {
        var options = SkillStoreServer.Options(databasePath: fixture.databasePath)
        options.http.port = 0
        let server = try SkillStoreServer(options)
        try server.start()
        return server
    }

    /// The same rules on a real socket: one keep-alive connection carries a
    /// session from initialize to DELETE, and a message too large or from a
    /// foreign origin is refused from its headers, before its body is sent.
    @Test func overARealConnection() throws {
        let server = try liveServer()
        defer { server.stop(grace: 1) }
        let headers = [("Content-Type", "application/json"), ("Accept", "application/json, text/event-stream")]
        let connection = try RawHTTPConnection(port: server.port, timeout: 5)
        let opened = try connection.request(
            "POST", "/mcp", headers: headers,
            body: Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}"#.utf8))
        #expect(opened.status == 200)
        let session = try #require(opened.header("Mcp-Session-Id"))
        let named = headers + [("Mcp-Session-Id", session)]
        let notified = try connection.request(
            "POST", "/mcp", headers: named, body: Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8))
        #expect(notified.status == 202)
        let scanned = try connection.request(
            "POST", "/mcp", headers: named,
            body: Array(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"scan_skill","arguments":{"skill":"pdf"}}}"#.utf8))
        #expect(scanned.status == 200)
        let answer = try JSONParser().parse(scanned.body)
        #expect(answer["result"]?["structuredContent"]?["name"] == .string("pdf"))
        #expect(try connection.request("DELETE", "/mcp", headers: [("Mcp-Session-Id", session)]).status == 204)

        for (extra, status) in [("Content-Length: \(5 << 20)\r\n", 413),
                                ("Origin: http://attacker.example\r\nContent-Length: 2000\r\n", 403)] {
            let early = try RawHTTPConnection(port: server.port, timeout: 5)
            try early.send(Array("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\(extra)\r\n".utf8))
            let refused = try early.readResponse()
            #expect(refused.status == status, "\(extra)")
            #expect(try JSONParser().parse(refused.body)["error"]?["code"] == .integer(-32600))
        }
    }

    /// The 4 MB cap is the route's own, known to the transport from the
    /// headers; publishing keeps the server's `--max-body`.
    @Test func onlyMCPPostsHaveABodyLimitOfTheirOwn() throws {
        let router = fixture.server.router
        let limit = try #require(router.bodyLimit(for: HTTPRequest(method: "POST", path: "/mcp")))
        #expect(limit.bytes == 4 << 20)
        #expect(limit.refusal.status == 413 && limit.refusal.route == "/mcp")
        #expect(try body(limit.refusal)["error"]?["message"] == .string("a message may be at most \(4 << 20) bytes"))
        #expect(router.bodyLimit(for: HTTPRequest(method: "POST", path: "/api/v1/skills")) == nil)
        #expect(router.bodyLimit(for: HTTPRequest(method: "DELETE", path: "/mcp")) == nil)
    }

    /// A chunked message announces no length: one past 4 MB gets the same
    /// 413 as a large `Content-Length` (the transport keeps no more than
    /// 4 MB of it; `BodyLimitTests`).
    @Test func aChunkedMessagePastTheLimitGetsTheSame413() throws {
        let server = try liveServer()
        defer { server.stop(grace: 1) }
        var refusals: [[UInt8]] = []
        for chunked in [false, true] {
            let connection = try RawHTTPConnection(port: server.port, timeout: 10)
            var head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            head += chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: \(5 << 20)\r\n\r\n"
            try connection.send(Array(head.utf8))
            if chunked {
                let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 0x10000) + Array("\r\n".utf8)
                for _ in 0..<80 { try connection.send(chunk) }  // 5 MB
                try connection.send(Array("0\r\n\r\n".utf8))
            }
            let refused = try connection.readResponse()
            #expect(refused.status == 413)
            #expect(try JSONParser().parse(refused.body)["error"]?["message"] == .string("a message may be at most \(4 << 20) bytes"))
            refusals.append(refused.body)
        }
        #expect(refusals[0] == refusals[1])
    }
}
