import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// How the router dispatches: unknown paths, other methods, HEAD, and the
/// table of the routes docs/api.md lists.
///
/// This suite and the `*RouteTests` suites call the router of a server that
/// is never started (`ServerFixture`): status, headers and bodies exactly as
/// the transport would send them (for HEAD the transport drops the body; the
/// router does not).
@Suite struct RouterTests {
    @Test func anUnknownPathIs404NotFoundAsJSON() throws {
        let fixture = try ServerFixture()
        let response = fixture.get("/nowhere")
        #expect(response.status == 404)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.errorDetail?.code == "NOT_FOUND")
        #expect(response.route == "unmatched")
    }

    @Test func aKnownPathWithAnotherMethodIs405ListingTheMethodsItTakes() throws {
        let fixture = try ServerFixture()
        let collection = fixture.request("DELETE", "/api/v1/skills")
        #expect(collection.status == 405)
        #expect(collection.header("Allow") == "GET, HEAD, POST")
        #expect(collection.errorDetail?.code == "METHOD_NOT_ALLOWED")
        let one = fixture.request("POST", "/api/v1/skills/some-skill")
        #expect(one.status == 405)
        #expect(one.header("Allow") == "GET, HEAD")
    }

    @Test func everyGetRouteAnswersHeadAlike() throws {
        let fixture = try ServerFixture()
        try fixture.publish([try fixture.skill("head-skill")])
        for path in ["/api/v1/skills", "/api/v1/skills/head-skill", "/api/v1/skills/head-skill/versions", "/healthz"] {
            let get = fixture.get(path)
            let head = fixture.request("HEAD", path)
            #expect(get.status == 200, "\(path)")
            #expect(head.status == get.status, "\(path)")
            #expect(head.headerNames == get.headerNames, "\(path)")
            #expect(head.header("Content-Type") == get.header("Content-Type"), "\(path)")
        }
    }

    // MARK: - The routing table

    /// The patterns the API promises (docs/api.md); the router must
    /// have exactly these.
    static let routePatterns: Set<String> = ([
        "/api/v1/blob/{id}",
        "/api/v1/skills",
        "/api/v1/skills/{name}",
        "/api/v1/skills/{name}/versions",
        "/api/v1/skills/{name}/versions/{label}",
        "/api/v1/skills/{name}/versions/{label}/manifest",
        "/api/v1/skills/{name}/versions/{label}/scan",
        "/api/v1/skills/{name}/rules",
        "/api/v1/skills/{name}/claims",
        "/api/v1/skills/{name}/links",
        "/api/v1/skills/{name}/provenance",
        "/api/v1/skills/{name}/check",
        "/api/v1/skills/{name}/diff",
        "/api/v1/versions/{id}",
        "/api/v1/search",
        "/api/v1/sources",
        "/api/v1/openapi.json",
        "/healthz",
        "/metrics",
        "/api/v1/namespaces",
        "/api/v1/skills/{name}/versions/{label}/yank",
        "/.well-known/agent-skills/index.json",
        "/mcp",
    ] as Set<String>).union(namespacedPatterns)

    /// Every route of skills, also under a namespace.
    static let namespacedPatterns: Set<String> = [
        "/api/v1/namespaces/{namespace}/skills",
        "/api/v1/namespaces/{namespace}/skills/{name}",
        "/api/v1/namespaces/{namespace}/skills/{name}/versions",
        "/api/v1/namespaces/{namespace}/skills/{name}/versions/{label}",
        "/api/v1/namespaces/{namespace}/skills/{name}/versions/{label}/manifest",
        "/api/v1/namespaces/{namespace}/skills/{name}/versions/{label}/scan",
        "/api/v1/namespaces/{namespace}/skills/{name}/versions/{label}/yank",
        "/api/v1/namespaces/{namespace}/skills/{name}/rules",
        "/api/v1/namespaces/{namespace}/skills/{name}/claims",
        "/api/v1/namespaces/{namespace}/skills/{name}/links",
        "/api/v1/namespaces/{namespace}/skills/{name}/provenance",
        "/api/v1/namespaces/{namespace}/skills/{name}/check",
        "/api/v1/namespaces/{namespace}/skills/{name}/diff",
    ]

    /// A path the pattern matches.
    static func concrete(_ pattern: String) -> String {
        pattern.replacingOccurrences(of: "{id}", with: "0123456789abcdef")
            .replacingOccurrences(of: "{name}", with: "some-skill")
            .replacingOccurrences(of: "{label}", with: "1.0")
            .replacingOccurrences(of: "{namespace}", with: "acme")
    }

    @Test func everyListedPatternIsARouteOfTheRouter() throws {
        let fixture = try ServerFixture()
        #expect(Set(fixture.server.router.patterns.map(\.pattern)) == Self.routePatterns)
        for pattern in Self.routePatterns {
            #expect(fixture.get(Self.concrete(pattern)).route == pattern, "\(pattern)")
        }
    }
}
