import CYAML

/// Reads one YAML document into `YAMLNode`s with libyaml's event parser.
///
/// Front-matter is data from strangers, so the reader refuses what could make
/// a small file expensive: aliases (the "billion laughs"), nesting deeper than
/// `maxDepth`, more than `maxNodes` nodes. Duplicate keys are errors, as YAML
/// 1.2 says. Plain scalars resolve by the YAML 1.2 core schema.
struct YAMLReader {
    var maxDepth = 32
    var maxNodes = 10_000

    init() {}

    /// Parses `text`; an empty document is `.null`.
    func parse(_ text: String) throws(YAMLError) -> YAMLNode {
        let parser = EventParser(text: text)
        var nodes = 0
        var stack: [Builder] = []
        var root: YAMLNode?
        var documents = 0

        func add(_ node: YAMLNode, keyAt keyLocation: SourceLocation?) throws(YAMLError) {
            nodes += 1
            if nodes > maxNodes {
                throw YAMLError(message: "front-matter has more than \(maxNodes) values", location: node.location)
            }
            guard !stack.isEmpty else {
                root = node
                return
            }
            try stack[stack.count - 1].append(node)
        }

        while true {
            let event = try parser.next()
            switch event.kind {
            case .documentStart:
                documents += 1
                if documents > 1 {
                    throw YAMLError(
                        message: "front-matter holds more than one YAML document", location: event.location)
                }
            case .streamStart, .documentEnd:
                continue
            case .streamEnd:
                return root ?? YAMLNode(value: .null, location: SourceLocation(line: 1, column: 1))
            case .alias:
                throw YAMLError(
                    message: "YAML aliases (*name) are not allowed in front-matter", location: event.location)
            case .scalar(let text, let plain, let tag):
                if event.hasAnchor {
                    throw YAMLError(
                        message: "YAML anchors (&name) are not allowed in front-matter", location: event.location)
                }
                // Quoted scalars and `!!str` are strings; other plain scalars resolve by the core schema.
                let value = plain && tag != "tag:yaml.org,2002:str" ? Self.resolvePlain(text) : .string(text)
                try add(YAMLNode(value: value, location: event.location), keyAt: nil)
            case .sequenceStart, .mappingStart:
                if event.hasAnchor {
                    throw YAMLError(
                        message: "YAML anchors (&name) are not allowed in front-matter", location: event.location)
                }
                if stack.count >= maxDepth {
                    throw YAMLError(message: "front-matter nests deeper than \(maxDepth) levels", location: event.location)
                }
                if case .mappingStart = event.kind {
                    stack.append(Builder(isMap: true, location: event.location))
                } else {
                    stack.append(Builder(isMap: false, location: event.location))
                }
            case .sequenceEnd, .mappingEnd:
                let finished = stack.removeLast().node
                try add(finished, keyAt: nil)
            }
        }
    }

