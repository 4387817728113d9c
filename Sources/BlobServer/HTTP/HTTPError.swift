import SkillStore

/// An error that knows its HTTP status. Routes throw it; `ErrorResponder`
/// is the one place that turns it (and every other error) into a response.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    public var status: Int
    /// A stable, machine-readable code such as `BLOB_UNKNOWN`.
    public var code: String
    public var message: String
    public var headers: [(String, String)] = []
    /// File, line and column of each problem, for a refused publish.
    public var diagnostics: [Diagnostic] = []

    public init(_ status: Int, _ code: String, _ message: String, headers: [(String, String)] = [], diagnostics: [Diagnostic] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.diagnostics = diagnostics
    }

    public var description: String { "\(status) \(code): \(message)" }

    public static func badRequest(_ message: String) -> HTTPError { HTTPError(400, "BAD_REQUEST", message) }
    public static func notFound(_ message: String) -> HTTPError { HTTPError(404, "NOT_FOUND", message) }
}
