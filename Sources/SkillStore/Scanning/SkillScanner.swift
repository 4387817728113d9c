/// Judges what a skill would make an agent do: it reads SKILL.md and every
/// text file of the bundle and reports findings (see `ScanRules`). It never
/// throws on content and reads a bounded amount of each file, so hostile
/// input costs at most linear time in `ScannedFile.maxBytes`.
public struct SkillScanner: Sendable {
    /// Bumped whenever a rule changes what it finds, so verdicts stored with
    /// an older version can be judged again.
    public static let version = "5"
    /// The most findings kept per file, the most severe first: a file made
    /// of nothing but matches says all it needs to in that many. Every line
    /// is still read, so harmless matches cannot crowd out a severe one.
    static let maxFindingsPerFile = 50

    /// Files that run, for the rules about what scripts do.
    static let scriptExtensions = [
        ".sh", ".bash", ".zsh", ".py", ".js", ".mjs", ".cjs", ".ts", ".ps1", ".rb", ".pl", ".php", ".bat", ".cmd",
        ".command", ".fish",
    ]

    public init() {}

    /// Scans a skill on disk (a folder or a lone Markdown file).
    public func scan(_ source: SkillSource) throws(InputRefused) -> [ScanFinding] {
        scan(try BundleReader().read(source).map { (path: $0.path, bytes: $0.bytes) })
    }

    /// Scans a bundle's files, given as paths relative to the skill folder
    /// (SKILL.md among them) with their bytes. Findings come in file order,
    /// then by line and column.
    public func scan(_ files: [(path: String, bytes: [UInt8])]) -> [ScanFinding] {
        let scanned = files.compactMap { ScannedFile(path: $0.path, bytes: $0.bytes) }
        let skillFile = scanned.first { $0.path == "SKILL.md" } ?? scanned.first { $0.isMarkdown }
        let description = skillFile.map(Self.description(of:)) ?? ""
        var findings: [ScanFinding] = []
        for file in scanned {
            var fileFindings: [ScanFinding] = []
            if file.truncated {
                // High when the part left unread holds words of the riskiest
                // rules: a payload padded past the limits is not safe for it.
                fileFindings.append(ScanRules.truncated.finding(
                    ScanPosition(file: file.path, line: 1, column: 1,
                                 evidence: "scanned the first \(ScannedFile.maxBytes) bytes, \(ScannedFile.maxLineBytes) per line, "
                        + "\(ScannedFile.maxLines) lines" + (file.unscannedRisk ? "; the rest holds commands that fetch, run or decode" : "")),
                    severity: file.unscannedRisk ? .high : nil))
            }
            if file.droppedNULs {
                fileFindings.append(ScanRules.nulBytes.finding(
                    ScanPosition(file: file.path, line: 1, column: 1, evidence: "NUL bytes in a text or script file")))
            }
            for (index, line) in file.lines.enumerated() {
                fileFindings += TextRules.check(line, in: file.path)
                fileFindings += DestinationRules.check(line, in: file.path)
                guard line.context == .code, !line.descriptive else { continue }
                let window = file.lines[max(0, index - 10)..<min(file.lines.count, index + 11)]
                fileFindings += CommandRules.check(line, in: file.path, window: window)
            }
            fileFindings += TextRules.invisibleCharacters(in: file)
            fileFindings += SkillRules.credentialExfiltration(in: file)
            fileFindings += SkillRules.droppedExecutable(in: file)
            let kept = fileFindings.count <= Self.maxFindingsPerFile
                ? fileFindings
                : Array(fileFindings.sorted { ($0.severity, -$0.line) > ($1.severity, -$1.line) }.prefix(Self.maxFindingsPerFile))
            findings += kept.sorted { ($0.line, $0.column, $0.rule) < ($1.line, $1.column, $1.rule) }
        }
        let scripts = scanned.filter { file in Self.scriptExtensions.contains { file.path.lowercased().hasSuffix($0) } }
        findings += SkillRules.descriptionMismatch(description: description, scripts: scripts)
        if let skillFile { findings += SkillRules.wideAllowedTools(skillFile: skillFile, description: description) }
        var seen = Set<ScanFinding>()
        return findings.filter { seen.insert($0).inserted }
    }

    /// The front-matter description, read leniently (a skill with broken
    /// YAML is still scanned): the `description:` value and any indented
    /// lines that continue it.
    static func description(of file: ScannedFile) -> String {
        guard file.lines.first?.foldedText.hasPrefix("---") == true else { return "" }
        var collected: [String] = []
        var collecting = false
        for line in file.lines.dropFirst().prefix(200) {
            let text = line.text
            if text.hasPrefix("---") { break }
            if collecting {
                if text.first == " " || text.first == "\t" || text.isEmpty {
                    collected.append(text)
                    continue
                }
                break
            }
            if text.hasPrefix("description:") {
                collected.append(String(text.dropFirst("description:".count)))
                collecting = true
            }
        }
        return collected.joined(separator: " ")
    }
}

extension SkillStore {
    /// Scans a published version: its SKILL.md and every stored bundle file.
    public func scan(_ version: SkillVersion) throws -> [ScanFinding] {
        var files: [(path: String, bytes: [UInt8])] = [(path: "SKILL.md", bytes: try blob(.id(version.id)).bytes)]
        for file in version.files where file.path != "SKILL.md" {
            files.append((path: file.path, bytes: try blob(.id(file.id)).bytes))
        }
        return SkillScanner().scan(files)
    }
}
