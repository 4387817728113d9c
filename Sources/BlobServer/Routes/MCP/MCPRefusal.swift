import SkillStoreMCP

/// A request to `/mcp` refused at the HTTP level (a foreign origin, a body
/// too large, no session): thrown from the route's preflight or returned by
/// the route, answered with its status and a JSON-RPC error without an id.
struct MCPRefusal: Error, Sendable {
    var status: Int
    var error: JSONRPCError

    var response: HTTPResponse {
        let body = JSONValue.object([("jsonrpc", .string("2.0")), ("id", .null), ("error", error.json)])
        return HTTPResponse(
            status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
            body: body.serialized)
    }
}
