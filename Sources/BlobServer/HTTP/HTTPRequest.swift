import SkillStore

/// A request as the routes see it: no C types, headers by lowercase name.
public struct HTTPRequest: Sendable {
    var method: String
    /// The decoded path, without the query string.
    public var path: String
    /// Query arguments, decoded; the last value wins when a name repeats.
    var query: [String: String]
    /// Header fields by lowercase name, in the order they came (a name may
    /// repeat). An array: a request carries a handful of headers, and
    /// scanning them costs less than hashing; `header(_:)` joins repeats.
    private(set) var fields: [(name: String, value: String)] = []

    /// Header values by lowercase name, repeated names joined with ", ".
    var headers: [String: String] {
        Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { $0 + ", " + $1 })
    }
    var body: [UInt8]
    /// The client's address, for the access log.
    var remoteAddress: String
    /// The publish token a route's preflight accepted from the headers,
    /// kept so that its handler does not look it up a second time.
    var token: PublishToken?

    init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: [UInt8] = [], remoteAddress: String = "-"
    ) {
        self.method = method
        self.path = path
        // An empty value (`?version=`) means the parameter is not given.
        self.query = query.filter { !$0.value.isEmpty }
        self.body = body
        self.remoteAddress = remoteAddress
        fields = headers.map { ($0.key.lowercased(), $0.value) }
    }

    /// Fields already named in lowercase, as the transport collects them.
    init(
        method: String, path: String, query: [String: String], fields: [(name: String, value: String)],
        remoteAddress: String
    ) {
        self.method = method
        self.path = path
        self.query = query.isEmpty ? query : query.filter { !$0.value.isEmpty }
        self.fields = fields
        body = []
        self.remoteAddress = remoteAddress
    }

    func header(_ name: String) -> String? {
        // Callers mostly ask with a lowercase literal: look that up as it is
        // (scanning its bytes in place; a Sequence algorithm on the UTF-8
        // view costs some 60 instructions a byte).
        let isUpper = { (byte: UInt8) in byte >= 0x41 && byte <= 0x5A }
        let hasUpper = name.utf8.withContiguousStorageIfAvailable { $0.contains(where: isUpper) }
            ?? name.utf8.contains(where: isUpper)
        let wanted = hasUpper ? name.lowercased() : name
        // Repeats are joined here, when asked for, rather than as each
        // header arrives: joining on arrival compared every header with all
        // the earlier ones, a cost that grew with the square of their number.
        let count = wanted.utf8.count
        var found: String?
        for field in fields where field.name.utf8.count == count && field.name == wanted {
            found = found.map { $0 + ", " + field.value } ?? field.value
        }
        return found
    }

    /// A yes-or-no query parameter: `1`, `true` or `yes`; `0`, `false` or
    /// `no` (any case); false when absent. Anything else is refused, so that
    /// a mistyped value is not silently read as no.
    func flag(_ name: String) throws -> Bool {
        guard let value = query[name] else { return false }
        switch value.lowercased() {
        case "1", "true", "yes": return true
        case "0", "false", "no": return false
        default: throw HTTPError.badRequest("\(name) takes true or false (or 1 or 0), not '\(value)'")
        }
    }

    /// GET and HEAD are answered alike; the transport drops HEAD's body.
    var isGetOrHead: Bool { method == "GET" || method == "HEAD" }
}
