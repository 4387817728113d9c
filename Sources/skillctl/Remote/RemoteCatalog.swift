import Foundation
import SkillStore
import SkillStoreAPI

/// A SkillStore server as a catalog: each question is one HTTP request to
/// the API of docs/api.md, each answer the JSON the local store would give.
final class RemoteCatalog: SkillCatalog {
    let base: URL
    let token: String?

    init(_ url: String, token: String?, maxAnswerBytes: Int) throws {
        var text = url
        while text.hasSuffix("/") { text.removeLast() }
        guard let base = URL(string: text), let scheme = base.scheme?.lowercased(), ["http", "https"].contains(scheme),
              base.host != nil
        else {
            throw UsageProblem("--server takes an http:// or https:// URL such as http://127.0.0.1:8080, not '\(url)'")
        }
        self.base = base
        self.token = token
        transfers = BoundedTransfers(limit: maxAnswerBytes)
    }

    /// The largest answer read unless SKILLSTORE_MAX_ANSWER_MB says
    /// otherwise: four times the server's default body limit, so that any
    /// blob it accepted fits, while a hostile or broken server cannot make
    /// the client hold gigabytes.
    static let defaultMaxAnswerBytes = 256 << 20
    private let transfers: BoundedTransfers

    func version(_ address: SkillAddress) throws -> SkillVersion {
        if let label = address.label { return try json(Self.path(.skillVersion, address, label)) }
        return try json(Self.path(.skill, address), accept: "application/json")
    }

    func versions(of address: SkillAddress) throws -> [SkillVersion] { try pages(Self.path(.skillVersions, address)) }

    func skills(namespace: String?) throws -> [SkillSummary] {
        try pages(namespace.map { APIPath.skills.inNamespace.path($0) } ?? APIPath.skills.path())
    }

    /// The route about the skill `address` names: under its namespace when
    /// it has one, else the unqualified route, where the server resolves the name.
    private static func path(_ route: APIPath, _ address: SkillAddress, _ values: String...) -> String {
        let name = [address.name] + values
        guard let namespace = address.namespace else { return route.path(name) }
        return route.inNamespace.path([namespace] + name)
    }

    func blob(_ reference: BlobReference) throws -> Blob {
        let (data, answer) = try send(APIPath.blob.path(reference.description.replacingOccurrences(of: "sha256:", with: "")))
        // Never print bytes that are not the ones asked for: hash them here.
        let digest = BlobDigest(of: data)
        guard reference.names(digest) else {
            throw RemoteError(
                status: answer.status, code: "DIGEST_MISMATCH",
                message: "the server sent bytes that hash to \(digest), not to \(reference); nothing was printed")
        }
        return Blob(digest: digest, bytes: Array(data))
    }

    func search(_ request: SearchRequest) throws -> [SearchHit] {
        try json(APIPath.search.path(), query: Self.searchParameters(request))
    }

    func searchSkills(_ request: SearchRequest) throws -> [SkillSearchEntry] {
        try json(APIPath.search.path(), query: Self.searchParameters(request))
    }

    private static func searchParameters(_ request: SearchRequest) -> [(String, String)] {
        var query: [(String, String)] = [("q", request.query), ("limit", String(request.limit))]
        if let kind = request.kind { query.append(("kind", kind.rawValue)) }
        if let label = request.label { query.append(("label", label.rawValue)) }
        if let skill = request.skill { query.append(("skill", skill)) }
        if let namespace = request.namespace { query.append(("namespace", namespace)) }
        if request.allVersions { query.append(("all_versions", "1")) }
        if request.explain { query.append(("explain", "1")) }
        return query
    }

    func ruleEntries(of version: SkillVersion) throws -> [RuleEntry] { try graph(version, .skillRules) }

    func linkReport(of version: SkillVersion) throws -> LinkReport { try graph(version, .skillLinks) }

    func claimEntries(of version: SkillVersion, filter: ClaimFilter) throws -> [ClaimEntry] {
        var query: [(String, String)] = []
        if let label = filter.label { query.append(("label", label.rawValue)) }
        if let section = filter.section { query.append(("section", section)) }
        if let rule = filter.rule { query.append(("rule", rule)) }
        return try graph(version, .skillClaims, query)
    }

    func provenance(of version: SkillVersion, rule: String?) throws -> ProvenanceReport {
        try graph(version, .skillProvenance, rule.map { [("rule", $0)] } ?? [])
    }

    func check(_ version: SkillVersion, strict: Bool) throws -> [Diagnostic] {
        try graph(version, .skillCheck, strict ? [("strict", "1")] : [])
    }

    func versions(containingBlob id: BlobID) throws -> [SkillVersion] {
        try pages(APIPath.blobVersions.path(id.hex))
    }

    func changes(of address: SkillAddress, from: String, to: String) throws -> [GraphChange] {
        try json(Self.path(.skillDiff, address), query: [("from", from), ("to", to)])
    }

    func yank(_ address: SkillAddress, reason: String?, by _: String) throws -> SkillVersion {
        guard let token else {
            throw UsageProblem("yanking on a server needs a token: --token SECRET or SKILLSTORE_TOKEN")
        }
        guard let label = address.label else { preconditionFailure("yank is given a label") }
        var headers = [("Authorization", "Bearer \(token)"), ("Accept", "application/json")]
        var body: Data?
        if let reason {
            headers.append(("Content-Type", "application/json"))
            body = APIJSON.encode(YankRequest(reason: reason))
        }
        let (data, _) = try send(
            Self.path(.skillVersionYank, address, label), method: reason == nil ? "DELETE" : "PUT", headers: headers, body: body)
        return try decode(data)
    }

