/// An error answered to a request, with the JSON-RPC 2.0 code that says
/// whose fault it is. Thrown anywhere below the dispatcher, answered there.
public struct JSONRPCError: Error, Equatable, Sendable {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    /// The 2026-07-28 revision's answer to a protocol version the server does not speak.
    public static let unsupportedProtocolVersionCode = -32022

    public static func parseError(_ message: String) -> JSONRPCError { JSONRPCError(code: parseErrorCode, message: message) }
    public static func invalidRequest(_ message: String) -> JSONRPCError {
        JSONRPCError(code: invalidRequestCode, message: message)
    }
    public static func methodNotFound(_ method: String) -> JSONRPCError {
        JSONRPCError(code: methodNotFoundCode, message: "method not found: \(method)")
    }
    public static func invalidParams(_ message: String) -> JSONRPCError {
        JSONRPCError(code: invalidParamsCode, message: message)
    }
    public static func internalError(_ message: String) -> JSONRPCError {
        JSONRPCError(code: internalErrorCode, message: message)
    }

    /// The error member of a JSON-RPC error response.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("code", .integer(code)), ("message", .string(message))]
        if let data { members.append(("data", data)) }
        return .object(members)
    }
}
