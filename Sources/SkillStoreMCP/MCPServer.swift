import Foundation
import SkillStore

/// The MCP server of a store, independent of its transport: one JSON-RPC
/// message in, at most one out. Speaks the handshake revisions through
/// `initialize` and 2026-07-28 through `server/discover` and per-request
/// `_meta`; serves every file of every latest skill version as a
/// `skill://` resource, the Skills extension's `skills/list` and
/// `skills/get` and `resources/directory/read`, and the tools of `SkillTools`.
///
/// Not Sendable: it answers one message at a time, as a stdio session
/// reads them. Over HTTP each request gets a server of its own, made with
/// the revision its session negotiated: all it keeps between messages is
/// that revision, and making one costs nothing.
public final class MCPServer {
    public static let skillsExtension = "io.modelcontextprotocol/skills"
    /// Resources per `resources/list` page, skills per `skills/list` page
    /// (settable so that tests page through a few skills).
    public var resourcePageSize = 200
    public var skillPageSize = 50
    /// How long a client may keep a listing (the store changes only when
    /// someone publishes or yanks).
    static let cacheMilliseconds = 60_000
    /// The methods whose 2026-07-28 results say how long they may be cached.
    static let cacheableMethods: Set<String> = ["resources/list", "resources/read", "resources/templates/list", "tools/list"]

    let library: SkillLibrary
    let tools: SkillTools
    let serverVersion: String
    /// The revision `initialize` settled on; nil before it (and for
    /// 2026-07-28 clients, which name their revision in each request).
    public private(set) var negotiatedRevision: String?

    public init(store: SkillStore, serverVersion: String, negotiatedRevision: String? = nil) {
        library = SkillLibrary(store: store)
        tools = SkillTools(library: library)
        self.serverVersion = serverVersion
        self.negotiatedRevision = negotiatedRevision
    }

    /// Answers one line of newline-delimited JSON-RPC: the answer's bytes
    /// (without the newline), or nil when the message wants none.
    public func respond(toLine line: some Collection<UInt8>) -> [UInt8]? {
        let message: JSONValue
        do {
            message = try JSONParser().parse(line)
        } catch {
            return Self.errorResponse(id: .null, .parseError("parse error: \(error)")).serialized
        }
        return respond(to: message)?.serialized
    }

    /// Answers one parsed message, or nil for a notification or a response.
    public func respond(to message: JSONValue) -> JSONValue? {
        guard case .object = message else {
            let why = message.arrayValue != nil ? "batches are not supported" : "a message must be a JSON object"
            return Self.errorResponse(id: .null, .invalidRequest(why))
        }
        let id = message["id"]
        if let id {
            switch id {
            case .string, .number: break
            default: return Self.errorResponse(id: .null, .invalidRequest("id must be a string or a number"))
            }
        }
        guard let method = message["method"]?.stringValue else {
            // A response to a request we never send, or nothing at all.
            if id != nil, message["result"] != nil || message["error"] != nil { return nil }
            return Self.errorResponse(id: id ?? .null, .invalidRequest("a request needs a method"))
        }
        guard message["jsonrpc"] == .string("2.0") else {
            return id.map { Self.errorResponse(id: $0, .invalidRequest("jsonrpc must be \"2.0\"")) }
        }
        guard let id else { return nil }  // notifications/initialized, cancelled, ...: nothing to answer
        do {
            let params = try Self.params(of: message)
            let modern = try Self.modernRevision(params) != nil
            var result = try answer(method, params: params)
            if modern, case .object(var members) = result {
                // 2026-07-28 marks every result complete, and lets clients cache listings and reads.
                if !members.contains(where: { $0.0 == "resultType" }) { members.append(("resultType", .string("complete"))) }
                if Self.cacheableMethods.contains(method), !members.contains(where: { $0.0 == "ttlMs" }) {
                    members += [("ttlMs", .integer(Self.cacheMilliseconds)), ("cacheScope", .string("public"))]
                }
                result = .object(members)
            }
            return .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
        } catch let error as JSONRPCError {
            return Self.errorResponse(id: id, error)
        } catch {
            return Self.errorResponse(id: id, .internalError("\(error)"))
        }
    }

