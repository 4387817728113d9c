import SkillStore

/// Diagnostics as a SARIF 2.1.0 log, the format code-scanning tools read.
struct SARIFLog: Encodable {
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name = "skillctl"
        var rules: [RuleDescriptor]
    }

    struct RuleDescriptor: Encodable {
        var id: String
    }

    struct Result: Encodable {
        var ruleId: String
        var level: String
        var message: Message
        var locations: [Location]
    }

    struct Message: Encodable {
        var text: String
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }

    var version = "2.1.0"
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case version
        case schema = "$schema"
        case runs
    }

    init(_ diagnostics: [Diagnostic]) {
        var ruleIDs: [String] = []
        for diagnostic in diagnostics where !ruleIDs.contains(diagnostic.code) { ruleIDs.append(diagnostic.code) }
        let results = diagnostics.map { diagnostic in
            Result(
                ruleId: diagnostic.code, level: diagnostic.severity == .error ? "error" : "warning",
                message: Message(text: diagnostic.message),
                locations: [Location(physicalLocation: PhysicalLocation(
                    artifactLocation: ArtifactLocation(uri: diagnostic.path),
                    region: diagnostic.location.map { Region(startLine: $0.line, startColumn: $0.column) }))])
        }
        runs = [Run(tool: Tool(driver: Driver(rules: ruleIDs.map(RuleDescriptor.init))), results: results)]
    }
}
