import Foundation

/// A parsed SKILL.md: its front-matter (read by libyaml) and its body (read
/// by cmark-gfm), validated against the Agent Skills rules.
public struct SkillDocument: Sendable {
    /// The skill's id: its declared name, or the id SkillStore derived.
    public var name: String
    /// The name as declared, when it is not a skill id (kept for display).
    public var declaredName: String?
    public var description: String
    /// What the Agent Skills rules ask but the file breaks, accepted (lenient parsing only).
    public var warnings: [Diagnostic]
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
    /// `folderName`, when the skill was published from a folder, should equal
    /// the skill's name. `strict` refuses every departure from the Agent
    /// Skills rules; otherwise those that leave the skill identifiable are
    /// `warnings` (see `FrontMatterRules`), and a file without front-matter
    /// takes its name from its folder. What cannot be read safely (bad
    /// UTF-8, NUL bytes, YAML that does not parse or uses aliases) is
    /// refused either way, but for the two slips `readFrontMatter` reads
    /// leniently (an unquoted value holding `: ` or starting with `@`).
    public static func parse(
        _ bytes: [UInt8], path: String, folderName: String? = nil, strict: Bool = false
    ) throws(InputRefused) -> SkillDocument {
        let text = try TextDecoding.decode(bytes, path: path)
        let folder = folderName ?? ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        let rules = FrontMatterRules(path: path, lineOffset: 1, strict: strict, namingFolder: folder.isEmpty ? nil : folder)
        let fields: FrontMatterRules.Fields
        let frontMatter: YAMLNode
        let body: String
        let bodyFirstLine: Int
        if !strict, !startsWithFence(text) {
            // Real skills often start with `# Title`: the folder names them.
            let name = try rules.nameFromFolder(rules.namingFolder)
            fields = FrontMatterRules.Fields(name: name, description: nil, warnings: [Diagnostic(
                path: path, location: SourceLocation(line: 1, column: 1), severity: .warning,
                message: "no YAML front-matter; the name '\(name)' comes from the folder and the description "
                    + "from the first paragraph",
                code: "front-matter-missing")])
            frontMatter = YAMLNode(value: .map([]), location: SourceLocation(line: 1, column: 1))
            (body, bodyFirstLine) = (text, 1)
        } else {
            let (frontMatterText, split, splitLine) = try splitFrontMatter(text, path: path)
            let yaml: YAMLNode
            let repairs: [Diagnostic]
            do {
                (yaml, repairs) = try readFrontMatter(frontMatterText, path: path, lenient: !strict)
            } catch {
                // The YAML text starts on line 2 of the file.
                let location = SourceLocation(line: error.location.line + 1, column: error.location.column)
                throw InputRefused([Diagnostic(path: path, location: location, message: error.message, code: "yaml")])
            }
            fields = try rules.validate(yaml, folderName: folderName).adding(repairs)
            frontMatter = yaml.shifted(byLines: 1)
            (body, bodyFirstLine) = (split, splitLine)
        }

        let tree: MarkdownNode
        do {
            tree = try MarkdownParser().parse(body, firstLine: bodyFirstLine)
        } catch {
            throw InputRefused([Diagnostic(path: path, location: error.location, message: error.message, code: "markdown-depth")])
        }
        return SkillDocument(
            name: fields.name, declaredName: fields.declaredName,
            description: fields.description ?? Self.firstParagraph(of: tree) ?? fields.name,
            warnings: fields.warnings,
            frontMatter: frontMatter, body: tree,
            bodyText: body, bodyFirstLine: bodyFirstLine)
    }

    /// Whether line 1 is a `---` fence (trailing spaces and tabs allowed).
    private static func startsWithFence(_ text: String) -> Bool {
        let firstLine = text.utf8.prefix { $0 != 0x0A }
        var trimmed = Array(firstLine)
        while let last = trimmed.last, last == 0x20 || last == 0x09 || last == 0x0D { trimmed.removeLast() }
        return trimmed == Array("---".utf8)
    }

    /// The description of a skill that declares none: the text of the
    /// body's first paragraph, else of its first heading.
    private static func firstParagraph(of tree: MarkdownNode) -> String? {
        func first(_ node: MarkdownNode, _ wanted: (MarkdownNode.Kind) -> Bool) -> String? {
            if wanted(node.kind) {
                let text = node.plainText.trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty { return text }
            }
            for child in node.children {
                if let found = first(child, wanted) { return found }
            }
            return nil
        }
        return first(tree) { $0 == .paragraph } ?? first(tree) { if case .heading = $0 { true } else { false } }
    }

