import SkillStore

/// Content types for the files of a bundle, by extension.
enum MediaType {
    static func of(_ role: BlobRole) -> String {
        switch role {
        case .manifest: return "application/json"
        case .source: return "text/markdown; charset=utf-8"
        case .unreferenced: return "application/octet-stream"
        case .file(let path): return forPath(path)
        }
    }

    static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.contains(".") ? String(name.split(separator: ".").last!).lowercased() : ""
        switch ext {
        case "md", "markdown": return "text/markdown; charset=utf-8"
        case "txt", "text": return "text/plain; charset=utf-8"
        case "json": return "application/json"
        case "yaml", "yml": return "application/yaml"
        case "toml": return "application/toml"
        case "csv": return "text/csv; charset=utf-8"
        case "html", "htm": return "text/html; charset=utf-8"
        case "xml": return "application/xml"
        case "sh", "bash": return "text/x-shellscript; charset=utf-8"
        case "py": return "text/x-python; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "ts", "swift", "rb", "go", "rs", "c", "h": return "text/plain; charset=utf-8"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "svg": return "image/svg+xml"
        case "webp": return "image/webp"
        case "pdf": return "application/pdf"
        case "zip": return "application/zip"
        default: return "application/octet-stream"
        }
    }
}
