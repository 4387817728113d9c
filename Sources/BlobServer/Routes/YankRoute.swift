import Foundation
import SkillStore
import SkillStoreAPI

/// `PUT .../skills/{name}/versions/{label}/yank` with `{"reason": "..."}`
/// yanks a version; `DELETE` on the same path undoes it. Both need a token
/// whose namespace and scope reach the skill, and answer with the version
/// as it now is.
struct YankRoute: Sendable {
    let pool: StorePool
    var authority: TokenAuthority { TokenAuthority(pool: pool) }

    func register(in router: inout Router) {
        for path in [APIPath.skillVersionYank, APIPath.skillVersionYank.inNamespace] {
            router.add("PUT", path.pattern) { request, parameters in
                try change(request, parameters) { store, skill, label, token in
                    try store.yank(skill, label: label, reason: try Self.reason(request), by: "token:\(token.name)")
                }
            }
            router.add("DELETE", path.pattern) { request, parameters in
                try change(request, parameters) { store, skill, label, _ in try store.unyank(skill, label: label) }
            }
        }
    }

    private func change(
        _ request: HTTPRequest, _ parameters: RouteParameters,
        _ body: @escaping (SkillStore, SkillKey, String, PublishToken) throws -> SkillVersion
    ) throws -> HTTPResponse {
        let token = try authority.authenticate(request, for: "yanking")
        let address = try SkillRoutes.address(parameters, label: try VersionLabel.validated(parameters["label"]))
        let version = try pool.publishing { store in
            let skill = try store.resolve(address)
            try TokenAuthority.requireNamespace(skill.namespace, for: token)
            guard token.allows(skill) else {
                throw HTTPError(403, "FORBIDDEN", "token '\(token.name)' reaches \(token.reach), not '\(skill)'; nothing was changed")
            }
            return try body(store, skill, address.label!, token)
        }
        return .json(version)
    }

    /// The reason of a yank, from the JSON body.
    static func reason(_ request: HTTPRequest) throws -> String {
        guard let body = try? APIJSON.decode(YankRequest.self, from: Data(request.body)) else {
            throw HTTPError.badRequest("send the reason as JSON: {\"reason\": \"why users should not install this version\"}")
        }
        let reason = body.reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty, !reason.unicodeScalars.contains(where: DisguisingCharacters.contains) else {
            throw HTTPError.badRequest("the reason must be text without control or bidirectional formatting characters")
        }
        return reason
    }
}
