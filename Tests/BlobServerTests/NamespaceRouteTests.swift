import Foundation
import Testing
import TestSupport
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// The routes under `/api/v1/namespaces/{namespace}`, unqualified names that
/// several namespaces hold, namespace-scoped tokens, yanks and bundle ids.
///
/// `acme/pdf` and `other/pdf` are published; tokens `acme-ci` (namespace
/// `acme`), `other-ci` (`other`) and `plain` (the default namespace).
@Suite struct NamespaceRouteTests {
    let fixture: ServerFixture
    let acme: String
    let other: String
    let plain: String

    init() throws {
        fixture = try ServerFixture()
        try fixture.publish([try fixture.skill("pdf", in: "acme/pdf", body: "# Pages\n\nRotate pages with qpdf.\n")], namespace: "acme")
        try fixture.publish([try fixture.skill("pdf", in: "other/pdf", body: "# Invoices\n\nMerge scanned invoices.\n")], namespace: "other")
        acme = try fixture.store.createToken(name: "acme-ci", namespace: "acme").secret
        other = try fixture.store.createToken(name: "other-ci", namespace: "other").secret
        plain = try fixture.store.createToken(name: "plain").secret
    }

    static let json = ["Accept": "application/json"]

    func bearer(_ secret: String) -> [String: String] { ["Authorization": "Bearer \(secret)"] }

    @Test func eachNamespaceServesItsOwnSkillOfTheSameName() throws {
        for namespace in ["acme", "other"] {
            let response = fixture.get("/api/v1/namespaces/\(namespace)/skills/pdf", headers: Self.json)
            #expect(response.status == 200, "\(response.text)")
            let served = fixture.get("/api/v1/namespaces/\(namespace)/skills/pdf")
            #expect(served.text.hasPrefix("\(namespace)/pdf 1.0\n"), "\(served.text)")
            let version = try response.decoded(SkillVersion.self)
            #expect(version.namespace == namespace && version.name == "pdf")
            #expect(version == (try fixture.store.version(of: SkillKey(namespace: namespace, name: "pdf"))))
        }
        let versions = fixture.get("/api/v1/namespaces/acme/skills/pdf/versions")
        #expect(versions.status == 200)
        #expect(versions.text.contains("\"acme\"") && !versions.text.contains("\"other\""))
        let labelled = fixture.get("/api/v1/namespaces/other/skills/pdf/versions/1.0")
        #expect(try labelled.decoded(SkillVersion.self).namespace == "other")
    }

    @Test func anUnqualifiedNameHeldByTwoNamespacesIs409WithTheCandidates() throws {
        for path in ["/api/v1/skills/pdf", "/api/v1/skills/pdf/versions", "/api/v1/skills/pdf/versions/1.0"] {
            let response = fixture.get(path)
            #expect(response.status == 409, "\(path): \(response.text)")
            let detail = try #require(response.errorDetail)
            #expect(detail.code == "SKILL_AMBIGUOUS")
            #expect(detail.candidates == ["acme/pdf", "other/pdf"])
        }
    }

    @Test func anUnqualifiedNameHeldByOneNamespaceResolves() throws {
        try fixture.publish([try fixture.skill("forms", in: "acme/forms")], namespace: "acme")
        let response = fixture.get("/api/v1/skills/forms", headers: Self.json)
        #expect(response.status == 200, "\(response.text)")
        #expect(try response.decoded(SkillVersion.self).namespace == "acme")
        #expect(fixture.get("/api/v1/namespaces/other/skills/forms").status == 404)
        #expect(fixture.get("/api/v1/namespaces/Bad/skills/forms").status == 400)
    }

    @Test func theNamespacesAreListedWithTheirSkills() throws {
        try fixture.publish([try fixture.skill("forms", in: "acme/forms")], namespace: "acme")
        let response = fixture.get("/api/v1/namespaces")
        #expect(response.status == 200)
        let entries = try response.decoded([NamespaceEntry].self)
        #expect(entries.map(\.name) == ["acme", "other"])
        #expect(entries.map(\.skills) == [2, 1])
        let listed = fixture.get("/api/v1/namespaces/acme/skills")
        #expect(listed.status == 200)
        #expect(listed.text.contains("forms") && listed.text.contains("\"acme\"") && !listed.text.contains("\"other\""))
    }

