import Foundation
import SkillStore

/// Who a writing request is: the live token of its `Authorization: Bearer`
/// header, and whether that token reaches the namespace it writes to.
struct TokenAuthority: Sendable {
    let pool: StorePool

    /// The request's token, or 401 with a challenge. `action` ("publishing",
    /// "yanking") names what needs it, so that a publish is refused with the
    /// words it always was.
    func authenticate(_ request: HTTPRequest, for action: String) throws -> PublishToken {
        let challenge = [("WWW-Authenticate", "Bearer realm=\"skillstore\"")]
        guard let header = request.header("authorization") else {
            throw HTTPError(401, "UNAUTHORIZED", "\(action) needs a token: Authorization: Bearer <token>", headers: challenge)
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw HTTPError(401, "UNAUTHORIZED", "the Authorization header must be 'Bearer <token>'", headers: challenge)
        }
        let secret = parts[1].trimmingCharacters(in: .whitespaces)
        guard let token = try pool.with({ try $0.token(forSecret: secret) }) else {
            throw HTTPError(401, "UNAUTHORIZED", "the token is unknown or revoked", headers: challenge)
        }
        return token
    }

    /// 403 unless `token` may write in `namespace`.
    static func requireNamespace(_ namespace: String, for token: PublishToken) throws {
        guard token.allows(namespace: namespace) else {
            throw HTTPError(
                403, "FORBIDDEN",
                "token '\(token.name)' may write in namespace '\(token.namespace)', not in '\(namespace)'; nothing was changed")
        }
    }
}
