import SkillStore

/// An error that knows its HTTP status. Routes throw it; `ErrorResponder`
/// is the one place that turns it (and every other error) into a response.
struct HTTPError: Error, Sendable, CustomStringConvertible {
    var status: Int
    /// A stable, machine-readable code such as `BLOB_UNKNOWN`.
    var code: String
    var message: String
    var headers: [(String, String)] = []
    /// File, line and column of each problem, for a refused publish.
    var diagnostics: [Diagnostic] = []
    /// The skills an ambiguous name could mean, qualified.
    var candidates: [String] = []

    init(
        _ status: Int, _ code: String, _ message: String, headers: [(String, String)] = [], diagnostics: [Diagnostic] = [],
        candidates: [String] = []
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.diagnostics = diagnostics
        self.candidates = candidates
    }

    var description: String { "\(status) \(code): \(message)" }

    static func badRequest(_ message: String) -> HTTPError { HTTPError(400, "BAD_REQUEST", message) }
    static func notFound(_ message: String) -> HTTPError { HTTPError(404, "NOT_FOUND", message) }
}
