import SkillStore

/// A hit as `search --json` prints it: the snippet with [brackets] around matched words.
struct SearchHitEntry: Encodable {
    var kind: String
    var address: String
    var namespace: String?
    var skill: String?
    var version: String?
    var id: String
    var url: String?
    var label: String?
    var line: Int?
    var rule: String?
    var section: [String]
    var snippet: String
    var score: Double

    init(_ hit: SearchHit) {
        kind = hit.kind.rawValue
        address = hit.address
        namespace = hit.namespace
        skill = hit.skill
        version = hit.version
        id = hit.id.hex
        url = hit.url
        label = hit.label?.rawValue
        line = hit.line
        rule = hit.rule
        section = hit.section
        snippet = hit.snippetText().collapsingWhitespace
        score = hit.score
    }
}
