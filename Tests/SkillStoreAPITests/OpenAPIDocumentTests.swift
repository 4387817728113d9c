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
}
