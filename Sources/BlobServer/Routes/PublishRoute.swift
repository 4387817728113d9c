import Foundation
import SkillStore
import SkillStoreAPI

/// `POST /api/v1/skills`: publish a bundle sent as a tar stream, with a
/// bearer token whose scope covers every skill in it. The same validation
/// and all-or-nothing rule as `skillctl publish`.
struct PublishRoute: Sendable {
    let pool: StorePool

    static let tarTypes = ["application/x-tar", "application/tar"]

    func register(in router: inout Router) {
        router.add("POST", APIPath.skills.pattern, preflight: { request in request.token = try check(request) }) { request, _ in
            try publish(request)
        }
    }

    /// What can be checked before the body is read: the token (unless the
    /// preflight found it already), then the type.
    func check(_ request: HTTPRequest) throws -> PublishToken {
        let token = try request.token ?? authenticate(request)
        let type = request.header("content-type")?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let type, Self.tarTypes.contains(type) else {
            throw HTTPError(
                415, "UNSUPPORTED_MEDIA_TYPE",
                "send the bundle as a tar stream with Content-Type: application/x-tar (see docs/api.md)")
        }
        return token
    }

    func publish(_ request: HTTPRequest) throws -> HTTPResponse {
        let token = try check(request)
        guard !request.body.isEmpty else { throw HTTPError.badRequest("the request has no body; send the bundle as a tar stream") }
        var options = PublishOptions()
        options.version = try request.query["version"].flatMap { $0.isEmpty ? nil : try VersionLabel.validated($0) }
        options.skipInvalid = try request.flag("skip_invalid")
        options.strict = try request.flag("strict")
        options.publisher = "token:\(token.name)"
        options.allowsSkill = { token.allows($0) }
        options.scopeDescription = "the scope '\(token.scope)' of token '\(token.name)'"
        // The archive is unpacked in memory before the publish lock is taken.
        let bundles = BundleBatch(try SkillBundle.bundles(inArchive: request.body))
        let report = try pool.publishing { store in try store.publish(bundles, options: options) }
        let anyNew = report.results.contains { $0.status == .new }
        return .json(PublishReply(published: report.results, refused: report.refused.flatMap(\.diagnostics)), status: anyNew ? 201 : 200)
    }

    private func authenticate(_ request: HTTPRequest) throws -> PublishToken {
        let challenge = [("WWW-Authenticate", "Bearer realm=\"skillstore\"")]
        guard let header = request.header("authorization") else {
            throw HTTPError(401, "UNAUTHORIZED", "publishing needs a token: Authorization: Bearer <token>", headers: challenge)
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
}
