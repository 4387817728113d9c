import Foundation

/// A bundle file cut into lines, each marked with what it is (code a script
/// or code block runs, prose the agent reads, an HTML comment a reader never
/// sees) and whether it only teaches about attacks. Reading is bounded:
/// at most `maxBytes` of a file, `maxLineBytes` of a line and `maxLines`
/// lines are scanned.
struct ScannedFile: Sendable {
    static let maxBytes = 1 << 20
    static let maxLineBytes = 4096
    /// Every line costs every rule, whatever its length: a mebibyte of
    /// short lines took over a second, the bound a file must stay within.
    static let maxLines = 20_000

    var path: String
    var lines: [ScanLine]
    var isMarkdown: Bool
    /// Whether bytes past a limit were left unscanned.
    var truncated = false
    /// Whether the bytes left unscanned hold words of running, fetching or
    /// decoding code (`ScannedFile.riskyWords`): padding a file past the
    /// limits must not hide a payload behind a low finding.
    var unscannedRisk = false
    /// Whether NUL bytes were dropped from a text file before it was read.
    var droppedNULs = false
    /// The whole text, for rules about characters rather than lines.
    var text: String

    /// Nil for a binary file: one holding a NUL byte in its first 8 KiB,
    /// unless its name or a `#!` line says it is text or a script. Those are
    /// read with their NUL bytes dropped (shells skip them, and UTF-16 text
    /// becomes its ASCII), so a NUL cannot make a script unreadable to the
    /// scanner alone.
    init?(path: String, bytes: [UInt8]) {
        let lowerPath = path.lowercased()
        isMarkdown = lowerPath.hasSuffix(".md") || lowerPath.hasSuffix(".markdown") || lowerPath.hasSuffix(".mdx")
            || lowerPath.hasSuffix(".txt")
        var bytes = bytes
        if bytes.prefix(8192).contains(0) {
            let namedText = isMarkdown || SkillScanner.scriptExtensions.contains { lowerPath.hasSuffix($0) }
            guard namedText || bytes.filter({ $0 != 0 }).starts(with: Array("#!".utf8)) else { return nil }
            bytes.removeAll { $0 == 0 }
            droppedNULs = true
        }
        self.path = path
        if bytes.count > Self.maxBytes { unscannedRisk = Self.holdsRiskyWords(bytes[Self.maxBytes...], path: lowerPath, bytes: bytes) }
        var kept = bytes.count > Self.maxBytes ? Array(bytes[..<Self.maxBytes]) : bytes
        truncated = bytes.count > Self.maxBytes
        var lineTexts: [String] = []
        var start = 0
        var index = 0
        // Lines are cut by byte so that one enormous line costs no more than
        // `maxLineBytes`; a cut in the middle of a UTF-8 sequence decodes to
        // U+FFFD, harmless here.
        while index <= kept.count {
            if lineTexts.count == Self.maxLines {
                // What is left past a final new line is no line at all.
                truncated = truncated || index < kept.count
                if index < kept.count, Self.holdsRiskyWords(kept[index...], path: lowerPath, bytes: kept) { unscannedRisk = true }
                break
            }
            if index == kept.count || kept[index] == 0x0A {
                let end = min(index, start + Self.maxLineBytes)
                if index - start > Self.maxLineBytes {
                    truncated = true
                    if !unscannedRisk, Self.holdsRiskyWords(kept[end..<index], path: lowerPath, bytes: kept) { unscannedRisk = true }
                }
                var slice = kept[start..<end]
                if slice.last == 0x0D { slice = slice.dropLast() }
                lineTexts.append(String(decoding: slice, as: UTF8.self))
                start = index + 1
            }
            index += 1
        }
        kept.removeAll()
        text = lineTexts.joined(separator: "\n")
        lines = isMarkdown ? Self.markdownLines(lineTexts) : Self.scriptLines(lineTexts)
    }

    /// Words of the riskiest rules (download and run, reverse shells,
    /// decoded payloads), looked for, case folded, in the bytes the rules
    /// did not read of a script. A plain search: linear in the bytes.
    static let riskyWords: [[UInt8]] = [
        "| sh", "|sh", "| bash", "|bash", "| python", "iex", "invoke-expression", "/dev/tcp", "base64 -d",
        "base64 --decode", "frombase64string", "b64decode", "eval", "exec(", "nc -e", "crontab", "rm -rf",
    ].map { Array($0.utf8) }
    /// In text the agent reads (Markdown, references), only what tells it
    /// to drop its instructions: large references and minified bundles
    /// hold `eval` and `| sh` in their documentation and code (five false
    /// alarms in the 25 real repositories with the full list).
    static let riskyTextWords: [[UInt8]] = ["ignore previous", "ignore all previous"].map { Array($0.utf8) }

