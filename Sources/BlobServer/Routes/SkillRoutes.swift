import Foundation
import SkillStore
import SkillStoreAPI

/// The read API over skills, their versions and knowledge graph, search and
/// sources. Every JSON answer has the shape `skillctl --json` prints.
struct SkillRoutes: Sendable {
    let pool: StorePool
    /// Manifests are blobs, served with the blob route's headers.
    let blobs: BlobRoute

    func register(in router: inout Router) {
        router.add("GET", APIPath.skills.pattern) { _, _ in
            .json(try pool.with { try $0.skills() })
        }
        router.add("GET", APIPath.skill.pattern) { request, parameters in
            let (version, bytes) = try pool.with { store in
                let version = try store.version(of: try Self.name(parameters), label: request.query["version"])
                return (version, ServedText.bytes(of: version, skillFile: try store.blob(.id(version.id)).bytes))
            }
            if Self.wantsJSON(request) { return .json(version, headers: [("Vary", "Accept")]) }
            return HTTPResponse(
                status: 200,
                headers: [("Content-Type", "text/plain; charset=utf-8"), ("X-Skill-Version", version.label),
                          ("X-Skill-Blob", version.id.hex), ("Cache-Control", "no-cache"), ("Vary", "Accept")],
                body: bytes)
        }
        router.add("GET", APIPath.skillVersions.pattern) { _, parameters in
            .json(try pool.with { try $0.versions(of: try Self.name(parameters)) })
        }
        router.add("GET", APIPath.skillVersion.pattern) { _, parameters in
            .json(try pool.with { try $0.version(of: try Self.name(parameters), label: parameters["label"]) })
        }
        router.add("GET", APIPath.skillManifest.pattern) { request, parameters in
            let version = try pool.with { try $0.version(of: try Self.name(parameters), label: parameters["label"]) }
            return try blobs.respond(request, blob: .id(version.manifest))
        }
        router.add("GET", APIPath.skillRules.pattern) { request, parameters in
            .json(try withVersion(request, parameters) { store, version in try store.ruleEntries(of: version) })
        }
        router.add("GET", APIPath.skillClaims.pattern) { request, parameters in
            var filter = ClaimFilter(section: request.query["section"], rule: request.query["rule"])
            if let label = request.query["label"] {
                guard let parsed = ClaimLabel(userText: label) else {
                    throw HTTPError.badRequest("unknown label '\(label)'; use one of \(ClaimLabel.names)")
                }
                filter.label = parsed
            }
            if let rule = filter.rule, !RuleID.isValid(rule) {
                throw HTTPError.badRequest("rule takes a rule id such as R6, not '\(rule)'")
            }
            return .json(try withVersion(request, parameters) { store, version in
                try store.claimEntries(of: version, filter: filter)
            })
        }
        router.add("GET", APIPath.skillLinks.pattern) { request, parameters in
            .json(try withVersion(request, parameters) { store, version in try store.linkReport(of: version) })
        }
        router.add("GET", APIPath.skillProvenance.pattern) { request, parameters in
            let rule = request.query["rule"]
            if let rule, !RuleID.isValid(rule) { throw HTTPError.badRequest("rule takes a rule id such as R6, not '\(rule)'") }
            return .json(try withVersion(request, parameters) { store, version in try store.provenance(of: version, rule: rule) })
        }
        router.add("GET", APIPath.skillCheck.pattern) { request, parameters in
            let strict = try request.flag("strict")
            return .json(try withVersion(request, parameters) { store, version in
                try SkillChecker(store: store, strict: strict).check(version)
            })
        }
        router.add("GET", APIPath.skillDiff.pattern) { request, parameters in
            guard let from = request.query["from"], let to = request.query["to"] else {
                throw HTTPError.badRequest("diff needs two version labels: ?from=A&to=B")
            }
            return .json(try pool.with { try $0.changes(of: try Self.name(parameters), from: from, to: to) })
        }
        router.add("GET", APIPath.blobVersions.pattern) { _, parameters in
            let id = try BlobReference(parsing: parameters["id"]).id
            return .json(try pool.with { try $0.versions(containingBlob: id) })
        }
        router.add("GET", APIPath.search.pattern) { request, _ in
            .json(try pool.with { try $0.search(try Self.searchRequest(request)) })
        }
        router.add("GET", APIPath.sources.pattern) { _, _ in
            .json(try pool.with { try $0.sources() })
        }
    }

    /// The version `?version=LABEL` names, else the latest.
    private func withVersion<T>(
        _ request: HTTPRequest, _ parameters: RouteParameters, _ body: (SkillStore, SkillVersion) throws -> T
    ) throws -> T {
        try pool.with { store in
            try body(store, try store.version(of: try Self.name(parameters), label: request.query["version"]))
        }
    }

    private static func name(_ parameters: RouteParameters) throws -> String {
        try SkillName.validated(parameters["name"])
    }

    private static func wantsJSON(_ request: HTTPRequest) -> Bool {
        guard let accept = request.header("accept")?.lowercased() else { return false }
        return accept.contains("application/json") && !accept.contains("text/plain")
    }

    /// `q`, `kind`, `label`, `skill`, `limit`, `all_versions`: what
    /// `skillctl search` takes, with the same checks.
    static func searchRequest(_ request: HTTPRequest) throws -> SearchRequest {
        let query = request.query
        let allVersions = try request.flag("all_versions")
        do {
            return try SearchRequest(
                userQuery: query["q"] ?? "", kind: query["kind"], label: query["label"], skill: query["skill"],
                limit: query["limit"], allVersions: allVersions)
        } catch {
            throw HTTPError.badRequest(error.message { parameter in
                switch parameter {
                case .query: "q"
                case .kind: "kind"
                case .label: "label"
                case .skill: "skill"
                case .limit: "limit"
                }
            })
        }
    }
}
