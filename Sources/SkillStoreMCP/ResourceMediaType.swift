/// The media type a resource is listed and read with: `text/markdown` for
/// Markdown (every SKILL.md), common text types by extension, else
/// `text/plain` for UTF-8 text and `application/octet-stream` for the rest.
enum ResourceMediaType {
    private static let byExtension: [String: String] = [
        "md": "text/markdown", "markdown": "text/markdown", "txt": "text/plain", "json": "application/json",
        "yaml": "application/yaml", "yml": "application/yaml", "py": "text/x-python", "sh": "text/x-shellscript",
        "js": "text/javascript", "ts": "text/x-typescript", "html": "text/html", "css": "text/css", "csv": "text/csv",
        "xml": "application/xml", "toml": "application/toml", "svg": "image/svg+xml", "png": "image/png",
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "pdf": "application/pdf",
    ]

    /// The type of `path` by its extension alone, when the extension is known.
    static func known(forPath path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return byExtension[name[name.index(after: dot)...].lowercased()]
    }

    /// The type of `path`, looking at `bytes` when the extension says nothing.
    static func of(path: String, bytes: [UInt8]?) -> String {
        if let known = known(forPath: path) { return known }
        guard let bytes else { return "text/plain" }
        return String(validating: bytes, as: UTF8.self) == nil ? "application/octet-stream" : "text/plain"
    }
}