    /// The front-matter's YAML, and a warning for each line read leniently:
    /// a top-level `key: value` whose plain value holds `: ` (`description:
    /// Verification loop for Django: migrations, tests`) is a YAML error,
    /// "mapping values are not allowed", which PyYAML and js-yaml give too,
    /// though its author plainly meant the text; so is a value starting with
    /// `@` or `` ` `` (`description: @Observable patterns`), characters
    /// YAML reserves. Leniently, such a line is read as that text, as if it
    /// were double-quoted, when nothing else on it or after it could mean
    /// otherwise: its value is the rest of the line, does not open a quote,
    /// flow collection, block scalar, anchor, alias or tag, holds no ` #`
    /// comment, the next line is not a continuation (indented), the text
    /// breaks lines only with line feeds (libyaml also breaks at a lone CR,
    /// NEL and U+2028/2029, where other readers may not), and the key is,
    /// once read, a key of the top-level map on that line, and no `{` or
    /// `[` opened on an earlier line is still open (not a key inside a flow
    /// collection spanning lines, nor of a front-matter written as one
    /// `{...}` map). Locations are the file's lines.
    static func readFrontMatter(
        _ text: String, path: String, lenient: Bool
    ) throws(YAMLError) -> (YAMLNode, [Diagnostic]) {
        var text = text
        var repairs: [Diagnostic] = []
        var repaired: [(line: Int, key: String)] = []
        var firstError: YAMLError?
        while true {
            let root: YAMLNode
            do {
                root = try YAMLReader().parse(text)
            } catch {
                let colon = error.message.hasSuffix("mapping values are not allowed in this context")
                let indicator = error.message.hasSuffix("found character that cannot start any token")
                guard lenient, repairs.count < maxColonRepairs, colon || indicator, !Self.breaksLinesOtherwise(text),
                      let (quoted, key) = quotingPlainValue(in: text, line: error.location.line, reservedStart: indicator)
                else { throw firstError ?? error }
                firstError = firstError ?? error
                text = quoted
                repaired.append((error.location.line, key))
                repairs.append(Diagnostic(
                    path: path, location: SourceLocation(line: error.location.line + 1, column: error.location.column),
                    severity: .warning,
                    message: colon
                        ? "the value of '\(key)' holds ': ', which YAML reads as a nested mapping; it is read as the text it says (quote it)"
                        : "the value of '\(key)' starts with '@' or '`', which YAML reserves; it is read as the text it says (quote it)",
                    code: colon ? "value-colon-unquoted" : "value-indicator-unquoted"))
                continue
            }
            // Each line read as text must be a key of the top-level map.
            for (line, key) in repaired {
                guard case .map(let entries) = root.value,
                      entries.contains(where: { $0.key == key && $0.keyLocation.line == line }) else {
                    throw firstError ?? YAMLError(message: "front-matter read as text where it should not be", location: root.location)
                }
            }
            return (root, repairs)
        }
    }

    /// Lines of one front-matter read leniently, at most.
    static let maxColonRepairs = 16

    /// Whether `text` breaks a line other than with a line feed: a carriage
    /// return (CRLF is read as LF before), NEL, U+2028 or U+2029.
    static func breaksLinesOtherwise(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\r" || $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    /// `text` with line `line` (1-based), a top-level `key: value` whose
    /// plain value may be read as text, rewritten with that value
    /// double-quoted; and the key. Nil when the line is not such a line.
    /// The value holds `: ` or ends in `:`, or, with `reservedStart`, it
    /// starts with `@` or `` ` ``, which YAML reserves. Read scalar by
    /// scalar: a quote or `#` with a combining mark on it is still one.
    static func quotingPlainValue(in text: String, line: Int, reservedStart: Bool = false) -> (String, String)? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        guard line >= 1, line <= lines.count, !Self.flowOpen(before: line, in: lines) else { return nil }
        let content = lines[line - 1]
        guard let colon = content.firstIndex(of: ":") else { return nil }
        let key = content[..<colon]
        guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") })
        else { return nil }
        var value = content[(colon + 1)...]
        guard let first = value.first, first == " " || first == "\t" else { return nil }
        value = value.drop { $0 == " " || $0 == "\t" }
        while let last = value.last, last == " " || last == "\t" { value = value.dropLast() }
        guard let opening = value.first else { return nil }
        let pairs = zip(value, value.dropFirst())
        guard !pairs.contains(where: { ($0 == " " || $0 == "\t") && $1 == "#" }) else { return nil }
        if reservedStart {
            guard opening == "@" || opening == "`" else { return nil }
        } else {
            guard !"\"'[{|>&*!%@`#".unicodeScalars.contains(opening),
                  pairs.contains(where: { $0 == ":" && ($1 == " " || $1 == "\t") }) || value.last == ":" else { return nil }
        }
        if line < lines.count, let next = lines[line].first, next == " " || next == "\t" { return nil }
        var quoted: [Unicode.Scalar] = ["\""]
        for scalar in value {
            if scalar == "\\" || scalar == "\"" { quoted.append("\\") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        lines[line - 1] = Array(key) + [":", " "] + quoted
        var rewritten = String.UnicodeScalarView()
        for (index, scalars) in lines.enumerated() {
            if index > 0 { rewritten.append("\n") }
            rewritten.append(contentsOf: scalars)
        }
        var keyText = String.UnicodeScalarView()
        keyText.append(contentsOf: key)
        return (String(rewritten), String(keyText))
    }

    /// Whether a `{` or `[` opened on a line before `line` (1-based) is
    /// still open there, quoted text aside: the line is then inside a flow
    /// collection (a whole front-matter written `{name: a,\n...}`), where
    /// quoting the rest of the line would swallow the keys after it. A
    /// quote opens quoted text only where a value starts (at the start of a
    /// line, or after `:`, `-`, `[`, `{` or `,` and spaces): the apostrophe
    /// of `description: It's fine` is text. A `#` after a space ends the
    /// line's content.
    static func flowOpen(before line: Int, in lines: [[Unicode.Scalar]]) -> Bool {
        var depth = 0
        var quote: Unicode.Scalar?
        for scalars in lines.prefix(line - 1) {
            var escaped = false
            var valueStarts = true
            var previous: Unicode.Scalar = " "
            for scalar in scalars {
                defer { previous = scalar }
                if let open = quote {
                    if escaped { escaped = false } else if scalar == "\\" && open == "\"" { escaped = true } else if scalar == open { quote = nil }
                    continue
                }
                if scalar == " " || scalar == "\t" { continue }
                if scalar == "#", previous == " " || previous == "\t" { break }
                let startsValue = valueStarts
                valueStarts = ":-[{,".unicodeScalars.contains(scalar)
                switch scalar {
                case "\"" where startsValue, "'" where startsValue: quote = scalar
                case "{", "[": depth += 1
                case "}", "]": depth = max(0, depth - 1)
                default: break
                }
            }
        }
        return depth > 0 || quote != nil
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
