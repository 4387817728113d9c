import SkillStore

/// A failure as `--json` prints it on standard error, one line:
/// `{"error":{"code":"NOT_FOUND","exit":3,"message":"..."}}`. The code names
/// the kind of failure (one word per exit status's reasons), the message is
/// the text a plain run prints after `skillctl: `, and a refused input
/// lists its diagnostics as `publish --json` does.
struct ErrorReport: Encodable {
    struct Detail: Encodable {
        var code: String
        var message: String
        var exit: Int32
        var diagnostics: [Diagnostic]?
        /// For a name several namespaces hold: each skill it could mean.
        var candidates: [String]?
    }

    var error: Detail

    init(message: String, kind: FailureKind, diagnostics: [Diagnostic] = [], candidates: [String] = []) {
        error = Detail(
            code: Self.code(of: kind), message: message, exit: ExitCode(kind).rawValue,
            diagnostics: diagnostics.isEmpty ? nil : diagnostics, candidates: candidates.isEmpty ? nil : candidates)
    }

    /// The stable, machine-readable name of each kind, in the server's style
    /// (`NOT_FOUND`, `FORBIDDEN`).
    static func code(of kind: FailureKind) -> String {
        switch kind {
        case .usage: "USAGE"
        case .ambiguous: "SKILL_AMBIGUOUS"
        case .notFound: "NOT_FOUND"
        case .storeUnavailable: "STORE_UNAVAILABLE"
        case .refused: "REFUSED"
        case .forbidden: "FORBIDDEN"
        case .unauthorized: "UNAUTHORIZED"
        case .conflict: "CONFLICT"
        case .tooLarge: "TOO_LARGE"
        case .unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE"
        case .unsafe: "SCAN_RISKY"
        case .busy: "BUSY"
        case .corrupt: "CORRUPT"
        case .problems: "FAILED"
        case .internal: "INTERNAL"
        }
    }
}
