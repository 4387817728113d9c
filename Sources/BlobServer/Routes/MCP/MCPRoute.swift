import Foundation
import SkillStore
import SkillStoreAPI
import SkillStoreMCP

/// `/mcp`: the MCP server of `skillctl mcp` over the Streamable HTTP
/// transport. Each POST carries one JSON-RPC message: a request is answered
/// with one JSON object (`application/json`; the server never streams), a
/// notification or response with 202 and no body. `initialize` opens a
/// session (`Mcp-Session-Id`) that every later handshake-era request must
/// name; 2026-07-28 requests name their revision instead and need none.
/// DELETE ends a session; GET is 405, as there is no stream to open.
/// The JSON-RPC itself is `MCPServer`'s: this type only speaks HTTP.
struct MCPRoute: Sendable {
    let pool: StorePool
    let serverVersion: String
    let sessions: MCPSessions
    let origins: MCPOriginPolicy

    /// The largest message, as for `skillctl mcp`'s lines.
    static let maxMessageBytes = StdioSession.maxLineBytes
    static let sessionHeader = "Mcp-Session-Id"
    static let versionHeader = "MCP-Protocol-Version"

    func register(in router: inout Router) {
        // Refused before a byte of the body is read: a foreign origin, or a
        // message over the limit (a chunked one is kept no further than it).
        router.add("POST", APIPath.mcp.pattern, preflight: { request, _ in
            if let refusal = refuseOrigin(request) { throw refusal }
        }, bodyLimit: (Self.maxMessageBytes, Self.tooLarge)) { request, _ in
            post(request)
        }
        router.add("DELETE", APIPath.mcp.pattern, quick: true) { request, _ in
            delete(request)
        }
    }

    // MARK: POST

    private func post(_ request: HTTPRequest) -> HTTPResponse {
        if let refusal = refuseOrigin(request) { return refusal.response }
        let named = request.header(Self.versionHeader.lowercased())
        if let named, !ProtocolRevision.supported.contains(named) {
            return Self.refusal(400, .invalidRequest(
                "unsupported \(Self.versionHeader) '\(named)'; this server speaks "
                    + ProtocolRevision.supported.joined(separator: ", "))).response
        }
        guard Self.isJSON(request.header("content-type")) else {
            return Self.refusal(415, .invalidRequest("send one JSON-RPC message with Content-Type: application/json")).response
        }
        guard Self.acceptsJSON(request.header("accept")) else {
            return Self.refusal(406, .invalidRequest("the answer is application/json, which Accept does not allow")).response
        }
        guard request.body.count <= Self.maxMessageBytes else { return Self.tooLarge.response }
        let message: JSONValue
        do {
            message = try JSONParser().parse(request.body)
        } catch {
            return Self.refusal(400, .parseError("parse error: \(error)")).response
        }
        let kind = MCPMessageKind(message)
        // 2026-07-28 has no sessions: its requests name their revision (in
        // `_meta`, and in the header), and server/discover opens nothing.
        let modern = named.map(ProtocolRevision.modern.contains) == true
            || MCPMessageKind.namedRevision(in: message) != nil || kind == .request(method: "server/discover")
        var session: MCPSessions.Session?
        if !modern && kind != .request(method: "initialize") && kind != .invalid {
            guard let id = request.header(Self.sessionHeader.lowercased()) else {
                return Self.refusal(400, .invalidRequest(
                    "no \(Self.sessionHeader): send initialize first, then its session id with every request")).response
            }
            guard let found = sessions.use(id) else {
                return Self.refusal(404, .invalidRequest("no session \(id): it ended; initialize again")).response
            }
            session = found
        }
        switch kind {
        case .notification, .response:
            return HTTPResponse(status: 202, headers: [("Cache-Control", "no-store")])
        case .invalid, .request:
            break
        }
        let answered: (JSONValue?, String?)
        do {
            answered = try pool.with { store in
                let server = MCPServer(store: store, serverVersion: serverVersion, negotiatedRevision: session?.revision)
                return (server.respond(to: message), server.negotiatedRevision)
            }
        } catch {
            return ErrorResponder.response(for: error)
        }
        guard let answer = answered.0 else { return HTTPResponse(status: 202) }
        var headers = [("Content-Type", "application/json"), ("Cache-Control", "no-store")]
        if kind == .request(method: "initialize"), answer["result"] != nil {
            headers.append((Self.sessionHeader, sessions.open(revision: answered.1)))
        }
        // An invalid message has no request to answer: 400, with the error.
        return HTTPResponse(status: kind == .invalid ? 400 : 200, headers: headers, body: answer.serialized)
    }

    // MARK: DELETE

    private func delete(_ request: HTTPRequest) -> HTTPResponse {
        if let refusal = refuseOrigin(request) { return refusal.response }
        guard let id = request.header(Self.sessionHeader.lowercased()) else {
            return Self.refusal(400, .invalidRequest("DELETE ends a session: name it in \(Self.sessionHeader)")).response
        }
        guard sessions.close(id) else { return Self.refusal(404, .invalidRequest("no session \(id)")).response }
        return HTTPResponse(status: 204, headers: [("Cache-Control", "no-store")])
    }

    // MARK: Refusals

    private func refuseOrigin(_ request: HTTPRequest) -> MCPRefusal? {
        let origin = request.header("origin")
        guard !origins.allows(origin: origin) else { return nil }
        return Self.refusal(403, .invalidRequest("origin \(origin ?? "") may not use this server"))
    }

    private static var tooLarge: MCPRefusal {
        refusal(413, .invalidRequest("a message may be at most \(maxMessageBytes) bytes"))
    }

    /// An HTTP error whose body is a JSON-RPC error without an id, as the
    /// transport suggests, so that MCP clients read why.
    private static func refusal(_ status: Int, _ error: JSONRPCError) -> MCPRefusal {
        MCPRefusal(status: status, error: error)
    }

    /// `application/json`, with or without parameters (`; charset=utf-8`).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first else { return false }
        return type.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }

    /// Whether an `Accept` header allows `application/json` (no header allows anything).
    static func acceptsJSON(_ accept: String?) -> Bool {
        guard let accept else { return true }
        return accept.split(separator: ",").contains { range in
            let type = range.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            return ["application/json", "application/*", "*/*"].contains(type)
        }
    }
}
