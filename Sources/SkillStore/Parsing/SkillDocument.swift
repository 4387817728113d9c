/// A parsed SKILL.md: its front-matter (read by libyaml) and its body (read
/// by cmark-gfm), validated against the Agent Skills rules.
public struct SkillDocument: Sendable {
    public var name: String
    public var description: String
    /// The whole front-matter map, other keys included.
    public var frontMatter: YAMLNode
    public var body: MarkdownNode
    /// The body text (BOM removed, CRLF read as LF) and the file line it starts on.
    public var bodyText: String
    public var bodyFirstLine: Int

    /// The version label the front-matter declares: `version`, else `metadata.version`.
    public var declaredVersion: String? {
        let label = frontMatter["version"]?.scalarText ?? frontMatter["metadata"]?["version"]?.scalarText
        return label.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Parses and validates `bytes`, the content of the file at `path`.
    /// `folderName`, when the skill was published from a folder, must equal
    /// the skill's name.
    public static func parse(_ bytes: [UInt8], path: String, folderName: String? = nil) throws(InputRefused) -> SkillDocument {
        let text = try TextDecoding.decode(bytes, path: path)
        let (frontMatterText, body, bodyFirstLine) = try splitFrontMatter(text, path: path)

        let frontMatter: YAMLNode
        do {
            frontMatter = try YAMLReader().parse(frontMatterText)
        } catch {
            // The YAML text starts on line 2 of the file.
            let location = SourceLocation(line: error.location.line + 1, column: error.location.column)
            throw InputRefused([Diagnostic(path: path, location: location, message: error.message, code: "yaml")])
        }
        let fields = try FrontMatterRules(path: path, lineOffset: 1).validate(frontMatter, folderName: folderName)

        let tree: MarkdownNode
        do {
            tree = try MarkdownParser().parse(body, firstLine: bodyFirstLine)
        } catch {
            throw InputRefused([Diagnostic(path: path, location: error.location, message: error.message, code: "markdown-depth")])
        }
        return SkillDocument(
            name: fields.name, description: fields.description,
            frontMatter: frontMatter.shifted(byLines: 1), body: tree,
            bodyText: body, bodyFirstLine: bodyFirstLine)
    }

    /// Splits `---` front-matter from the body. Returns the YAML text, the
    /// body, and the file line the body starts on.
    static func splitFrontMatter(_ text: String, path: String) throws(InputRefused) -> (String, String, Int) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func isFence(_ line: Substring, _ fence: String) -> Bool {
            var trimmed = line
            while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
            return trimmed == fence
        }
        guard let first = lines.first, isFence(first, "---") else {
            throw InputRefused([Diagnostic(
                path: path, location: SourceLocation(line: 1, column: 1),
                message: "a SKILL.md must start with a '---' line opening its YAML front-matter",
                code: "front-matter-missing")])
        }
        lines.removeFirst()
        guard let close = lines.firstIndex(where: { isFence($0, "---") || isFence($0, "...") }) else {
            throw InputRefused([Diagnostic(
                path: path, location: SourceLocation(line: 1, column: 1),
                message: "the front-matter opened on line 1 is never closed by a '---' line",
                code: "front-matter-unterminated")])
        }
        let yaml = lines[..<close].joined(separator: "\n")
        let body = lines[(close + 1)...].joined(separator: "\n")
        // Line 1 is the opening fence; the closing fence is line close + 2.
        return (yaml, body, close + 3)
    }
}

extension YAMLNode {
    /// The same node with every location moved down `lines` lines.
    func shifted(byLines lines: Int) -> YAMLNode {
        var copy = self
        copy.location.line += lines
        switch value {
        case .list(let items): copy.value = .list(items.map { $0.shifted(byLines: lines) })
        case .map(let entries):
            copy.value = .map(entries.map {
                YAMLEntry(
                    key: $0.key,
                    keyLocation: SourceLocation(line: $0.keyLocation.line + lines, column: $0.keyLocation.column),
                    value: $0.value.shifted(byLines: lines))
            })
        default: break
        }
        return copy
    }
}