    /// Follows `X-Next-Cursor` from `path` with pages of one skill.
    func pages(_ path: String) throws -> (skills: [String], links: [String]) {
        var skills: [String] = []
        var links: [String] = []
        var query = ["limit": "1"]
        for _ in 0..<10 {
            let page = fixture.get(path, query: query)
            #expect(page.status == 200, "\(page.text)")
            skills += try page.decoded([SkillSummary].self).map(\.key.qualified)
            guard let next = page.header("X-Next-Cursor") else { break }
            links += page.header("Link").map { [$0] } ?? []
            query["cursor"] = next
        }
        return (skills, links)
    }

    @Test func pagesOfSkillsVisitEachSkillOfEachNamespaceOnce() throws {
        try fixture.publish([try fixture.skill("forms", in: "acme/forms")], namespace: "acme")
        try fixture.publish([try fixture.skill("pdf", in: "plain/pdf")])
        #expect(try pages("/api/v1/skills").skills == ["acme/forms", "acme/pdf", "default/pdf", "other/pdf"])
        let acmeOnly = try pages("/api/v1/namespaces/acme/skills")
        #expect(acmeOnly.skills == ["acme/forms", "acme/pdf"])
        #expect(acmeOnly.links.allSatisfy { $0.hasPrefix("</api/v1/namespaces/acme/skills?") }, "\(acmeOnly.links)")
    }

    @Test func aCursorFromBeforeNamespacesResumesAfterItsSkill() throws {
        try fixture.publish([try fixture.skill("pdf", in: "plain/pdf")])
        try fixture.publish([try fixture.skill("zip", in: "plain/zip")])
        // Such a cursor holds the name alone; every skill was then in the default namespace.
        let page = fixture.get("/api/v1/skills", query: ["limit": "10", "cursor": ListPaging.cursor(after: "pdf")])
        #expect(page.status == 200, "\(page.text)")
        #expect(try page.decoded([SkillSummary].self).map(\.key.qualified) == ["other/pdf", "default/zip"])
    }

    @Test func searchTakesANamespace() throws {
        let all = fixture.get("/api/v1/search", query: ["q": "pdf"])
        #expect(all.status == 200, "\(all.text)")
        #expect(all.text.contains("acme/pdf") && all.text.contains("other/pdf"))
        let acmeOnly = fixture.get("/api/v1/search", query: ["q": "pdf", "namespace": "acme"])
        // Both are `pdf` with the same description, so `other/pdf` is named
        // in `also_in`; the results themselves are acme's only.
        let results = try #require(try JSONSerialization.jsonObject(with: Data(acmeOnly.text.utf8)) as? [[String: Any]])
        #expect(!results.isEmpty && results.allSatisfy { $0["namespace"] as? String == "acme" }, "\(acmeOnly.text)")
        #expect(fixture.get("/api/v1/search", query: ["q": "pdf", "namespace": "Not Valid"]).status == 400)
    }

    // MARK: Tokens scoped by namespace

    @Test func aTokenPublishesIntoItsNamespaceAndNoOther() throws {
        let archive = Tar.skill("forms")
        let elsewhere = fixture.request(
            "POST", "/api/v1/namespaces/other/skills", headers: bearer(acme).merging(["Content-Type": "application/x-tar"]) { $1 },
            body: archive)
        #expect(elsewhere.status == 403, "\(elsewhere.text)")
        #expect(elsewhere.errorDetail?.code == "FORBIDDEN")
        #expect(fixture.post(archive: archive, token: acme).status == 403)
        #expect(try fixture.store.skills().map(\.name) == ["pdf", "pdf"])

        let home = fixture.request(
            "POST", "/api/v1/namespaces/acme/skills", headers: bearer(acme).merging(["Content-Type": "application/x-tar"]) { $1 },
            body: archive)
        #expect(home.status == 201, "\(home.text)")
        #expect(try home.decoded(PublishReply.self).published.map(\.key.qualified) == ["acme/forms"])
        #expect(try fixture.store.version(of: SkillKey(namespace: "acme", name: "forms")).publishedBy == "token:acme-ci")
        // A token made without --namespace publishes into the default namespace, as before.
        #expect(fixture.post(archive: archive, token: plain).status == 201)
        #expect(try fixture.store.skillExists(SkillKey("forms")))
    }

    // MARK: Yank

