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
        /// Each route of skills answers as it is and under a namespace.
        func add(_ method: String, _ path: APIPath, _ handler: @escaping Router.Handler) {
            router.add(method, path.pattern, handler)
            router.add(method, path.inNamespace.pattern, handler)
        }
        add("GET", APIPath.skills) { request, parameters in
            let page = try Self.page(request)
            let namespace = try Self.namespace(parameters)
            let after = page.after.map(Self.skillKey(cursor:))
            let skills = try pool.with { store in
                try store.skills(after: after, limit: page.limit + 1, namespace: namespace)
            }
            return Self.paged(request, page, skills) { "\($0.name) \($0.namespace)" }
        }
        add("GET", APIPath.skill) { request, parameters in
            let (version, bytes) = try pool.with { store in
                let version = try store.version(try Self.address(parameters, label: request.query["version"]))
                return (version, ServedText.bytes(of: version, skillFile: try store.blob(.id(version.id)).bytes))
            }
            if Self.wantsJSON(request) { return .json(version, headers: [("Vary", "Accept")]) }
            return HTTPResponse(
                status: 200,
                headers: [("Content-Type", "text/plain; charset=utf-8"), ("X-Skill-Version", version.label),
                          ("X-Skill-Blob", version.id.hex), ("Cache-Control", "no-cache"), ("Vary", "Accept")],
                body: bytes)
        }
        add("GET", APIPath.skillVersions) { request, parameters in
            let address = try Self.address(parameters)
            let page = try Self.page(request, keyedBySequence: true)
            let versions = try pool.with { store in
                try store.versions(of: try store.resolve(address), before: page.before, limit: page.limit + 1)
            }
            return Self.paged(request, page, versions) { String($0.sequence) }
        }
        add("GET", APIPath.skillVersion) { _, parameters in
            .json(try pool.with { try $0.version(try Self.address(parameters, label: parameters["label"])) })
        }
        add("GET", APIPath.skillManifest) { request, parameters in
            let version = try pool.with { try $0.version(try Self.address(parameters, label: parameters["label"])) }
            return try blobs.respond(request, blob: .id(version.manifest))
        }
        add("GET", APIPath.skillVersionScan) { _, parameters in
            .json(try pool.with { store in
                try store.verdict(of: try store.version(try Self.address(parameters, label: parameters["label"])))
            })
        }
        add("GET", APIPath.skillRules) { request, parameters in
            .json(try withVersion(request, parameters) { store, version in try store.ruleEntries(of: version) })
        }
        add("GET", APIPath.skillClaims) { request, parameters in
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
        add("GET", APIPath.skillLinks) { request, parameters in
            .json(try withVersion(request, parameters) { store, version in try store.linkReport(of: version) })
        }
        add("GET", APIPath.skillProvenance) { request, parameters in
            let rule = request.query["rule"]
            if let rule, !RuleID.isValid(rule) { throw HTTPError.badRequest("rule takes a rule id such as R6, not '\(rule)'") }
            return .json(try withVersion(request, parameters) { store, version in try store.provenance(of: version, rule: rule) })
        }
        add("GET", APIPath.skillCheck) { request, parameters in
            let strict = try request.flag("strict")
            return .json(try withVersion(request, parameters) { store, version in
                try SkillChecker(store: store, strict: strict).check(version)
            })
        }
        add("GET", APIPath.skillDiff) { request, parameters in
            guard let from = request.query["from"], let to = request.query["to"] else {
                throw HTTPError.badRequest("diff needs two version labels: ?from=A&to=B")
            }
            return .json(try pool.with { store in
                try store.changes(of: try store.resolve(try Self.address(parameters)), from: from, to: to)
            })
        }
        router.add("GET", APIPath.blobVersions.pattern) { request, parameters in
            let id = try BlobReference(parsing: parameters["id"]).id
            let page = try Self.page(request, keyedBySequence: true)
            let versions = try pool.with { try $0.versions(containingBlob: id, before: page.before, limit: page.limit + 1) }
            return Self.paged(request, page, versions) { String($0.sequence) }
        }
        router.add("GET", APIPath.search.pattern) { request, _ in
            let search = try Self.searchRequest(request)
            // Without a kind or label, skills (with their verdicts); with one, rows as they always were.
            if search.bySkill {
                let entries = try pool.with { try SkillSearchEntry.search(search, in: $0) }
                return .json(text: SearchEntryJSON.text(entries, pretty: false))
            }
            return .json(try pool.with { try $0.search(search) })
        }
        router.add("GET", APIPath.sources.pattern) { request, _ in
            let page = try Self.page(request)
            return Self.paged(request, page, try pool.with { try $0.sources(after: page.after, limit: page.limit + 1) }) { $0.url }
        }
        router.add("GET", APIPath.namespaces.pattern) { _, _ in
            .json(try pool.with { try $0.namespaces() }.map { NamespaceEntry(name: $0.name, skills: $0.skills) })
        }
    }

    /// The version `?version=LABEL` names, else the latest.
    private func withVersion<T>(
        _ request: HTTPRequest, _ parameters: RouteParameters, _ body: (SkillStore, SkillVersion) throws -> T
    ) throws -> T {
        try pool.with { store in
            try body(store, try store.version(try Self.address(parameters, label: request.query["version"])))
        }
    }

    /// The skill the path names: `{name}`, in `{namespace}` when the route has one.
    static func address(_ parameters: RouteParameters, label: String? = nil) throws -> SkillAddress {
        SkillAddress(
            namespace: try namespace(parameters), name: try SkillName.validated(parameters["name"]),
            label: label)
    }

    /// `{namespace}` when the route has one.
    static func namespace(_ parameters: RouteParameters) throws -> String? {
        try parameters.optional("namespace").map { text throws(InvalidIdentity) in try Namespace.validated(text) }
    }

    /// The last skill of a page, from its cursor: `NAME NAMESPACE` (a cursor
    /// of a server from before namespaces holds the name alone).
    static func skillKey(cursor key: String) -> SkillKey {
        let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
        // That server held the default namespace only: its cursor is that
        // namespace's skill, and the page goes on after it rather than repeating it.
        return SkillKey(namespace: parts.count == 2 ? parts[1] : Namespace.defaultName, name: parts.first ?? "")
    }

    private static func wantsJSON(_ request: HTTPRequest) -> Bool {
        guard let accept = request.header("accept")?.lowercased() else { return false }
        return accept.contains("application/json") && !accept.contains("text/plain")
    }

    /// A list route's `limit` and `cursor`. Names and URLs page by the last
    /// one seen (`after`); versions, newest first, by the last sequence
    /// number seen (`before`).
    struct PageRequest {
        var limit: Int
        var after: String?
        var before: Int?
    }

    static func page(_ request: HTTPRequest, keyedBySequence: Bool = false) throws -> PageRequest {
        var page = PageRequest(limit: ListPaging.defaultLimit)
        if let text = request.query["limit"] {
            guard let limit = Int(text), (1...ListPaging.maximumLimit).contains(limit) else {
                throw HTTPError.badRequest("limit takes a whole number from 1 to \(ListPaging.maximumLimit), not '\(text)'")
            }
            page.limit = limit
        }
        if let cursor = request.query["cursor"] {
            let invalid = HTTPError.badRequest("cursor '\(cursor)' is not one this server gave (X-Next-Cursor or the Link header)")
            guard let key = ListPaging.key(of: cursor) else { throw invalid }
            if keyedBySequence {
                guard let sequence = Int(key), sequence > 0 else { throw invalid }
                page.before = sequence
            } else {
                page.after = key
            }
        }
        return page
    }

    /// The page as a bare JSON array (what these routes answered before they
    /// paged), with the next page in `Link` (RFC 8288) and `X-Next-Cursor`
    /// when the store had more than `limit`: `items` was asked for one more.
    static func paged<Item: Encodable>(
        _ request: HTTPRequest, _ page: PageRequest, _ items: [Item], key: (Item) -> String
    ) -> HTTPResponse {
        guard items.count > page.limit else { return .json(items) }
        let shown = Array(items.prefix(page.limit))
        let cursor = ListPaging.cursor(after: key(shown[shown.count - 1]))
        // The decoded path, encoded again: names and blob ids need no escaping, but nothing else may slip in.
        let path = request.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? request.path
        let next = "\(path)?limit=\(page.limit)&cursor=\(cursor)"
        return .json(shown, headers: [("Link", "<\(next)>; rel=\"next\""), (ListPaging.nextCursorHeader, cursor)])
    }

    /// `q`, `kind`, `label`, `skill`, `limit`, `all_versions`: what
    /// `skillctl search` takes, with the same checks.
    static func searchRequest(_ request: HTTPRequest) throws -> SearchRequest {
        let query = request.query
        let allVersions = try request.flag("all_versions")
        let explain = try request.flag("explain")
        do {
            return try SearchRequest(
                userQuery: query["q"] ?? "", kind: query["kind"], label: query["label"], skill: query["skill"],
                namespace: query["namespace"], limit: query["limit"], allVersions: allVersions,
                explain: explain)
        } catch {
            throw HTTPError.badRequest(error.message { parameter in
                switch parameter {
                case .query: "q"
                case .kind: "kind"
                case .label: "label"
                case .skill: "skill"
                case .namespace: "namespace"
                case .limit: "limit"
                }
            })
        }
    }
}
