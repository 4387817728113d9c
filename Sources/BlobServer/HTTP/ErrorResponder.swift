import SkillStore
import SkillStoreAPI

/// The one place where an error becomes a response: routes throw, the
/// router and the preflight call this, so every error body has one shape.
enum ErrorResponder {
    /// Maps any error a route throws to its response; store errors get the
    /// status their meaning calls for, anything unexpected is a 500.
    static func response(for error: any Error) -> HTTPResponse {
        let http: HTTPError
        switch error {
        case let error as HTTPError:
            http = error
        case let refusal as MCPRefusal:
            // MCP clients read a JSON-RPC error, not the API's error body.
            return refusal.response
        case let refused as InputRefused:
            let status = refused.kind.httpStatus
            switch refused.kind {
            case .forbidden:
                http = HTTPError(
                    status, "FORBIDDEN", "the token may not publish every skill of this bundle; nothing was published",
                    diagnostics: refused.diagnostics)
            case .conflict:
                http = HTTPError(
                    status, "BLOB_ID_COLLISION", "the bundle was refused; nothing was published", diagnostics: refused.diagnostics)
            case .unsafe:
                http = HTTPError(
                    status, "SCAN_RISKY",
                    "the safety scan found what this server refuses (listed); nothing was published",
                    diagnostics: refused.diagnostics)
            default:
                http = HTTPError(
                    status, "BUNDLE_INVALID", "the bundle was refused; nothing was published", diagnostics: refused.diagnostics)
            }
        case let error as any KindedError where error.kind == .notFound:
            http = HTTPError(error.kind.httpStatus, "NOT_FOUND", "\(error)")
        case let error as any KindedError where error.kind == .busy:
            http = HTTPError(
                error.kind.httpStatus, "BUSY", "the database is busy with a publish; try again", headers: [("Retry-After", "1")])
        case let ambiguous as AmbiguousSkillName:
            http = HTTPError(
                ambiguous.kind.httpStatus, ErrorBody.ambiguousCode, ambiguous.description, candidates: ambiguous.candidates)
        case let invalid as InvalidIdentity:
            let code = switch invalid.identity {
            case .blob: "DIGEST_INVALID"
            case .skillName: "NAME_INVALID"
            case .namespace: "NAMESPACE_INVALID"
            case .versionLabel, .ruleID, .skillAddress: "BAD_REQUEST"
            }
            http = HTTPError(invalid.kind.httpStatus, code, invalid.description)
        case SkillStoreError.corrupt(let what):
            http = HTTPError(
                FailureKind.corrupt.httpStatus, "INTERNAL",
                "integrity failure: \(what); the server's operator should run 'skillctl fsck'")
        // A usage problem that reaches here is input a route failed to
        // check: the server's bug, answered like any other unexpected error.
        default:
            // The details (paths, SQL) are for the operator's log, not the client.
            http = HTTPError(500, "INTERNAL", "the server failed to answer; its log says why")
            var response = body(http)
            response.internalError = "\(error)"
            return response
        }
        return body(http)
    }

    private static func body(_ http: HTTPError) -> HTTPResponse {
        let body = ErrorBody(error: .init(
            code: http.code, message: http.message, diagnostics: http.diagnostics.isEmpty ? nil : http.diagnostics,
            candidates: http.candidates.isEmpty ? nil : http.candidates))
        var headers = http.headers
        if http.status >= 400, !headers.contains(where: { $0.0 == "Cache-Control" }) {
            headers.append(("Cache-Control", "no-store"))
        }
        return .json(body, status: http.status, headers: headers)
    }
}
