/// A request as the routes see it: no C types, headers by lowercase name.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The decoded path, without the query string.
    public var path: String
    /// Query arguments, decoded; the last value wins when a name repeats.
    public var query: [String: String]
    /// Header values by lowercase name; repeated headers are joined with ", ".
    public var headers: [String: String]
    public var body: [UInt8]
    /// The client's address, for the access log.
    public var remoteAddress: String

    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: [UInt8] = [], remoteAddress: String = "-"
    ) {
        self.method = method
        self.path = path
        // An empty value (`?version=`) means the parameter is not given.
        self.query = query.filter { !$0.value.isEmpty }
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $0 + ", " + $1 })
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// Headers already keyed by lowercase name, as the transport collects them.
    init(method: String, path: String, query: [String: String], lowercasedHeaders: [String: String], remoteAddress: String) {
        self.method = method
        self.path = path
        self.query = query.isEmpty ? query : query.filter { !$0.value.isEmpty }
        headers = lowercasedHeaders
        body = []
        self.remoteAddress = remoteAddress
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// GET and HEAD are answered alike; the transport drops HEAD's body.
    public var isGetOrHead: Bool { method == "GET" || method == "HEAD" }
}
