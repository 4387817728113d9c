/// The OpenAPI 3.1 description served at `/api/v1/openapi.json`, kept in
/// `openapi.json` beside this file and compiled into the module, so that
/// the binary never looks for the source tree.
public enum OpenAPIDocument {
    /// The document as served: the file without its final newline, the
    /// bytes the server has always sent.
    public static let json: String = {
        var text = embeddedOpenAPIDocument
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }()
}
