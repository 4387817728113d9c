import Foundation
import SkillStore
import SkillStoreAPI

/// The MCP tools: search, get, provenance, check and scan, each with an input
/// schema and structured output in the shapes `skillctl --json` prints
/// (snake_case keys). A request that does not fit a tool's schema is a
/// JSON-RPC error (-32602); a well-formed request the store cannot answer
/// (no such skill, an ambiguous name) is a tool result with `isError`, so
/// that the model reads why.
struct SkillTools {
    let library: SkillLibrary

    /// A failure the model should read: answered as a tool result with `isError`.
    struct ToolFailure: Error {
        var message: String
    }

    // MARK: Definitions

    /// An input schema is closed (an unknown argument is an error); an
    /// output schema names the members a caller can rely on and leaves room
    /// for the rest of the report.
    private static func schema(_ properties: [(String, JSONValue)], required: [String], closed: Bool = true) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string("object")), ("properties", .object(properties)),
            ("required", .array(required.map(JSONValue.string))),
        ]
        if closed { members.append(("additionalProperties", .bool(false))) }
        return .object(members)
    }

    private static func string(_ description: String) -> JSONValue {
        .object([("type", .string("string")), ("description", .string(description))])
    }

    private static let skillArgument = string(
        "[NAMESPACE/]NAME[@LABEL], or a blob id (16 hex, 64 hex or sha256:<64 hex>) of a version's SKILL.md or bundle manifest")

    /// What every answer about one version carries.
    private static let versionProperties: [(String, JSONValue)] = [
        ("namespace", .object([("type", .string("string"))])), ("name", .object([("type", .string("string"))])),
        ("label", .object([("type", .string("string"))])), ("uri", .object([("type", .string("string"))])),
        ("id", .object([("type", .string("string"))])),
    ]

    private static let objectArray: JSONValue = .object([("type", .string("array")), ("items", .object([("type", .string("object"))]))])

    /// A verdict in summary, as versions and search results carry it.
    private static let scanSummary: JSONValue = .object([
        ("type", .string("object")),
        ("properties", .object([
            ("scanner_version", .object([("type", .string("string"))])),
            ("highest", .object([
                ("type", .string("string")),
                ("enum", .array(ScanSeverity.allCases.map { .string($0.rawValue) } + [.string("none")])),
            ])),
            ("finding_count", .object([("type", .string("integer"))])),
            ("top", objectArray),
        ])),
        ("required", .array(["scanner_version", "highest", "finding_count", "top"].map(JSONValue.string))),
    ])

    /// One skill `search_skills` found: what `skillctl search --json` prints
    /// of it, named as the other tools name a version, with its URI and bundle.
    private static let searchedSkill = schema(versionProperties + [
        ("bundle", .object([("type", .string("string"))])),
        ("address", .object([("type", .string("string"))])),
        ("description", .object([("type", .string("string"))])),
        ("score", .object([("type", .string("number"))])),
        ("also_in", .object([("type", .string("array")), ("items", .object([("type", .string("string"))]))])),
        ("passages", objectArray),
        ("scan", scanSummary),
    ], required: ["namespace", "name", "label", "uri", "id", "bundle", "description", "score", "also_in", "passages"],
       closed: false)

    static let definitions: [JSONValue] = [
        .object([
            ("name", .string("search_skills")),
            ("title", .string("Search skills")),
            ("description", .string(
                "Finds the skills that answer a task or question in plain words, best first, one entry per skill: "
                    + "its skill:// SKILL.md URI, SKILL.md and bundle ids, description, score, best passages, other "
                    + "places the same SKILL.md is published, and the safety scan's verdict on its bundle.")),
            ("inputSchema", schema([
                ("query", string("a task or question in plain words; \"quoted phrases\" are required, -word excludes, "
                    + "prefix*, OR")),
                ("namespace", string("only skills of this namespace")),
                ("skill", string("only skills whose name matches this glob, e.g. pdf-*")),
                ("limit", .object([
                    ("type", .string("integer")), ("minimum", .integer(1)), ("maximum", .integer(100)),
                    ("description", .string("at most this many skills (default 10)")),
                ])),
            ], required: ["query"])),
            ("outputSchema", schema([
                ("query", .object([("type", .string("string"))])),
                ("skills", .object([("type", .string("array")), ("items", searchedSkill)])),
            ], required: ["query", "skills"], closed: false)),
        ]),
        .object([
            ("name", .string("get_skill")),
            ("title", .string("Get a skill")),
            ("description", .string(
                "One version of a skill, named by name, name@label or blob id: its metadata, its files with "
                    + "digests and skill:// URIs, and the text of its SKILL.md.")),
            ("inputSchema", schema([
                ("skill", skillArgument),
                ("label", string("the version label, when SKILL does not name one")),
            ], required: ["skill"])),
            ("outputSchema", schema(versionProperties + [
                ("latest", .object([("type", .string("boolean"))])),
                ("files", objectArray),
                ("text", .object([("type", .string("string"))])),
            ], required: ["namespace", "name", "label", "id", "latest", "files", "text"], closed: false)),
        ]),
        .object([
            ("name", .string("skill_provenance")),
            ("title", .string("Provenance of a skill or rule")),
            ("description", .string(
                "What a skill (or one of its rules) claims and what backs each claim: claims by provenance label, "
                    + "the unlabelled share, and each claim with its citations.")),
            ("inputSchema", schema([
                ("skill", skillArgument),
                ("rule", string("one rule id, e.g. R6 (also accepted as SKILL#R6)")),
            ], required: ["skill"])),
            ("outputSchema", schema(versionProperties + [
                ("by_label", .object([("type", .string("object"))])),
                ("unlabelled_share", .object([("type", .string("number"))])),
                ("items", objectArray),
            ], required: ["namespace", "name", "label", "by_label", "items"], closed: false)),
        ]),
        .object([
            ("name", .string("check_skill")),
            ("title", .string("Check a skill")),
            ("description", .string(
                "Lints a published skill as `skillctl check` does: validation, links, anchors and labels. "
                    + "Lists each diagnostic and counts errors and warnings.")),
            ("inputSchema", schema([
                ("skill", skillArgument),
                ("strict", .object([
                    ("type", .string("boolean")),
                    ("description", .string("every departure from the Agent Skills rules is an error")),
                ])),
            ], required: ["skill"])),
            ("outputSchema", schema(versionProperties + [
                ("errors", .object([("type", .string("integer"))])),
                ("warnings", .object([("type", .string("integer"))])),
                ("diagnostics", objectArray),
            ], required: ["namespace", "name", "label", "errors", "warnings", "diagnostics"], closed: false)),
        ]),
        .object([
            ("name", .string("scan_skill")),
            ("title", .string("Scan a skill for risks")),
            ("description", .string(
                "The safety scanner's verdict on every file of a published version, as `skillctl scan` gives it: "
                    + "download-and-execute, exfiltration, credential access, hidden instructions and the like. "
                    + "Lists each finding with its rule, severity, file, line and evidence, and counts them by severity. "
                    + "The verdict stored for the version's bundle when this scanner judged it (stored: true), "
                    + "else a scan made now (stored: false).")),
            ("inputSchema", schema([
                ("skill", skillArgument),
                ("label", string("the version label, when SKILL does not name one")),
            ], required: ["skill"])),
            ("outputSchema", schema(versionProperties + [
                ("bundle", .object([("type", .string("string"))])),
                ("scanner_version", .object([("type", .string("string"))])),
                ("highest", .object([
                    ("type", .array([.string("string"), .string("null")])),
                    ("enum", .array(ScanSeverity.allCases.map { .string($0.rawValue) } + [.null])),
                ])),
                ("counts", .object([
                    ("type", .string("object")),
                    ("properties", .object(ScanSeverity.allCases.map { ($0.rawValue, .object([("type", .string("integer"))])) })),
                ])),
                ("findings", objectArray),
                ("stored", .object([
                    ("type", .string("boolean")),
                    ("description", .string("whether the verdict is the one stored for the bundle, rather than a scan made now")),
                ])),
            ], required: ["namespace", "name", "label", "id", "bundle", "scanner_version", "highest", "counts", "findings",
                          "stored"],
               closed: false)),
        ]),
    ]

    // MARK: Calls

    func call(_ params: JSONValue) throws -> JSONValue {
        guard let name = params["name"]?.stringValue else { throw JSONRPCError.invalidParams("tools/call needs a tool name") }
        let arguments = params["arguments"] ?? .object([])
        guard arguments.isObject else { throw JSONRPCError.invalidParams("arguments must be an object") }
        guard let definition = Self.definitions.first(where: { $0["name"]?.stringValue == name }) else {
            throw JSONRPCError.invalidParams("unknown tool: \(name)")
        }
        try Self.validate(arguments, against: definition["inputSchema"] ?? .null, tool: name)
        let structured: JSONValue
        do {
            switch name {
            case "search_skills": structured = try search(arguments)
            case "get_skill": structured = try get(arguments)
            case "skill_provenance": structured = try provenance(arguments)
            case "check_skill": structured = try check(arguments)
            default: structured = try scan(arguments)
            }
        } catch let failure as ToolFailure {
            return Self.failed(failure.message)
        } catch let error as SkillStoreError {
            return Self.failed(error.description)
        } catch let error as AmbiguousSkillName {
            return Self.failed(error.description)
        } catch let error as InvalidIdentity {
            return Self.failed(error.description)
        }
        return .object([
            ("content", .array([.object([("type", .string("text")), ("text", .string(structured.text))])])),
            ("structuredContent", structured),
            ("isError", .bool(false)),
        ])
    }

    private static func failed(_ message: String) -> JSONValue {
        .object([
            ("content", .array([.object([("type", .string("text")), ("text", .string(message))])])),
            ("isError", .bool(true)),
        ])
    }

    /// Checks what the input schemas say: required members, no others, and
    /// each member's type. The schemas are flat, so this is all there is.
    static func validate(_ arguments: JSONValue, against schema: JSONValue, tool: String) throws(JSONRPCError) {
        guard case .object(let members) = arguments, let properties = schema["properties"] else { return }
        for required in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where arguments[required] == nil {
            throw .invalidParams("\(tool) needs the argument '\(required)'")
        }
        for (key, value) in members {
            guard let property = properties[key] else { throw .invalidParams("\(tool) takes no argument '\(key)'") }
            let fits: Bool
            switch property["type"]?.stringValue {
            case "string": fits = value.stringValue != nil
            case "boolean": fits = value.boolValue != nil
            case "integer": fits = value.intValue != nil
            default: fits = true
            }
            guard fits else { throw .invalidParams("\(tool): '\(key)' must be a \(property["type"]?.stringValue ?? "value")") }
            if let allowed = property["enum"]?.arrayValue, !allowed.contains(value) {
                throw .invalidParams("\(tool): '\(key)' must be one of \(JSONValue.array(allowed).text)")
            }
            if let minimum = property["minimum"]?.intValue, let number = value.intValue, number < minimum {
                throw .invalidParams("\(tool): '\(key)' must be at least \(minimum)")
            }
            if let maximum = property["maximum"]?.intValue, let number = value.intValue, number > maximum {
                throw .invalidParams("\(tool): '\(key)' must be at most \(maximum)")
            }
        }
    }

    private var store: SkillStore { library.store }

    /// A store value as the API's JSON (snake_case, as `skillctl --json`).
    static func json(_ value: some Encodable) throws -> JSONValue {
        var parser = JSONParser()
        parser.maxDepth = 256
        return try parser.parse(Array(APIJSON.encode(value)))
    }

    /// The version `text` names: a blob id of its SKILL.md or manifest, else
    /// `[NAMESPACE/]NAME[@LABEL]`, with `label` when the text names none.
    func version(_ text: String, label: String?) throws -> SkillVersion {
        if label == nil, let reference = try? BlobReference(parsing: text),
           let newest = try store.versions(containingBlob: reference.id, before: nil, limit: 1).first {
            return newest
        }
        var address = try SkillAddress(parsing: text)
        if let label {
            guard address.label == nil || address.label == label else {
                throw ToolFailure(message: "'\(text)' names version \(address.label!), not \(label)")
            }
            address.label = label
        }
        return try store.version(address)
    }

    /// The fields every answer about a version starts with.
    private func versionMembers(_ version: SkillVersion) throws -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("namespace", .string(version.namespace)), ("name", .string(version.name)), ("label", .string(version.label)),
        ]
        if try isLatest(version) { members.append(("uri", .string(SkillURI.skillFile(version.key).description))) }
        members.append(("id", .string(version.id.hex)))
        return members
    }

    /// Only the latest version's files are resources.
    private func isLatest(_ version: SkillVersion) throws -> Bool {
        (try? store.version(of: version.key))?.sequence == version.sequence
    }

    private func search(_ arguments: JSONValue) throws -> JSONValue {
        let query = arguments["query"]?.stringValue ?? ""
        let request: SearchRequest
        do {
            // No kind or label: a search by skill, as `skillctl search` answers by default.
            request = try SearchRequest(
                userQuery: query, kind: nil, label: nil, skill: arguments["skill"]?.stringValue,
                namespace: arguments["namespace"]?.stringValue, limit: arguments["limit"]?.intValue.map(String.init),
                allVersions: false)
        } catch {
            throw ToolFailure(message: error.message { String(describing: $0) })
        }
        let matches = try store.searchSkills(request)
        let entries = try SkillSearchEntry.entries(matches, in: store)
        let skills: [JSONValue] = try zip(entries, matches.map(\.bundle)).map { entry, bundle in
            // The latest version is searched, so its files are resources.
            var members: [(String, JSONValue)] = [
                ("namespace", .string(entry.namespace)), ("name", .string(entry.skill)), ("label", .string(entry.version)),
                ("uri", .string(SkillURI.skillFile(SkillKey(namespace: entry.namespace, name: entry.skill)).description)),
                ("id", .string(entry.id)), ("bundle", .string(bundle.hex)),
            ]
            if case .object(let found) = try Self.json(entry) {
                members += found.filter { key, _ in !["namespace", "skill", "version", "id"].contains(key) }
            }
            return .object(members)
        }
        return .object([("query", .string(query)), ("skills", .array(skills))])
    }

    private func get(_ arguments: JSONValue) throws -> JSONValue {
        let version = try version(arguments["skill"]?.stringValue ?? "", label: arguments["label"]?.stringValue)
        let skill = try library.published(version)
        let latest = try isLatest(version)
        let skillFile = try store.blob(.id(version.id)).bytes
        var members = try versionMembers(version)
        members += [
            ("bundle", .string(version.manifest.hex)),
            ("digest", .string("sha256:\(version.digest)")),
            ("description", .string(version.description)),
            ("published_at", .string(version.publishedAt)),
            ("published_by", .string(version.publishedBy)),
            ("latest", .bool(latest)),
        ]
        if let yank = version.yank { members.append(("yank", try Self.json(yank))) }
        members.append(("frontmatter", skill.frontMatter))
        members.append(("files", .array(skill.files.map { file in
            var entry: [(String, JSONValue)] = [
                ("path", .string(file.path)), ("size", .integer(file.size)), ("digest", .string(file.digest)),
                ("id", .string(file.id.hex)),
            ]
            if latest { entry.append(("uri", .string(skill.uri(of: file).description))) }
            return .object(entry)
        })))
        members.append(("text", .string(String(decoding: skillFile, as: UTF8.self))))
        return .object(members)
    }

    private func provenance(_ arguments: JSONValue) throws -> JSONValue {
        var text = arguments["skill"]?.stringValue ?? ""
        var rule = arguments["rule"]?.stringValue
        if let hash = text.firstIndex(of: "#") {
            rule = rule ?? String(text[text.index(after: hash)...])
            text = String(text[..<hash])
        }
        if let given = rule {
            guard let normalized = RuleID.normalized(given) else {
                throw ToolFailure(message: "'\(given)' is not a rule id; write it as R6")
            }
            rule = normalized
        }
        let version = try version(text, label: nil)
        let report = try store.provenance(of: version, rule: rule)
        var members = try versionMembers(version)
        if case .object(let reported) = try Self.json(report) {
            members += reported.filter { key, _ in !["skill", "version"].contains(key) }
        }
        return .object(members)
    }

    private func check(_ arguments: JSONValue) throws -> JSONValue {
        let version = try version(arguments["skill"]?.stringValue ?? "", label: nil)
        let diagnostics = try SkillChecker(store: store, strict: arguments["strict"]?.boolValue ?? false).check(version)
        var members = try versionMembers(version)
        members += [
            ("errors", .integer(diagnostics.filter { $0.severity == .error }.count)),
            ("warnings", .integer(diagnostics.filter { $0.severity == .warning }.count)),
            ("diagnostics", try Self.json(diagnostics)),
        ]
        return .object(members)
    }

    /// The scanner's findings on one version: the verdict stored for its
    /// bundle when this scanner made it (the same bytes judged by the same
    /// rules give the same findings), else read now from the stored bytes
    /// of every file of its bundle (nothing of the skill is run). A stale
    /// verdict is not used: `skillctl scan --all` replaces it.
    private func scan(_ arguments: JSONValue) throws -> JSONValue {
        let version = try version(arguments["skill"]?.stringValue ?? "", label: arguments["label"]?.stringValue)
        let stored = try store.verdict(bundle: version.manifest).flatMap { $0.isCurrent ? $0 : nil }
        let findings = try stored?.findings ?? store.scan(version)
        var members = try versionMembers(version)
        members += [
            ("bundle", .string(version.manifest.hex)),
            ("scanner_version", .string(SkillScanner.version)),
            ("highest", findings.map(\.severity).max().map { .string($0.rawValue) } ?? .null),
            ("counts", .object(ScanSeverity.allCases.map { severity in
                (severity.rawValue, .integer(findings.filter { $0.severity == severity }.count))
            })),
            ("findings", try Self.json(findings)),
            ("stored", .bool(stored != nil)),
        ]
        return .object(members)
    }
}
