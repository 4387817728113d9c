import Foundation

/// Lints a skill: Agent Skills validation, then what its graph says about
/// its sources, links and labels, checked against the store when there is one.
///
/// | code | severity | finding |
/// |---|---|---|
/// | (parse codes) | error | what cannot be read safely, and with strict every Agent Skills rule (see docs/formats.md) |
/// | (intake codes) | warning | an Agent Skills rule broken in a way that leaves the skill identifiable (`name-folder-mismatch`, ...) |
/// | `time-mismatch` | error | a link's text gives a time its URL does not |
/// | `bundle-link-missing` | error | a relative link names a file the bundle lacks |
/// | `anchor-unresolved` | warning (error with strict) | a fragment names no section of a stored source or bundle file |
/// | `skill-unresolved` | warning | a skill named in backticks is neither in the store nor checked in the same run |
/// | `rule-unresolved` | warning | a rule link names a rule the skill does not have |
/// | `label-undeclared` | warning | a label is used but the legend does not declare it |
/// | `rule-duplicate` | error | two rules share an id |
/// | `measured-without-environment` | warning | measured claims, but no `metadata.verified` |
public struct SkillChecker {
    /// Unresolved anchors are errors, and so is every departure from the
    /// Agent Skills rules (refused as a strict publish refuses them).
    public var strict = false
    /// The store to resolve sources and links against, if any.
    public var store: SkillStore?

    public init(store: SkillStore?, strict: Bool = false) {
        self.store = store
        self.strict = strict
    }

    /// Checks an unpublished skill on disk.
    public func check(_ source: SkillSource) -> [Diagnostic] {
        check([source])[0]
    }

    /// Checks unpublished skills on disk together, one list of findings per
    /// source, in order. A skill or rule link to another skill of the same
    /// run (in the linking skill's namespace) resolves to that skill as it
    /// is on disk: they are meant to be published together, and the store,
    /// if any, may not have it yet.
    public func check(_ sources: [SkillSource]) -> [[Diagnostic]] {
        let vocabulary = (try? store?.labelVocabulary()) ?? .standard
        let loaded = sources.map { load($0, vocabulary: vocabulary) }
        var companions: [SkillKey: Set<String>] = [:]
        for case .success(let skill) in loaded where companions[skill.key] == nil {
            companions[skill.key] = Set(skill.graph.rules.map(\.id))
        }
        return loaded.map { result in
            switch result {
            case .failure(let refused):
                return refused.diagnostics
            case .success(let skill):
                return skill.warnings + check(
                    graph: skill.graph, frontMatter: skill.frontMatter, skill: skill.key, path: skill.path,
                    bundle: skill.bundle, companions: companions)
            }
        }
    }

    /// A skill on disk, read and parsed for checking.
    private struct LoadedSkill {
        var key: SkillKey
        var path: String
        var frontMatter: YAMLNode
        var warnings: [Diagnostic]
        var graph: SkillGraph
        var bundle: [String: [UInt8]]?
    }

