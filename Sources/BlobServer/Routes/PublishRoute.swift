import Foundation
import SkillStore
import SkillStoreAPI

/// `POST /api/v1/skills` (into the default namespace) and
/// `POST /api/v1/namespaces/{namespace}/skills`: publish a bundle sent as a
/// tar stream, with a bearer token whose namespace and scope cover every
/// skill in it. The same validation and all-or-nothing rule as `skillctl publish`.
struct PublishRoute: Sendable {
    let pool: StorePool
    /// The server's `--refuse-risky`: a bundle with a scan finding at or
    /// above it is answered 422 with the findings, and nothing is stored.
    var refuseRisky: ScanSeverity?
    var authority: TokenAuthority { TokenAuthority(pool: pool) }

    static let tarTypes = ["application/x-tar", "application/tar"]

    func register(in router: inout Router) {
        for path in [APIPath.skills, APIPath.skills.inNamespace] {
            router.add("POST", path.pattern, preflight: { request, parameters in
                request.token = try check(request, namespace: try Self.namespace(parameters))
            }) { request, parameters in
                try publish(request, namespace: try Self.namespace(parameters))
            }
        }
    }

    /// The namespace the route names, else the default one.
    static func namespace(_ parameters: RouteParameters) throws -> String {
        try SkillRoutes.namespace(parameters) ?? Namespace.defaultName
    }

    /// What can be checked before the body is read: the token (unless the
    /// preflight found it already) and its namespace, then the type.
    func check(_ request: HTTPRequest, namespace: String) throws -> PublishToken {
        let token = try request.token ?? authority.authenticate(request, for: "publishing")
        try TokenAuthority.requireNamespace(namespace, for: token)
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

    func publish(_ request: HTTPRequest, namespace: String) throws -> HTTPResponse {
        let token = try check(request, namespace: namespace)
        guard !request.body.isEmpty else { throw HTTPError.badRequest("the request has no body; send the bundle as a tar stream") }
        var options = PublishOptions()
        options.version = try request.query["version"].flatMap { $0.isEmpty ? nil : try VersionLabel.validated($0) }
        options.skipInvalid = try request.flag("skip_invalid")
        options.strict = try request.flag("strict")
        options.publisher = "token:\(token.name)"
        options.refuseRisky = refuseRisky
        options.allowsSkill = { token.allows($0) }
        options.scopeDescription = "the reach (\(token.reach)) of token '\(token.name)'"
        // The archive is unpacked in memory before the publish lock is taken.
        let bundles = BundleBatch(try SkillBundle.bundles(inArchive: request.body).map { unpacked in
            unpacked.map { bundle in
                var bundle = bundle
                bundle.source.namespace = namespace
                return bundle
            }
        })
        let report = try pool.publishing { store in try store.publish(bundles, options: options) }
        let anyNew = report.results.contains { $0.status == .new }
        return .json(PublishReply(published: report.results, refused: report.refused.flatMap(\.diagnostics)), status: anyNew ? 201 : 200)
    }
}
