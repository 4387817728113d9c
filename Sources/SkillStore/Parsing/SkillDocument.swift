/// A parsed SKILL.md: its front-matter (read by libyaml) and its body (read
/// by cmark-gfm), validated against the Agent Skills rules.
public struct SkillDocument: Sendable {
    public var name: String
    public var description: String
    /// The whole front-matter map, other keys included.
    var frontMatter: YAMLNode
    var body: MarkdownNode
    /// The body text (BOM removed, CRLF read as LF) and the file line it starts on.
    var bodyText: String
    var bodyFirstLine: Int

    /// The version label the front-matter declares: `version`, else `metadata.version`.
    public var declaredVersion: String? {
        let candidates = [frontMatter["version"]?.scalarText, frontMatter["metadata"]?["version"]?.scalarText]
        return candidates.compactMap { $0 }.first { !$0.isEmpty }
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
        var text = text
        text.makeContiguousUTF8()
        // Scans bytes, not Characters: this runs on every file of a publish.
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            findFences(in: bytes)
        }
        guard let found else { preconditionFailure("a contiguous string has contiguous storage") }
        switch found {
        case .noOpening:
            throw InputRefused([Diagnostic(
                path: path, location: SourceLocation(line: 1, column: 1),
                message: "a SKILL.md must start with a '---' line opening its YAML front-matter",
                code: "front-matter-missing")])
        case .unterminated:
            throw InputRefused([Diagnostic(
                path: path, location: SourceLocation(line: 1, column: 1),
                message: "the front-matter opened on line 1 is never closed by a '---' line",
                code: "front-matter-unterminated")])
        case .fences(let yaml, let body, let bodyLine):
            let utf8 = text.utf8
            func slice(_ range: Range<Int>) -> String {
                String(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
                    ..< utf8.index(utf8.startIndex, offsetBy: range.upperBound)])!
            }
            return (slice(yaml), slice(body), bodyLine)
        }
    }

    private enum Fences {
        case noOpening, unterminated
        /// Byte ranges of the YAML text and the body, and the body's first line.
        case fences(yaml: Range<Int>, body: Range<Int>, bodyLine: Int)
    }

    /// Finds the opening `---` line and the first closing `---` (or `...`)
    /// line after it; trailing spaces and tabs on a fence line are allowed.
    private static func findFences(in bytes: UnsafeBufferPointer<UInt8>) -> Fences {
        func lineEnd(from start: Int) -> Int {
            var index = start
            while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            return index
        }
        func isFence(_ start: Int, _ end: Int, _ mark: UInt8) -> Bool {
            var last = end
            while last > start && (bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09) { last -= 1 }
            return last - start == 3 && bytes[start] == mark && bytes[start + 1] == mark && bytes[start + 2] == mark
        }
        let firstEnd = lineEnd(from: 0)
        guard isFence(0, firstEnd, 0x2D) else { return .noOpening }
        var start = firstEnd + 1
        var line = 2
        while start <= bytes.count {
            let end = lineEnd(from: start)
            if isFence(start, end, 0x2D) || isFence(start, end, 0x2E) {
                let bodyStart = min(end + 1, bytes.count)
                return .fences(yaml: (firstEnd + 1)..<start, body: bodyStart..<bytes.count, bodyLine: line + 1)
            }
            if end >= bytes.count { break }
            start = end + 1
            line += 1
        }
        return .unterminated
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
