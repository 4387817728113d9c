import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// GET /api/v1/openapi.json: a document that describes exactly the routes
/// and the rules the server applies to their parameters.
@Suite struct OpenAPIRouteTests {
    let fixture: ServerFixture
    init() throws { fixture = try ServerFixture() }

    @Test func theOpenAPIDocumentDescribesExactlyTheRoutes() throws {
        let response = fixture.get("/api/v1/openapi.json")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(response.bodyBytes)) as? [String: Any])
        #expect((document["openapi"] as? String)?.hasPrefix("3.1") == true)
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(Set(paths.keys) == Set(fixture.server.router.patterns.map(\.pattern)))
        // Each path's operations are the methods the router takes there
        // (HEAD aside: every GET route answers it).
        let methods = ["get", "post", "put", "delete", "patch"]
        for pattern in RouterTests.routePatterns {
            let routed = Set(methods.filter { fixture.request($0.uppercased(), RouterTests.concrete(pattern)).status != 405 })
            let described = Set(((paths[pattern] as? [String: Any]) ?? [:]).keys.filter(methods.contains))
            #expect(routed == described, "\(pattern)")
        }
        #expect(Set(((paths["/api/v1/skills"] as? [String: Any]) ?? [:]).keys.filter(methods.contains)) == ["get", "post"])
    }

    /// The document's patterns say what the server takes: a blob id or
    /// a skill name matches its pattern exactly when the server accepts it.
    @Test func theOpenAPIPatternsAreTheServersRules() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(fixture.get("/api/v1/openapi.json").bodyBytes)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let blobParameters = try #require(paths["/api/v1/blob/{id}"]?["parameters"] as? [[String: Any]])
        let blobPattern = try #require((blobParameters.first { $0["name"] as? String == "id" }?["schema"] as? [String: Any])?["pattern"] as? String)
        let components = try #require((document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]])
        let namePattern = try #require((components["name"]?["schema"] as? [String: Any])?["pattern"] as? String)
        func matches(_ pattern: String, _ text: String) throws -> Bool {
            let regex = try NSRegularExpression(pattern: pattern)
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        let digest = String(repeating: "ab", count: 32)
        for id in ["9d4359094e2074e6", "9D4359094E2074E6", digest, "sha256:" + digest, "SHA256:" + digest,
                   "9d4359094e2074e", "9d4359094e2074e6a", "g" + digest.dropFirst(), "sha256:" + digest.dropFirst(), ""] {
            #expect(try matches(blobPattern, id) == ((try? BlobReference(parsing: id)) != nil), "\(id)")
        }
        for name in ["oven-spring", "a", "a1-b2", "Oven", "-a", "a-", "a--b", "a_b", "", String(repeating: "a", count: 64)] {
            #expect(try matches(namePattern, name) == SkillName.isValid(name), "\(name)")
        }
    }
}
