import SkillStore

/// The error body every failure carries: `{"error":{"code":...,"message":...}}`.
public struct ErrorBody: Codable, Sendable {
    public struct Detail: Codable, Sendable {
        /// A stable, machine-readable code such as `BLOB_UNKNOWN`.
        public var code: String
        public var message: String
        /// File, line and column of each problem, for a refused publish.
        public var diagnostics: [Diagnostic]?
        /// For an unqualified name several namespaces hold: each skill it
        /// could mean, qualified (`acme/pdf`).
        public var candidates: [String]?

        public init(code: String, message: String, diagnostics: [Diagnostic]? = nil, candidates: [String]? = nil) {
            self.code = code
            self.message = message
            self.diagnostics = diagnostics
            self.candidates = candidates
        }
    }

    public var error: Detail

    /// The code of an unqualified skill name that several namespaces hold.
    public static let ambiguousCode = "SKILL_AMBIGUOUS"

    public init(error: Detail) { self.error = error }
}