    /// The YAML 1.2 core schema for plain (unquoted) scalars.
    static func resolvePlain(_ text: String) -> YAMLNode.Value {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity, text: text)
        case "-.inf", "-.Inf", "-.INF": return .number(-.infinity, text: text)
        case ".nan", ".NaN", ".NAN": return .number(.nan, text: text)
        default: break
        }
        // Int64(_:radix:) accepts a sign, which YAML does not allow after 0x or 0o.
        let digits = text.dropFirst(2)
        if text.hasPrefix("0x"), digits.first?.isHexDigit == true, let number = Int64(digits, radix: 16) {
            return .number(Double(number), text: text)
        }
        if text.hasPrefix("0o"), digits.first?.isHexDigit == true, let number = Int64(digits, radix: 8) {
            return .number(Double(number), text: text)
        }
        if isDecimal(text), let number = Double(text) {
            return .number(number, text: text)
        }
        return .string(text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, checked by hand:
    /// Swift's Double(...) also accepts forms YAML does not ("inf", hex floats).
    private static func isDecimal(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if let sign = bytes.first, sign == 0x2B || sign == 0x2D { bytes = bytes.dropFirst() }
        var mantissa = digits()
        if bytes.first == 0x2E {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let e = bytes.first, e == 0x65 || e == 0x45 {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == 0x2B || sign == 0x2D { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}

/// A collection under construction while its events arrive; a class, so
/// appending does not copy what was gathered so far.
private final class Builder {
    private let isMap: Bool
    private let location: SourceLocation
    private var items: [YAMLNode] = []
    private var entries: [YAMLEntry] = []
    private var keys: Set<String> = []
    private var pendingKey: YAMLNode?

    init(isMap: Bool, location: SourceLocation) {
        self.isMap = isMap
        self.location = location
    }

    func append(_ node: YAMLNode) throws(YAMLError) {
        guard isMap else {
            items.append(node)
            return
        }
        guard let key = pendingKey else {
            guard let name = node.scalarText else {
                let what = node.value == .null ? "empty or null" : "a list or map"
                throw YAMLError(message: "a front-matter key must be text, not \(what)", location: node.location)
            }
            guard keys.insert(name).inserted else {
                throw YAMLError(message: "duplicate key '\(name)'", location: node.location)
            }
            pendingKey = node
            return
        }
        entries.append(YAMLEntry(key: key.scalarText ?? "", keyLocation: key.location, value: node))
        pendingKey = nil
    }

    var node: YAMLNode {
        YAMLNode(value: isMap ? .map(entries) : .list(items), location: location)
    }
}

/// The one place that talks to libyaml: a parser whose events are copied into
/// Swift values as they are read, and which frees its C state in `deinit`.
private final class EventParser {
    struct Event {
        enum Kind {
            case streamStart, streamEnd, documentStart, documentEnd
            case alias
            case scalar(String, plain: Bool, tag: String?)
            case sequenceStart, sequenceEnd, mappingStart, mappingEnd
        }
        var kind: Kind
        var location: SourceLocation
        var hasAnchor: Bool
    }

    private var parser = yaml_parser_t()
    /// libyaml keeps a pointer to its input, so the bytes live as long as the parser.
    private let input: UnsafeMutableBufferPointer<UInt8>

    init(text: String) {
        let bytes = Array(text.utf8)
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        yaml_parser_initialize(&parser)
        yaml_parser_set_input_string(&parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(&parser)
        input.deallocate()
    }

    func next() throws(YAMLError) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { throw error() }
        defer { yaml_event_delete(&event) }
        let location = SourceLocation(
            line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_STREAM_START_EVENT: return Event(kind: .streamStart, location: location, hasAnchor: false)
        case YAML_STREAM_END_EVENT: return Event(kind: .streamEnd, location: location, hasAnchor: false)
        case YAML_DOCUMENT_START_EVENT: return Event(kind: .documentStart, location: location, hasAnchor: false)
        case YAML_DOCUMENT_END_EVENT: return Event(kind: .documentEnd, location: location, hasAnchor: false)
        case YAML_ALIAS_EVENT: return Event(kind: .alias, location: location, hasAnchor: false)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let bytes = UnsafeRawBufferPointer(start: scalar.value, count: Int(scalar.length))
            let text = String(decoding: bytes, as: UTF8.self)
            return Event(
                kind: .scalar(
                    text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE,
                    tag: scalar.tag.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }),
                location: location, hasAnchor: scalar.anchor != nil)
        case YAML_SEQUENCE_START_EVENT:
            return Event(kind: .sequenceStart, location: location, hasAnchor: event.data.sequence_start.anchor != nil)
        case YAML_SEQUENCE_END_EVENT: return Event(kind: .sequenceEnd, location: location, hasAnchor: false)
        case YAML_MAPPING_START_EVENT:
            return Event(kind: .mappingStart, location: location, hasAnchor: event.data.mapping_start.anchor != nil)
        case YAML_MAPPING_END_EVENT: return Event(kind: .mappingEnd, location: location, hasAnchor: false)
        default: return Event(kind: .documentEnd, location: location, hasAnchor: false)
        }
    }

    private func error() -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        var message = problem
        // With a context ("while parsing a flow sequence"), the context mark is
        // where the unfinished construct opened: the place a person must fix.
        var mark = parser.problem_mark
        if let context = parser.context.map({ String(cString: $0) }) {
            message = "\(context), \(problem)"
            mark = parser.context_mark
        }
        return YAMLError(
            message: "YAML syntax error: \(message)",
            location: SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }
}