    static func errorResponse(id: JSONValue, _ error: JSONRPCError) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("error", error.json)])
    }

    private static func params(of message: JSONValue) throws(JSONRPCError) -> JSONValue {
        guard let params = message["params"], params != .null else { return .object([]) }
        guard params.isObject else { throw .invalidParams("params must be an object") }
        return params
    }

    /// The revision a 2026-07-28 request names in its `_meta`; nil for a
    /// handshake-era request. A revision the server does not speak is
    /// refused with the list of those it does.
    static func modernRevision(_ params: JSONValue) throws(JSONRPCError) -> String? {
        guard let named = params["_meta"]?[ProtocolRevision.metaKey] else { return nil }
        guard let revision = named.stringValue, ProtocolRevision.modern.contains(revision) else {
            throw JSONRPCError(
                code: JSONRPCError.unsupportedProtocolVersionCode, message: "unsupported protocol version",
                data: .object([
                    ("supported", .array(ProtocolRevision.modern.map(JSONValue.string))),
                    ("requested", named.stringValue.map(JSONValue.string) ?? .null),
                ]))
        }
        return revision
    }

    private func answer(_ method: String, params: JSONValue) throws -> JSONValue {
        switch method {
        case "initialize": return initialize(params)
        case "server/discover": return discover()
        case "ping": return .object([])
        case "resources/list": return try listResources(params)
        case "resources/read": return try readResource(params)
        case "resources/templates/list": return resourceTemplates()
        case "resources/directory/read": return try readDirectory(params)
        case "skills/list": return try listSkills(params)
        case "skills/get": return try getSkill(params)
        case "tools/list": return .object([("tools", .array(SkillTools.definitions))])
        case "tools/call": return try tools.call(params)
        default: throw JSONRPCError.methodNotFound(method)
        }
    }

    // MARK: Lifecycle

    var capabilities: JSONValue {
        .object([
            ("resources", .object([])),
            ("tools", .object([])),
            ("extensions", .object([(Self.skillsExtension, .object([("directoryRead", .bool(true))]))])),
        ])
    }

    var serverInfo: JSONValue {
        .object([("name", .string("skillstore")), ("title", .string("SkillStore")), ("version", .string(serverVersion))])
    }

    static let instructions = """
        SkillStore serves published Agent Skills. Each file of each skill's latest version is a resource \
        skill://<namespace>/<name>/<path> (skills of the default namespace are under skill://default/). \
        Read a skill's SKILL.md first and its other files only when the SKILL.md points to them. \
        Tools: search_skills finds skills, rules and claims; get_skill reads one by name, label or id; \
        skill_provenance shows what backs its claims; check_skill lints it; scan_skill lists what the \
        safety scanner finds in its files.
        """

    private func initialize(_ params: JSONValue) -> JSONValue {
        let revision = ProtocolRevision.negotiated(requested: params["protocolVersion"]?.stringValue)
        negotiatedRevision = revision
        return .object([
            ("protocolVersion", .string(revision)),
            ("capabilities", capabilities),
            ("serverInfo", serverInfo),
            ("instructions", .string(Self.instructions)),
        ])
    }

    private func discover() -> JSONValue {
        .object([
            ("supportedVersions", .array(ProtocolRevision.supported.map(JSONValue.string))),
            ("capabilities", capabilities),
            ("instructions", .string(Self.instructions)),
            ("_meta", .object([("io.modelcontextprotocol/serverInfo", serverInfo)])),
            ("resultType", .string("complete")),
            ("ttlMs", .integer(Self.cacheMilliseconds)),
            ("cacheScope", .string("public")),
        ])
    }

    // MARK: Resources

    private func listResources(_ params: JSONValue) throws -> JSONValue {
        let cursor = try Self.cursor(params)
        var resources: [JSONValue] = []
        var next: PageCursor?
        /// Adds the files of `skill` from `start`; false when the page filled first.
        func add(_ skill: PublishedSkill, from start: Int) -> Bool {
            for index in start..<skill.files.count {
                if resources.count == resourcePageSize {
                    next = PageCursor(skill: skill.key, nextFile: index)
                    return false
                }
                resources.append(resourceEntry(skill, skill.files[index]))
            }
            return true
        }
        var after = cursor?.skill
        if let cursor, let start = cursor.nextFile, let skill = try library.published(cursor.skill) {
            _ = add(skill, from: start)
        }
        listing: while next == nil {
            let keys = try library.skills(after: after, limit: skillPageSize)
            for key in keys {
                after = key
                guard let skill = try library.published(key) else { continue }
                if !add(skill, from: 0) { break listing }
            }
            if keys.count < skillPageSize { break }
        }
        // A page that ended exactly at a skill's last file resumes after it.
        if next == nil, resources.count == resourcePageSize, let after {
            next = PageCursor(skill: after)
        }
        var members: [(String, JSONValue)] = [("resources", .array(resources))]
        if let next { members.append(("nextCursor", .string(next.encoded))) }
        return .object(members)
    }

    private func resourceEntry(_ skill: PublishedSkill, _ file: PublishedSkill.File) -> JSONValue {
        var members: [(String, JSONValue)] = [("uri", .string(skill.uri(of: file).description))]
        if file.path == "SKILL.md" {
            members.append(("name", .string(skill.declaredName)))
            members.append(("title", .string("\(skill.key) \(skill.version.label)")))
            let description = skill.frontMatter["description"]?.stringValue ?? skill.version.description
            members.append(("description", .string(description)))
            members.append(("mimeType", .string("text/markdown")))
        } else {
            members.append(("name", .string("\(skill.key)/\(file.path)")))
            if let type = ResourceMediaType.known(forPath: file.path) { members.append(("mimeType", .string(type))) }
        }
        members.append(("size", .integer(file.size)))
        return .object(members)
    }

    private func readResource(_ params: JSONValue) throws -> JSONValue {
        guard let text = params["uri"]?.stringValue else { throw JSONRPCError.invalidParams("resources/read needs a uri") }
        guard let uri = SkillURI(parsing: text), let (_, file, bytes) = try library.read(uri) else {
            throw JSONRPCError(
                code: JSONRPCError.invalidParamsCode, message: "resource not found: \(text)",
                data: .object([("uri", .string(text))]))
        }
        let type = file.path == "SKILL.md" ? "text/markdown" : ResourceMediaType.of(path: file.path, bytes: bytes)
        var content: [(String, JSONValue)] = [("uri", .string(text)), ("mimeType", .string(type))]
        // Valid UTF-8 goes as text, which re-encodes to the same bytes; the
        // rest as base64, so a digest always matches what a client decodes.
        if let decoded = String(validating: bytes, as: UTF8.self) {
            content.append(("text", .string(decoded)))
        } else {
            content.append(("blob", .string(Data(bytes).base64EncodedString())))
        }
        return .object([("contents", .array([.object(content)]))])
    }

    /// `resources/directory/read`: the direct children of a folder of a
    /// skill's latest version (its root is `skill://<namespace>/<name>`),
    /// files with the metadata `resources/list` gives them and subfolders
    /// as `inode/directory`. A folder holds at most the files of one
    /// bundle, so the answer is never paged.
    private func readDirectory(_ params: JSONValue) throws -> JSONValue {
        guard let text = params["uri"]?.stringValue else {
            throw JSONRPCError.invalidParams("resources/directory/read needs a uri")
        }
        if let cursor = params["cursor"], cursor != .null {
            throw JSONRPCError.invalidParams("resources/directory/read issues no cursor; this one is not the server's")
        }
        func refuse(_ message: String) -> JSONRPCError {
            JSONRPCError(code: JSONRPCError.invalidParamsCode, message: message, data: .object([("uri", .string(text))]))
        }
        guard let parts = SkillURI.decodedSegments(of: text), parts.count >= 2,
              let skill = try library.published(SkillKey(namespace: parts[0], name: parts[1]))
        else { throw refuse("no directory at \(text)") }
        let folder = parts[2...].joined(separator: "/")
        if skill.files.contains(where: { $0.path == folder }) { throw refuse("\(text) is not a directory resource") }
        let prefix = folder.isEmpty ? "" : folder + "/"
        var entries: [JSONValue] = []
        var subfolders: Set<String> = []
        for file in skill.files where file.path.hasPrefix(prefix) {
            let rest = file.path.dropFirst(prefix.count)
            guard let slash = rest.firstIndex(of: "/") else {
                entries.append(resourceEntry(skill, file))
                continue
            }
            let child = String(rest[..<slash])
            if subfolders.insert(child).inserted {
                entries.append(.object([
                    ("uri", .string(SkillURI.directory(skill.key, path: prefix + child))), ("name", .string(child)),
                    ("mimeType", .string("inode/directory")),
                ]))
            }
        }
        guard !entries.isEmpty else { throw refuse("no directory at \(text)") }
        return .object([("resultType", .string("complete")), ("resources", .array(entries))])
    }

    private func resourceTemplates() -> JSONValue {
        .object([("resourceTemplates", .array([.object([
            ("uriTemplate", .string("skill://{namespace}/{name}/{+path}")),
            ("name", .string("skill-file")),
            ("description", .string("A file of the latest version of a skill; the default namespace is 'default'.")),
        ])]))])
    }

    // MARK: Skills extension

    private func listSkills(_ params: JSONValue) throws -> JSONValue {
        let cursor = try Self.cursor(params)
        let keys = try library.skills(after: cursor?.skill, limit: skillPageSize + 1)
        var entries: [JSONValue] = []
        for key in keys.prefix(skillPageSize) {
            if let skill = try library.published(key) { entries.append(Self.skillEntry(skill)) }
        }
        var members: [(String, JSONValue)] = [("resultType", .string("complete")), ("skills", .array(entries))]
        if keys.count > skillPageSize {
            members.append(("nextCursor", .string(PageCursor(skill: keys[skillPageSize - 1]).encoded)))
        }
        members += [("ttlMs", .integer(Self.cacheMilliseconds)), ("cacheScope", .string("public"))]
        return .object(members)
    }

    private func getSkill(_ params: JSONValue) throws -> JSONValue {
        guard let text = params["uri"]?.stringValue else { throw JSONRPCError.invalidParams("skills/get needs a uri") }
        guard let uri = SkillURI(parsing: text), uri.path == "SKILL.md", let skill = try library.published(uri.skill) else {
            throw JSONRPCError(
                code: JSONRPCError.invalidParamsCode, message: "no skill at \(text)", data: .object([("uri", .string(text))]))
        }
        return .object([
            ("resultType", .string("complete")), ("skill", Self.skillEntry(skill)),
            ("ttlMs", .integer(Self.cacheMilliseconds)), ("cacheScope", .string("public")),
        ])
    }

    /// A `Skill` entry: the SKILL.md's URI, its front-matter, and every file
    /// with the digest and size of the bytes `resources/read` returns.
    static func skillEntry(_ skill: PublishedSkill) -> JSONValue {
        .object([
            ("uri", .string(skill.uri.description)),
            ("frontmatter", skill.frontMatter),
            ("resources", .array(skill.files.map { file in
                .object([
                    ("uri", .string(skill.uri(of: file).description)), ("digest", .string(file.digest)),
                    ("size", .integer(file.size)),
                ])
            })),
        ])
    }

    private static func cursor(_ params: JSONValue) throws(JSONRPCError) -> PageCursor? {
        guard let value = params["cursor"], value != .null else { return nil }
        guard let text = value.stringValue else { throw .invalidParams("cursor must be a string") }
        return try PageCursor(decoding: text)
    }
}
