/// What a skill version's row of the per-skill index (`skill_text`,
/// migrations/0007_search_fields.sql) holds: the whole skill, field by
/// field, so that a question is ranked against each skill as one document.
/// Built on the worker threads of a publish, like `SearchEntry`.
struct SkillTextEntry: Sendable, Equatable {
    var name = ""
    var description = ""
    /// Every heading title, one per line.
    var headings = ""
    /// Rule titles, one per line.
    var rules = ""
    /// The prose: every sentence, list item and table cell.
    var body = ""
    /// Text files of the bundle other than SKILL.md.
    var files = ""
    /// Fenced code of SKILL.md, and the bundle's scripts.
    var code = ""

    /// Files of these kinds are prose, indexed in `files`.
    static let proseExtensions: Set<String> = ["md", "markdown", "mdx", "txt", "rst", "adoc"]
    /// Files of these kinds are code, indexed in `code`.
    static let codeExtensions: Set<String> = [
        "py", "sh", "bash", "zsh", "js", "mjs", "cjs", "ts", "rb", "go", "rs", "swift", "sql", "ps1", "pl", "php", "java", "kt",
    ]
    /// A bundle's text is capped per file and per field: a skill shipping a
    /// whole manual must not make every query slower, and its first pages
    /// say what it is about.
    static let maxFileBytes = 64 * 1024
    static let maxFieldBytes = 512 * 1024

    init() {}

    /// The row of a parsed SKILL.md, from its graph and section rows (the
    /// prose is their text, so it is read once).
    init(document: SkillDocument, graph: SkillGraph, sections: [SearchEntry]) {
        name = document.name.split(separator: "-").joined(separator: " ")
        description = document.description
        headings = graph.sections.map(\.title).joined(separator: "\n")
        rules = graph.rules.compactMap(\.title).joined(separator: "\n")
        body = sections.filter { $0.kind == .section }.map(\.body).joined(separator: "\n")
        var blocks: [String] = []
        Self.collectCode(document.body, into: &blocks)
        code = blocks.joined(separator: "\n")
    }

    private static func collectCode(_ node: MarkdownNode, into blocks: inout [String]) {
        if case .codeBlock = node.kind, let literal = node.literal {
            blocks.append(literal)
            return
        }
        for child in node.children { collectCode(child, into: &blocks) }
    }

    /// Adds the text files of a bundle, in manifest order: prose to `files`,
    /// scripts to `code`. SKILL.md itself, binary files and other kinds are
    /// left out.
    mutating func addBundleFiles(_ files: [(path: String, bytes: [UInt8])]) {
        for file in files where file.path != "SKILL.md" {
            let fileExtension = file.path.split(separator: "/").last?.split(separator: ".").last.map { $0.lowercased() } ?? ""
            let isProse = Self.proseExtensions.contains(fileExtension)
            guard isProse || Self.codeExtensions.contains(fileExtension) else { continue }
            let bytes = file.bytes.prefix(Self.maxFileBytes)
            // A NUL byte means the file is not text, whatever its name.
            guard !bytes.contains(0) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            if isProse { Self.append(text, to: &self.files) } else { Self.append(text, to: &code) }
        }
    }

    private static func append(_ text: String, to field: inout String) {
        let room = maxFieldBytes - field.utf8.count
        guard room > 0 else { return }
        if !field.isEmpty { field += "\n" }
        field += text.utf8.count <= room ? text : String(decoding: text.utf8.prefix(room), as: UTF8.self)
    }
}