    /// Publishes an archive (`TarArchive`) into `namespace` with the token; the server's report.
    func publish(archive: [UInt8], namespace: String, version: String?, skipInvalid: Bool, strict: Bool) throws -> PublishReply {
        guard let token else {
            throw UsageProblem("publishing to a server needs a token: --token SECRET or SKILLSTORE_TOKEN")
        }
        // The default namespace keeps the route of servers from before namespaces.
        let path = namespace == Namespace.defaultName ? APIPath.skills.path() : APIPath.skills.inNamespace.path(namespace)
        let (data, _) = try send(
            path, query: (version.map { [("version", $0)] } ?? []) + (skipInvalid ? [("skip_invalid", "1")] : [])
                + (strict ? [("strict", "1")] : []),
            method: "POST",
            headers: [("Content-Type", "application/x-tar"), ("Authorization", "Bearer \(token)")], body: Data(archive))
        return try decode(data)
    }

    // MARK: - HTTP

    /// A graph route of the skill, about `version`.
    private func graph<T: Decodable>(_ version: SkillVersion, _ route: APIPath, _ query: [(String, String)] = []) throws -> T {
        try json(Self.path(route, SkillAddress(version.key)), query: [("version", version.label)] + query)
    }

    /// Every entry of a list route, page after page: the server announces
    /// each next page in `X-Next-Cursor` (a server from before paging sends
    /// none, and its single answer is the whole list).
    private func pages<Item: Decodable>(_ path: String) throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        var seen: Set<String> = []
        repeat {
            var query = pageLimit.map { [("limit", String($0))] } ?? []
            if let cursor { query.append(("cursor", cursor)) }
            let (data, answer) = try send(path, query: query, headers: [("Accept", "application/json")])
            items += try decode(data) as [Item]
            cursor = answer.header(ListPaging.nextCursorHeader)
            // A server that repeats a cursor would otherwise be followed forever.
            if let cursor, !seen.insert(cursor).inserted {
                throw RemoteError(status: answer.status, code: "BAD_ANSWER", message: "the server sent the page cursor '\(cursor)' twice")
            }
        } while cursor != nil
        return items
    }

    /// The page size asked for: SKILLSTORE_PAGE_LIMIT when set (tests use a
    /// small one to cross pages), else none, and the server's default holds.
    private let pageLimit: Int? = ProcessInfo.processInfo.environment["SKILLSTORE_PAGE_LIMIT"].flatMap { Int($0) }

    private func json<T: Decodable>(_ path: String, query: [(String, String)] = [], accept: String = "application/json") throws -> T {
        try decode(try send(path, query: query, headers: [("Accept", accept)]).0)
    }

    private func decode<T: Decodable>(_ data: Data) throws -> T {
        do {
            return try APIJSON.decode(T.self, from: data)
        } catch {
            throw RemoteError(status: 200, code: "BAD_ANSWER", message: "the server's answer is not the JSON expected (\(error))")
        }
    }

    /// One request to `path` (percent-encoded, from `APIPath`); a status of
    /// 400 or more becomes the error the local store would throw.
    private func send(
        _ path: String, query: [(String, String)] = [], method: String = "GET", headers: [(String, String)] = [],
        body: Data? = nil
    ) throws -> (Data, BoundedTransfers.Answer) {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = components.percentEncodedPath + path
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        // '+' in a query value would read as a space on the server.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        let request = BoundedTransfers.Request(url: components.url!.absoluteString, method: method, headers: headers, body: body)

        let answer: BoundedTransfers.Answer
        do {
            answer = try transfers.run(request)
        } catch is BoundedTransfers.AnswerTooLarge {
            throw RemoteError(
                status: 0, code: "ANSWER_TOO_LARGE",
                message: "\(base.absoluteString) sent an answer over \(transfers.limit >> 20) MB, "
                    + "the most read (SKILLSTORE_MAX_ANSWER_MB); not read")
        } catch {
            throw RemoteError(status: 0, code: "UNREACHABLE", message: "cannot reach \(base.absoluteString): \(error)")
        }
        guard answer.status < 400 else { throw Self.error(status: answer.status, body: answer.body) }
        return (answer.body, answer)
    }

    private static func error(status: Int, body: Data) -> any Error {
        guard let detail = try? APIJSON.decode(ErrorBody.self, from: body).error else {
            return RemoteError(status: status, code: "HTTP_\(status)", message: "the server answered \(status)")
        }
        if status == 404 && detail.code != "BLOB_UNKNOWN" || detail.code == "BLOB_UNKNOWN" {
            return SkillStoreError.notFound(detail.message)
        }
        // The same refusal, and exit status, as a local store's.
        if detail.code == ErrorBody.ambiguousCode, let candidates = detail.candidates, let name = candidates.first?.split(separator: "/").last {
            return AmbiguousSkillName(name: String(name), candidates: candidates)
        }
        if let diagnostics = detail.diagnostics, !diagnostics.isEmpty { return InputRefused(diagnostics) }
        return RemoteError(status: status, code: detail.code, message: detail.message)
    }
}
