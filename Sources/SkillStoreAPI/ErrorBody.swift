import SkillStore

/// The error body every failure carries: `{"error":{"code":...,"message":...}}`.
public struct ErrorBody: Codable, Sendable {
    public struct Detail: Codable, Sendable {
        /// A stable, machine-readable code such as `BLOB_UNKNOWN`.
        public var code: String
        public var message: String
        /// File, line and column of each problem, for a refused publish.
        public var diagnostics: [Diagnostic]?

        public init(code: String, message: String, diagnostics: [Diagnostic]? = nil) {
            self.code = code
            self.message = message
            self.diagnostics = diagnostics
        }
    }

    public var error: Detail

    public init(error: Detail) { self.error = error }
}
