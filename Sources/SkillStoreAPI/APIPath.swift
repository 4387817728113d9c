import Foundation

/// A route of the HTTP API, declared once: the server registers its
/// `pattern`, the client builds concrete paths from it, and the OpenAPI
/// document lists exactly these.
public struct APIPath: Hashable, Sendable {
    /// The path with a `{parameter}` segment for each value a request fills in.
    public let pattern: String

    private init(_ pattern: String) { self.pattern = pattern }

    public static let blob = APIPath("/api/v1/blob/{id}")
    /// GET lists the skills; POST publishes a bundle.
    public static let skills = APIPath("/api/v1/skills")
    public static let skill = APIPath("/api/v1/skills/{name}")
    public static let skillVersions = APIPath("/api/v1/skills/{name}/versions")
    public static let skillVersion = APIPath("/api/v1/skills/{name}/versions/{label}")
    public static let skillManifest = APIPath("/api/v1/skills/{name}/versions/{label}/manifest")
    /// The safety scan's verdict on a version's bundle, with every finding.
    public static let skillVersionScan = APIPath("/api/v1/skills/{name}/versions/{label}/scan")
    public static let skillRules = APIPath("/api/v1/skills/{name}/rules")
    public static let skillClaims = APIPath("/api/v1/skills/{name}/claims")
    public static let skillLinks = APIPath("/api/v1/skills/{name}/links")
    public static let skillProvenance = APIPath("/api/v1/skills/{name}/provenance")
    public static let skillCheck = APIPath("/api/v1/skills/{name}/check")
    public static let skillDiff = APIPath("/api/v1/skills/{name}/diff")
    /// The versions whose SKILL.md or manifest is a blob.
    public static let blobVersions = APIPath("/api/v1/versions/{id}")
    public static let search = APIPath("/api/v1/search")
    public static let sources = APIPath("/api/v1/sources")
    public static let openAPIDocument = APIPath("/api/v1/openapi.json")
    public static let health = APIPath("/healthz")
    /// The Agent Skills Discovery index (`DiscoveryIndex`).
    public static let discoveryIndex = APIPath("/.well-known/agent-skills/index.json")
    public static let metrics = APIPath("/metrics")
    /// The MCP server over the Streamable HTTP transport (docs/mcp.md).
    public static let mcp = APIPath("/mcp")

    /// The namespaces that hold skills, with how many each.
    public static let namespaces = APIPath("/api/v1/namespaces")
    /// PUT yanks the version (body `{"reason": ...}`), DELETE undoes it.
    public static let skillVersionYank = APIPath("/api/v1/skills/{name}/versions/{label}/yank")

    /// The routes of one skill or of the list of skills: each is also served
    /// under a namespace (`inNamespace`); without one, the name resolves to
    /// the one namespace that holds it, and POST publishes into the default.
    public static let skillRoutes: [APIPath] = [
        skills, skill, skillVersions, skillVersion, skillManifest, skillVersionScan, skillVersionYank, skillRules, skillClaims, skillLinks,
        skillProvenance, skillCheck, skillDiff,
    ]

    /// The same route under `/api/v1/namespaces/{namespace}`:
    /// `/api/v1/namespaces/{namespace}/skills/{name}`.
    public var inNamespace: APIPath {
        precondition(pattern.hasPrefix(Self.skills.pattern), "\(pattern) is not a route of skills")
        return APIPath("/api/v1/namespaces/{namespace}" + pattern.dropFirst("/api/v1".count))
    }

    /// Every route, in the order the server registers them (the blob
    /// route first: it is the one asked for most).
    public static let all: [APIPath] = [blob] + skillRoutes + skillRoutes.map(\.inNamespace) + [
        blobVersions, search, sources, namespaces, openAPIDocument, health, metrics, discoveryIndex, mcp,
    ]

    /// The list routes, which page with `limit` and `cursor` (`ListPaging`).
    public static let paged: [APIPath] = [
        skills, skillVersions, skills.inNamespace, skillVersions.inNamespace, blobVersions, sources,
    ]

    /// The names of the pattern's parameters, in order (`["name", "label"]`).
    var parameterNames: [String] {
        pattern.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { String($0.dropFirst().dropLast()) }
    }

    /// The concrete path, each parameter in order replaced by its value
    /// percent-encoded as one segment: a `/`, `?`, `#` or `;` in a skill
    /// name or label cannot change which route the server picks.
    public func path(_ values: String...) -> String { path(values) }

    /// `path(_:)` with the values as an array.
    public func path(_ values: [String]) -> String {
        var values = values[...]
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix("{") && segment.hasSuffix("}") else { return String(segment) }
            guard let value = values.popFirst() else { preconditionFailure("\(pattern) needs a value for \(segment)") }
            return Self.encodedSegment(value)
        }
        precondition(values.isEmpty, "\(pattern) takes \(parameterNames.count) values, not \(parameterNames.count + values.count)")
        return segments.joined(separator: "/")
    }

    private static let segmentCharacters: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#")
        return allowed
    }()

    private static func encodedSegment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? value
    }
}
