import Foundation

/// The stored form of a version's sections, claims and citations (the
/// `graphs` table): JSON arrays of positional fields, which is compact (no
/// key repeated per claim) and quick to write by hand, since it is written
/// once per skill of every publish.
///
/// - section: `[path, level, line, column, endLine]`
/// - claim: `[text, label, labels, unit, line, column, citations, qualifier, rule, context, section]`
/// - citation: `[text, url, target, kind, line, column, textTimes, fragment, urlTime, claim]`
enum GraphDocument {
    static func encode(_ graph: SkillGraph) -> String {
        var json = "[["
        for (index, section) in graph.sections.enumerated() {
            if index > 0 { json += "," }
            json += "["
            appendArray(section.path, to: &json)
            json += ",\(section.level),\(section.location.line),\(section.location.column),\(section.endLine)]"
        }
        json += "],["
        for (index, claim) in graph.claims.enumerated() {
            if index > 0 { json += "," }
            json += "["
            JSONText.appendQuoted(claim.text, to: &json)
            json += ",\"\(claim.label.rawValue)\",[" + claim.labels.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
            json += "],\"\(claim.unit.rawValue)\",\(claim.location.line),\(claim.location.column),["
            json += claim.citations.map(String.init).joined(separator: ",") + "],"
            appendOptional(claim.qualifier, to: &json)
            json += ","
            appendOptional(claim.rule, to: &json)
            json += ","
            appendOptional(claim.context, to: &json)
            json += "," + (claim.sectionIndex.map(String.init) ?? "null") + "]"
        }
        json += "],["
        for (index, citation) in graph.citations.enumerated() {
            if index > 0 { json += "," }
            json += "["
            JSONText.appendQuoted(citation.text, to: &json)
            json += ","
            JSONText.appendQuoted(citation.url, to: &json)
            json += ","
            JSONText.appendQuoted(citation.target, to: &json)
            json += ",\"\(citation.kind.rawValue)\",\(citation.location.line),\(citation.location.column),["
            json += citation.textTimes.map(String.init).joined(separator: ",") + "],"
            appendOptional(citation.fragment, to: &json)
            json += "," + (citation.urlTime.map(String.init) ?? "null")
            json += "," + (citation.claim.map(String.init) ?? "null") + "]"
        }
        return json + "]]"
    }

    struct Malformed: Error, CustomStringConvertible {
        var description: String { "a stored graph document is malformed; run 'skillctl fsck'" }
    }

    /// Fills `graph`'s sections, claims and citations from `json`.
    static func decode(_ json: String, into graph: inout SkillGraph) throws {
        guard let parts = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[[Any]]], parts.count == 3 else {
            throw Malformed()
        }
        func string(_ value: Any) -> String? { value as? String }
        func int(_ value: Any) -> Int? { (value as? NSNumber)?.intValue }
        func location(_ fields: [Any], _ at: Int) -> SourceLocation {
            SourceLocation(line: int(fields[at]) ?? 0, column: int(fields[at + 1]) ?? 0)
        }
        graph.sections = try parts[0].map { fields in
            guard fields.count == 5, let path = fields[0] as? [String] else { throw Malformed() }
            return Section(path: path, level: int(fields[1]) ?? 0, location: location(fields, 2), endLine: int(fields[4]) ?? 0)
        }
        graph.claims = try parts[1].map { fields in
            guard fields.count == 11, let text = string(fields[0]), let label = string(fields[1]).flatMap(ClaimLabel.init),
                  let unit = string(fields[3]).flatMap(Claim.Unit.init)
            else { throw Malformed() }
            let section = int(fields[10])
            return Claim(
                text: text, label: label,
                labels: ((fields[2] as? [String]) ?? []).compactMap(ClaimLabel.init), qualifier: string(fields[7]),
                unit: unit, location: location(fields, 4),
                section: section.flatMap { $0 < graph.sections.count ? graph.sections[$0].path : nil } ?? [],
                sectionIndex: section, rule: string(fields[8]), context: string(fields[9]),
                citations: ((fields[6] as? [Any]) ?? []).compactMap(int))
        }
        graph.citations = try parts[2].map { fields in
            guard fields.count == 10, let text = string(fields[0]), let url = string(fields[1]),
                  let target = string(fields[2]), let kind = string(fields[3]).flatMap(Citation.Kind.init)
            else { throw Malformed() }
            return Citation(
                text: text, url: url, target: target, fragment: string(fields[7]), kind: kind,
                location: location(fields, 4), urlTime: int(fields[8]),
                textTimes: ((fields[6] as? [Any]) ?? []).compactMap(int), claim: int(fields[9]))
        }
    }

    private static func appendArray(_ items: [String], to json: inout String) {
        json += "["
        for (index, item) in items.enumerated() {
            if index > 0 { json += "," }
            JSONText.appendQuoted(item, to: &json)
        }
        json += "]"
    }

    private static func appendOptional(_ value: String?, to json: inout String) {
        guard let value else {
            json += "null"
            return
        }
        JSONText.appendQuoted(value, to: &json)
    }
}