    /// Whether `unread` holds risky words for a file at `path` (lower case)
    /// whose `bytes` begin with it: a script (by extension or `#!`, not a
    /// minified bundle) is judged on `riskyWords`, anything else on
    /// `riskyTextWords`.
    static func holdsRiskyWords(_ unread: ArraySlice<UInt8>, path: String, bytes: [UInt8]) -> Bool {
        let isScript = !path.hasSuffix(".min.js")
            && (SkillScanner.scriptExtensions.contains { path.hasSuffix($0) } || bytes.starts(with: Array("#!".utf8)))
        let words = isScript ? riskyWords : riskyTextWords
        // ASCII case folding only: every word above is ASCII.
        let folded = unread.map(ByteText.lowercased)
        return folded.withUnsafeBytes { haystack in
            words.contains { word in
                word.withUnsafeBytes { ByteText.firstOffset(of: $0, in: haystack) != nil }
            }
        }
    }

    private static func scriptLines(_ texts: [String]) -> [ScanLine] {
        var lines: [ScanLine] = []
        lines.reserveCapacity(texts.count)
        var listDepth = 0
        for (index, text) in texts.enumerated() {
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            let isComment = (trimmed.hasPrefix("#") && !trimmed.hasPrefix("#!")) || trimmed.hasPrefix("//")
                || trimmed.hasPrefix("REM ") || trimmed.hasPrefix("::")
            var line = ScanLine(number: index + 1, text: text, context: isComment ? .scriptComment : .code)
            line.descriptive = ScanVocabulary.isDetectionCode(line) || listDepth > 0 || isStringItem(trimmed)
            // The items of `PATTERNS = [` are detection data, up to its `]`.
            if ScanVocabulary.isDetectionCode(line), let last = trimmed.trimmingSpaces.last, "[({".contains(last) {
                listDepth = 1
            } else if listDepth > 0, let first = trimmed.first, "])}".contains(first) {
                listDepth = 0
            }
            lines.append(line)
        }
        return lines
    }

    /// A line that is only a quoted string in a list (`r'/dev/tcp/',`): data.
    private static func isStringItem(_ trimmed: Substring) -> Bool {
        let text = trimmed.trimmingSpaces
        guard text.hasSuffix(",") || text.hasSuffix("',") || text.hasSuffix("\",") else { return false }
        let body = text.hasPrefix("r") || text.hasPrefix("b") ? text.dropFirst() : Substring(text)
        guard let open = body.first, open == "'" || open == "\"" else { return false }
        return body.dropLast().last == open
    }

    /// Marks front-matter, fences, HTML comments and teaching sections.
    private static func markdownLines(_ texts: [String]) -> [ScanLine] {
        var lines: [ScanLine] = []
        lines.reserveCapacity(texts.count)
        var fence: String?
        var fences = 0
        var fenceDescriptive = false
        var inComment = false
        var teachingSectionLevel: Int?
        var lastProseDescriptive = false
        var inFrontMatter = texts.first?.trimmingSpaces == "---"
        for (index, text) in texts.enumerated() {
            let number = index + 1
            let trimmed = text.trimmingSpaces
            if inFrontMatter {
                if index > 0 && (trimmed == "---" || trimmed == "...") { inFrontMatter = false }
                lines.append(ScanLine(number: number, text: text, context: .prose))
                continue
            }
            if let open = fence {
                if trimmed.hasPrefix(open) && trimmed.drop(while: { String($0) == String(open.first!) }).trimmingSpaces.isEmpty {
                    fence = nil
                    lines.append(ScanLine(number: number, text: text, context: .prose))
                    continue
                }
                var line = ScanLine(number: number, text: text, context: .code)
                line.descriptive = fenceDescriptive || ScanVocabulary.isDetectionCode(line)
                line.snippet = fences
                lines.append(line)
                continue
            }
            // A byte test first: Foundation's substring search on every
            // line was a tenth of the scan's time.
            if inComment || (text.utf8.contains(0x3C) && text.contains("<!--")) {
                // A comment's text; the line may also hold visible text, which
                // the injection rules read either way.
                let closes = text.contains("-->")
                var line = ScanLine(number: number, text: text, context: .comment)
                line.descriptive = false
                lines.append(line)
                inComment = !closes || (text.components(separatedBy: "<!--").count > text.components(separatedBy: "-->").count)
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let marker = trimmed.hasPrefix("```") ? "```" : "~~~"
                fence = String(trimmed.prefix { String($0) == String(marker.first!) })
                if fence!.count < 3 { fence = marker }
                fences += 1
                let language = trimmed.dropFirst(fence!.count).trimmingSpaces.lowercased()
                fenceDescriptive = teachingSectionLevel != nil || lastProseDescriptive
                    || ScanVocabulary.teachingFenceLanguages.contains(language)
                lines.append(ScanLine(number: number, text: text, context: .prose))
                continue
            }
            var line = ScanLine(number: number, text: text, context: .prose)
            if trimmed.hasPrefix("#") {
                let level = trimmed.prefix { $0 == "#" }.count
                if let open = teachingSectionLevel, level <= open { teachingSectionLevel = nil }
                if teachingSectionLevel == nil && ScanVocabulary.isTeachingHeading(line) { teachingSectionLevel = level }
                lastProseDescriptive = false
            }
            line.descriptive = teachingSectionLevel != nil || ScanVocabulary.isTeachingProse(line)
            if !trimmed.isEmpty { lastProseDescriptive = line.descriptive }
            lines.append(line)
        }
        return lines
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
