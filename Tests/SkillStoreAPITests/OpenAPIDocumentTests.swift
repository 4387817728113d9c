import Foundation
import SkillStoreAPI
import Testing

@Suite struct OpenAPIDocumentTests {
    /// The document compiled into the module is the file a person edits.
    @Test func theEmbeddedDocumentIsTheSourceFile() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/SkillStoreAPI/openapi.json")
        var text = try String(contentsOf: file, encoding: .utf8)
        while text.hasSuffix("\n") { text.removeLast() }
        #expect(OpenAPIDocument.json == text)
        // Served as it always was: ending at the closing brace.
        #expect(OpenAPIDocument.json.hasSuffix("}"))
    }

    @Test func theDocumentDescribesExactlyTheDeclaredRoutes() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        #expect((document["openapi"] as? String)?.hasPrefix("3.1") == true)
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(Set(paths.keys) == Set(APIPath.all.map(\.pattern)))
    }

    /// Each list route documents `limit` and `cursor` and the headers that
    /// announce the next page.
    @Test func theListRoutesDocumentTheirPaging() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for route in APIPath.paged {
            let get = try #require(paths[route.pattern]?["get"] as? [String: Any], "\(route.pattern)")
            let parameters = (get["parameters"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
            #expect(parameters.contains("#/components/parameters/limit"), "\(route.pattern)")
            #expect(parameters.contains("#/components/parameters/cursor"), "\(route.pattern)")
            let responses = try #require(get["responses"] as? [String: [String: Any]])
            let headers = try #require(responses["200"]?["headers"] as? [String: Any])
            #expect(Set(headers.keys) == ["Link", "X-Next-Cursor"], "\(route.pattern)")
            #expect(responses["400"] != nil, "\(route.pattern)")
        }
        let components = try #require(document["components"] as? [String: [String: Any]])
        let limit = try #require(components["parameters"]?["limit"] as? [String: Any])
        let schema = try #require(limit["schema"] as? [String: Any])
        #expect(schema["maximum"] as? Int == ListPaging.maximumLimit)
        #expect(schema["default"] as? Int == ListPaging.defaultLimit)
    }
}