    private func load(_ source: SkillSource, vocabulary: LabelVocabulary) -> Result<LoadedSkill, InputRefused> {
        let path = source.skillFilePath
        let files: [BundleFile]
        do {
            files = try BundleReader().read(source)
        } catch {
            return .failure(InputRefused(error.diagnostics))
        }
        guard let skillFile = files.first(where: { $0.path == "SKILL.md" }) else {
            return .failure(InputRefused([
                Diagnostic(path: source.path, location: nil, message: "the folder has no SKILL.md", code: "skill-missing")
            ]))
        }
        let document: SkillDocument
        do {
            document = try SkillDocument.parse(skillFile.bytes, path: path, folderName: source.folderName, strict: strict)
        } catch {
            return .failure(InputRefused(error.diagnostics))
        }
        // A lone SKILL.md has no bundle to check relative links against.
        let bundle: [String: [UInt8]]? = source.kind == .folder
            ? Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first }) : nil
        return .success(LoadedSkill(
            key: SkillKey(namespace: source.namespace, name: document.name), path: path,
            frontMatter: document.frontMatter, warnings: document.warnings,
            graph: GraphExtractor.extract(from: document, vocabulary: vocabulary), bundle: bundle))
    }

    /// Checks a published version, with its stored bundle.
    public func check(_ version: SkillVersion) throws -> [Diagnostic] {
        guard let store else { return [] }
        let path = "\(version.key)/SKILL.md"
        let bytes = try store.blob(.id(version.id)).bytes
        let document: SkillDocument
        do {
            document = try SkillDocument.parse(bytes, path: path, strict: strict)
        } catch {
            return error.diagnostics
        }
        var bundle: [String: [UInt8]] = [:]
        for file in version.files {
            bundle[file.path] = file.path.hasSuffix(".md") ? try store.blob(.id(file.id)).bytes : []
        }
        // The warnings recorded at publish, not found again: the folder the
        // skill was published from is known only then. Those that are this
        // checker's own errors, recorded as warnings, are found again below.
        let warnings = (version.warnings ?? []).filter { !StoreFreeErrors.codes.contains($0.code) }.map {
            Diagnostic(path: path, location: $0.location, severity: .warning, message: $0.message, code: $0.code)
        }
        return warnings + check(
            graph: try store.graph(of: version), frontMatter: document.frontMatter, skill: version.key,
            path: path, bundle: bundle)
    }

    private func check(
        graph: SkillGraph, frontMatter: YAMLNode, skill: SkillKey, path: String, bundle: [String: [UInt8]]?,
        companions: [SkillKey: Set<String>] = [:]
    ) -> [Diagnostic] {
        let name = skill.name
        var found: [Diagnostic] = []
        func report(_ location: SourceLocation?, _ severity: Diagnostic.Severity, _ message: String, _ code: String) {
            found.append(Diagnostic(path: path, location: location, severity: severity, message: message, code: code))
        }
        let anchorSeverity: Diagnostic.Severity = strict ? .error : .warning

        for citation in graph.citations {
            if let mismatch = Self.timeMismatch(citation, path: path) { found.append(mismatch) }
            // `#t=70` is a time, not a section.
            if let fragment = citation.fragment, fragment.contains("=") { continue }
            switch citation.kind {
            case .bundle where citation.target.isEmpty || citation.target == "SKILL.md":
                // A link into this very file: its own headings.
                if let fragment = citation.fragment,
                   !graph.sections.contains(where: { SourceDocument.anchorKey($0.title) == SourceDocument.anchorKey(fragment) }) {
                    report(citation.location, anchorSeverity, "this file has no heading for #\(fragment)", "anchor-unresolved")
                }
            case .bundle:
                guard let bundle else { continue }
                let target = Self.normalizedBundlePath(citation.target)
                guard let bytes = bundle[target] else {
                    found.append(Self.missingBundleFile(citation, path: path))
                    continue
                }
                if let fragment = citation.fragment, target.hasSuffix(".md"),
                   !Self.headings(of: bytes).contains(SourceDocument.anchorKey(fragment)) {
                    report(citation.location, anchorSeverity,
                           "'\(citation.target)' has no heading for #\(fragment)", "anchor-unresolved")
                }
            case .external, .registry:
                guard let fragment = citation.fragment, let store,
                      let source = try? store.source(at: citation.target) else { continue }
                if source.section(forFragment: fragment) == nil {
                    report(citation.location, anchorSeverity,
                           "the stored source \(citation.target) has no section for #\(fragment)", "anchor-unresolved")
                }
            }
        }

        // Links to this skill's own rules need no store; others are checked
        // against the store when there is one.
        var reported: Set<String> = []
        for link in graph.links {
            let key = link.skill + "#" + (link.rule ?? "")
            guard !reported.contains(key) else { continue }
            if let rule = link.rule, link.skill == name {
                if !graph.rules.contains(where: { $0.id == rule }) {
                    reported.insert(key)
                    report(link.location, .warning, "links to its own rule \(rule), which it does not have", "rule-unresolved")
                }
                continue
            }
            // Links resolve within the linking skill's namespace, as the store resolves them.
            let target = SkillKey(namespace: skill.namespace, name: link.skill)
            if let rules = companions[target] {
                if let rule = link.rule, !rules.contains(rule) {
                    reported.insert(key)
                    report(link.location, .warning, "links to \(link.skill)#\(rule), but '\(link.skill)' has no rule \(rule)",
                           "rule-unresolved")
                }
                continue
            }
            guard let store else { continue }
            let exists = (try? store.skillExists(target)) ?? false
            if let rule = link.rule {
                let resolved = ((try? store.latestVersion(of: target, hasRule: rule)) ?? nil) == true
                if !resolved {
                    reported.insert(key)
                    let why = exists ? "has no rule \(rule)" : "is not in the store"
                    report(link.location, .warning, "links to \(link.skill)#\(rule), but '\(link.skill)' \(why)",
                           "rule-unresolved")
                }
            } else if !exists && link.certain {
                reported.insert(key)
                report(link.location, .warning, "names skill '\(link.skill)', which is not in the store", "skill-unresolved")
            }
        }

        let declared = Set(graph.legend)
        var undeclared: [ClaimLabel: SourceLocation] = [:]
        for claim in graph.claims {
            for label in claim.labels where !declared.contains(label.rawValue) && undeclared[label] == nil {
                undeclared[label] = claim.location
            }
        }
        for (label, location) in undeclared.sorted(by: { $0.value.line < $1.value.line }) {
            report(location, .warning,
                   "uses the label '\(label.rawValue)', which the skill's legend does not declare "
                       + "(add a sentence such as \"*\(label.rawValue.capitalized)* means ...\")",
                   "label-undeclared")
        }

        found += Self.duplicateRules(graph.rules, path: path)

        let environment = frontMatter["metadata"]?["verified"] ?? frontMatter["verified"]
            ?? frontMatter["metadata"]?["environment"]
        if environment?.scalarText?.isEmpty ?? true,
           let first = graph.claims.first(where: { $0.labels.contains(.measured) }) {
            report(first.location, .warning,
                   "has measured claims but does not say where they were measured (set metadata.verified)",
                   "measured-without-environment")
        }
        return Self.inReadingOrder(found)
    }

    // The findings a publish looks for too (`StoreFreeErrors`), written once
    // so that both say exactly the same.

    static func timeMismatch(_ citation: Citation, path: String) -> Diagnostic? {
        timeMismatch(urlTime: citation.urlTime, textTimes: citation.textTimes).map {
            Diagnostic(path: path, location: citation.location, message: $0, code: "time-mismatch")
        }
    }

    /// Why a link whose URL starts at `urlTime` contradicts the times its
    /// text gives, if it does.
    static func timeMismatch(urlTime: Int?, textTimes: [Int]) -> String? {
        guard let urlTime, !textTimes.isEmpty, !textTimes.contains(urlTime) else { return nil }
        let written = textTimes.map(TimeText.format).joined(separator: ", ")
        return "link text says \(written) but its URL starts at \(TimeText.format(urlTime)) (\(urlTime) s)"
    }

    static func missingBundleFile(_ citation: Citation, path: String) -> Diagnostic {
        Diagnostic(
            path: path, location: citation.location, message: missingBundleFileMessage(target: citation.target),
            code: "bundle-link-missing")
    }

    static func missingBundleFileMessage(target: String) -> String {
        "links to '\(target)', which is not in the skill's folder"
    }

    static func duplicateRules(_ rules: [Rule], path: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var ruleLines: [String: SourceLocation] = [:]
        for rule in rules {
            if let first = ruleLines[rule.id] {
                found.append(Diagnostic(
                    path: path, location: rule.location, message: "rule \(rule.id) is already defined at line \(first.line)",
                    code: "rule-duplicate"))
            } else {
                ruleLines[rule.id] = rule.location
            }
        }
        return found
    }

    static func inReadingOrder(_ found: [Diagnostic]) -> [Diagnostic] {
        found.sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
    }

    /// `./references/a.md` and `references/./a.md` as `references/a.md`.
    static func normalizedBundlePath(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." && !part.isEmpty {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// The anchor keys of a Markdown file's headings.
    static func headings(of bytes: [UInt8]) -> Set<String> {
        guard let text = String(validating: bytes, as: UTF8.self), let tree = try? MarkdownParser().parse(text) else { return [] }
        var keys: Set<String> = []
        func visit(_ node: MarkdownNode) {
            if case .heading = node.kind { keys.insert(SourceDocument.anchorKey(node.plainText)) }
            node.children.forEach(visit)
        }
        visit(tree)
        return keys
    }
}