    func yank(_ path: String, token: String?, reason: String = "broken rotation") -> HTTPResponse {
        var headers = ["Content-Type": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return fixture.request("PUT", path, headers: headers, body: Array("{\"reason\": \"\(reason)\"}".utf8))
    }

    @Test func aNamespaceTokenYanksAndUndoesOverHTTP() throws {
        let path = "/api/v1/namespaces/acme/skills/pdf/versions/1.0/yank"
        let response = yank(path, token: acme)
        #expect(response.status == 200, "\(response.text)")
        let yanked = try response.decoded(SkillVersion.self)
        #expect(yanked.yank?.reason == "broken rotation" && yanked.yank?.by == "token:acme-ci")
        #expect(try fixture.store.version(of: SkillKey(namespace: "acme", name: "pdf"), label: "1.0").yank != nil)
        // Its only version is yanked: no latest.
        #expect(fixture.get("/api/v1/namespaces/acme/skills/pdf").status == 404)
        #expect(fixture.get("/api/v1/namespaces/other/skills/pdf").status == 200)
        // The version itself is still served, with its yank.
        let named = fixture.get("/api/v1/namespaces/acme/skills/pdf/versions/1.0")
        #expect(try named.decoded(SkillVersion.self).yank?.reason == "broken rotation")

        let undone = fixture.request("DELETE", path, headers: bearer(acme))
        #expect(undone.status == 200, "\(undone.text)")
        #expect(try undone.decoded(SkillVersion.self).yank == nil)
        #expect(fixture.get("/api/v1/namespaces/acme/skills/pdf").status == 200)
    }

    @Test func aYankNeedsATokenOfTheSkillsNamespace() throws {
        let path = "/api/v1/namespaces/acme/skills/pdf/versions/1.0/yank"
        #expect(yank(path, token: nil).status == 401)
        let foreign = yank(path, token: other)
        #expect(foreign.status == 403, "\(foreign.text)")
        #expect(yank(path, token: plain).status == 403)
        #expect(fixture.request("DELETE", path, headers: bearer(other)).status == 403)
        #expect(try fixture.store.version(of: SkillKey(namespace: "acme", name: "pdf"), label: "1.0").yank == nil)
        // A body without a reason is refused.
        let empty = fixture.request("PUT", path, headers: bearer(acme), body: Array("{}".utf8))
        #expect(empty.status == 400)
        #expect(yank(path, token: acme, reason: "  ").status == 400)
        #expect(try fixture.store.version(of: SkillKey(namespace: "acme", name: "pdf"), label: "1.0").yank == nil)
    }

    @Test func theOpenAPIDocumentDescribesEveryKeyOfAYankedVersionAndOfAnAmbiguity() throws {
        #expect(yank("/api/v1/namespaces/acme/skills/pdf/versions/1.0/yank", token: acme).status == 200)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        func properties(_ schema: [String: Any]?) -> [String: [String: Any]] {
            schema?["properties"] as? [String: [String: Any]] ?? [:]
        }
        let answer = fixture.get("/api/v1/namespaces/acme/skills/pdf/versions/1.0")
        let version = try #require(try JSONSerialization.jsonObject(with: Data(answer.bodyBytes)) as? [String: Any])
        let documented = properties(schemas["SkillVersion"])
        #expect(Set(version.keys).isSubset(of: documented.keys), "\(version.keys)")
        let yank = try #require(version["yank"] as? [String: Any])
        #expect(Set(yank.keys) == Set(properties(documented["yank"]).keys))
        #expect(version["namespace"] as? String == "acme")

        let ambiguous = fixture.get("/api/v1/skills/pdf")
        let error = try #require(try JSONSerialization.jsonObject(with: Data(ambiguous.bodyBytes)) as? [String: [String: Any]])
        let errorKeys = Set(properties(properties(schemas["Error"])["error"]).keys)
        #expect(Set(try #require(error["error"]).keys).isSubset(of: errorKeys))
        #expect(errorKeys.contains("candidates"))
    }

    @Test func anUnqualifiedYankOfAnAmbiguousNameIs409() throws {
        let response = yank("/api/v1/skills/pdf/versions/1.0/yank", token: acme)
        #expect(response.status == 409, "\(response.text)")
        #expect(response.errorDetail?.candidates == ["acme/pdf", "other/pdf"])
    }

    // MARK: Bundle ids

    @Test func theManifestIsServedByItsBundleID() throws {
        let version = try fixture.store.version(of: SkillKey(namespace: "acme", name: "pdf"))
        let manifest = fixture.get("/api/v1/blob/\(version.manifest.hex)")
        #expect(manifest.status == 200, "\(manifest.text)")
        #expect(Array(manifest.bodyBytes) == (try fixture.store.blob(.id(version.manifest)).bytes))
        #expect(manifest.text.contains("SKILL.md"))
        #expect(manifest.text.contains(version.digest))
        let skill = fixture.get("/api/v1/blob/\(version.id.hex)")
        #expect(skill.status == 200)
        #expect(Array(skill.bodyBytes) == (try fixture.store.blob(.id(version.id)).bytes))
    }
}
