/// What one JSON-RPC message is, as a transport must know before it hands
/// the message on: the HTTP transport answers a request with a body, a
/// notification or a response with 202 and none, and needs the method to
/// tell `initialize` (which opens a session) from the rest.
public enum MCPMessageKind: Equatable, Sendable {
    case request(method: String)
    case notification(method: String)
    /// A response to a request the server sent (it sends none; accepted all the same).
    case response
    /// Not a JSON-RPC 2.0 message: `MCPServer` answers it with the error that says why.
    case invalid

    public init(_ message: JSONValue) {
        guard message.isObject, message["jsonrpc"] == .string("2.0") else {
            self = .invalid
            return
        }
        let id = message["id"]
        switch id {
        case nil, .string?, .number?: break
        default:
            self = .invalid
            return
        }
        if let method = message["method"]?.stringValue {
            self = id == nil ? .notification(method: method) : .request(method: method)
        } else if id != nil, message["result"] != nil || message["error"] != nil {
            self = .response
        } else {
            self = .invalid
        }
    }

    /// The 2026-07-28-era revision a request names in its `_meta`, nil when
    /// it names none (a handshake-era request) or names it wrongly (the
    /// server then refuses the request itself).
    public static func namedRevision(in message: JSONValue) -> String? {
        message["params"]?["_meta"]?[ProtocolRevision.metaKey]?.stringValue
    }
}
