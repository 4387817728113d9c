import SkillStore

/// The JSON of a search by skill, written by hand: byte for byte what
/// `APIJSON.encoder(pretty:)` writes for `[SkillSearchEntry]`, pretty
/// printed (`skillctl search --json`) or compact (`GET /api/v1/search`).
/// Tests hold the two to the same bytes. The one difference: a number that
/// is not finite, which JSONEncoder refuses and no search produces, is
/// written as null rather than stopping the process.
///
/// Agents read search results as JSON, and JSONEncoder's first use in a
/// process was 5.3 M of the 32.6 M instructions of such a command at
/// 100,000 skills (docs/benchmarks.md, sixteenth pass): each type it meets
/// the first time costs a scan of every protocol conformance in the binary,
/// nine of them for these types.
public enum SearchEntryJSON {
    /// `entries` as JSON text, UTF-8, without a newline at the end.
    public static func text(_ entries: [SkillSearchEntry], pretty: Bool) -> [UInt8] {
        var writer = Writer(pretty: pretty)
        writer.write(.array(entries.map(\.node)), indent: 0)
        return writer.output
    }

    /// A JSON value; an object's members are written sorted by key.
    enum Node {
        case string(String)
        case number(String)
        case bool(Bool)
        case array([Node])
        case object([(String, Node)])

        static func number(_ value: Int) -> Node { .number(String(value)) }

        /// As JSONEncoder writes a Double: its shortest form without a
        /// trailing `.0` (`2`, `-0`, `1e-07`); null when it is not finite.
        static func number(_ value: Double) -> Node {
            guard value.isFinite else { return .number("null") }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            return .number(text)
        }

        static func strings(_ values: [String]) -> Node { .array(values.map(Node.string)) }
    }

    struct Writer {
        let pretty: Bool
        var output: [UInt8] = []

        init(pretty: Bool) {
            self.pretty = pretty
            output.reserveCapacity(16_384)
        }

        mutating func write(_ node: Node, indent: Int) {
            switch node {
            case .string(let text): writeString(text)
            case .number(let text): output += text.utf8
            case .bool(let flag): output += (flag ? "true" : "false").utf8
            case .array(let items):
                writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: items.count, indent: indent) { writer, index in
                    writer.write(items[index], indent: indent + 2)
                }
            case .object(let members):
                // JSONEncoder's order: the keys' UTF-8 bytes.
                let sorted = members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
                writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: sorted.count, indent: indent) { writer, index in
                    writer.writeString(sorted[index].0)
                    writer.output += (writer.pretty ? " : " : ":").utf8
                    writer.write(sorted[index].1, indent: indent + 2)
                }
            }
        }

        /// Pretty: each item on its own line, two spaces deeper; an empty
        /// container is its brackets around an empty line, as JSONEncoder has it.
        private mutating func writeContainer(
            open: UInt8, close: UInt8, count: Int, indent: Int, item: (inout Writer, Int) -> Void
        ) {
            output.append(open)
            guard pretty else {
                for index in 0..<count {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    item(&self, index)
                }
                output.append(close)
                return
            }
            output.append(0x0A)
            for index in 0..<count {
                if index > 0 { output += ",\n".utf8 }
                output += repeatElement(UInt8(ascii: " "), count: indent + 2)
                item(&self, index)
            }
            output.append(0x0A)
            output += repeatElement(UInt8(ascii: " "), count: indent)
            output.append(close)
        }

        /// JSONEncoder's escapes: quote and backslash, `\b \t \n \f \r`,
        /// the other controls below U+0020 as `\u00XX`; everything else,
        /// slashes included, as it is.
        private mutating func writeString(_ text: String) {
            output.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): output += #"\""#.utf8
                case UInt8(ascii: "\\"): output += #"\\"#.utf8
                case 0x08: output += #"\b"#.utf8
                case 0x09: output += #"\t"#.utf8
                case 0x0A: output += #"\n"#.utf8
                case 0x0C: output += #"\f"#.utf8
                case 0x0D: output += #"\r"#.utf8
                case 0..<0x20:
                    let low = byte & 0x0F
                    output += #"\u00"#.utf8
                    output.append(UInt8(ascii: "0") + (byte >> 4))
                    output.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
                default: output.append(byte)
                }
            }
            output.append(UInt8(ascii: "\""))
        }
    }
}

extension SkillSearchEntry {
    /// Each stored property under its snake_case key; nil ones left out.
    var node: SearchEntryJSON.Node {
        var members: [(String, SearchEntryJSON.Node)] = [
            ("namespace", .string(namespace)), ("skill", .string(skill)), ("address", .string(address)),
            ("version", .string(version)), ("id", .string(id)), ("description", .string(description)),
            ("score", .number(score)), ("also_in", .strings(alsoIn)), ("passages", .array(passages.map(\.node))),
        ]
        if let explain { members.append(("explain", explain.node)) }
        if let scan { members.append(("scan", scan.node)) }
        return .object(members)
    }
}

extension SkillSearchEntry.Passage {
    var node: SearchEntryJSON.Node {
        var members: [(String, SearchEntryJSON.Node)] = [
            ("kind", .string(kind)), ("address", .string(address)), ("section", .strings(section)),
            ("snippet", .string(snippet)),
        ]
        if let line { members.append(("line", .number(line))) }
        if let rule { members.append(("rule", .string(rule))) }
        if let label { members.append(("label", .string(label))) }
        return .object(members)
    }
}

extension SearchExplanation {
    var node: SearchEntryJSON.Node {
        .object([
            ("words", .array(words.map { word in
                .object([("word", .string(word.word)), ("fields", .strings(word.fields)), ("weight", .number(word.weight))])
            })),
            ("bm25", .number(bm25)), ("coverage", .number(coverage)), ("name", .number(name)),
            ("description", .number(description)), ("exact_name", .bool(exactName)), ("score", .number(score)),
        ])
    }
}

extension ScanSummary {
    /// As its own `encode(to:)` writes it: `highest` is `none` when nothing was found.
    var node: SearchEntryJSON.Node {
        .object([
            ("scanner_version", .string(scannerVersion)), ("highest", .string(highest?.rawValue ?? "none")),
            ("finding_count", .number(findingCount)),
            ("top", .array(top.map { finding in
                .object([
                    ("rule", .string(finding.rule)), ("severity", .string(finding.severity.rawValue)),
                    ("file", .string(finding.file)), ("line", .number(finding.line)), ("column", .number(finding.column)),
                    ("evidence", .string(finding.evidence)), ("explanation", .string(finding.explanation)),
                ])
            })),
        ])
    }
}
