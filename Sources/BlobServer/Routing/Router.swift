/// Matches method and path to a handler. Knows nothing of the transport.
public struct Router: Responder {
    typealias Handler = @Sendable (HTTPRequest, RouteParameters) throws -> HTTPResponse
    /// Checks a request's headers before its body is read; throws to refuse.
    typealias Preflight = @Sendable (inout HTTPRequest, RouteParameters) throws -> Void

    /// A class, so that walking the table per request copies one
    /// reference rather than each field of each route.
    final class Route: Sendable {
        let method: String
        let pattern: String
        /// For each segment of the pattern: its bytes, or nil for a parameter.
        let literals: [[UInt8]?]
        /// For each segment, the parameter it names (`{id}` -> `id`), else nil.
        let parameterNames: [String?]
        let quick: Bool
        let preflight: Preflight?
        let bodyLimit: BodyLimit?
        let handler: Handler

        init(
            method: String, pattern: String, quick: Bool, preflight: Preflight?,
            bodyLimit: (bytes: Int, tooLarge: any Error)?, handler: @escaping Handler
        ) {
            self.method = method
            self.pattern = pattern
            let segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
            parameterNames = segments.map { $0.first == "{" && $0.last == "}" ? String($0.dropFirst().dropLast()) : nil }
            literals = zip(segments, parameterNames).map { segment, name in name == nil ? Array(segment.utf8) : nil }
            self.quick = quick
            self.preflight = preflight
            self.bodyLimit = bodyLimit.map { limit in
                var refusal = ErrorResponder.response(for: limit.tooLarge)
                refusal.route = pattern
                return BodyLimit(bytes: limit.bytes, refusal: refusal)
            }
            self.handler = handler
        }

        /// The parameters when `path` fits the pattern.
        func match(_ path: PathSegments) -> RouteParameters? {
            guard literals.count == path.count else { return nil }
            for index in literals.indices {
                if let literal = literals[index] {
                    if !path.segment(index, equals: literal) { return nil }
                } else if path.isEmpty(index) {
                    return nil
                }
            }
            return RouteParameters(names: parameterNames, path: path)
        }
    }

    private var routes: [Route] = []

    init() {}

    /// Every route's pattern, in the order added (a path with several
    /// methods appears once per method).
    var patterns: [(method: String, pattern: String)] { routes.map { ($0.method, $0.pattern) } }

    /// Adds a route; `pattern` segments in braces are parameters
    /// (`/api/v1/blob/{id}`). A GET route answers HEAD too. `bodyLimit`
    /// caps the route's request body below the server's limit: a larger
    /// `Content-Length` is refused (after `preflight`) with `tooLarge`
    /// before the body is read; of a chunked body, no more than that is
    /// kept, and it is refused with `tooLarge` when it ends.
    mutating func add(
        _ method: String, _ pattern: String, quick: Bool = false, preflight: Preflight? = nil,
        bodyLimit: (bytes: Int, tooLarge: any Error)? = nil, _ handler: @escaping Handler
    ) {
        routes.append(Route(
            method: method, pattern: pattern, quick: quick, preflight: preflight, bodyLimit: bodyLimit, handler: handler))
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        respond(to: request, quickOnly: false)!
    }

    public func quickResponse(to request: HTTPRequest) -> HTTPResponse? {
        respond(to: request, quickOnly: true)
    }

    private func respond(to request: HTTPRequest, quickOnly: Bool) -> HTTPResponse? {
        let segments = PathSegments(request.path)
        var allowed: [String] = []
        var pattern = "unmatched"
        for route in routes {
            guard let parameters = route.match(segments) else { continue }
            pattern = route.pattern
            guard route.method == request.method || (route.method == "GET" && request.method == "HEAD") else {
                allowed.append(route.method)
                if route.method == "GET" { allowed.append("HEAD") }
                continue
            }
            if quickOnly && !route.quick { return nil }
            var response: HTTPResponse
            do {
                response = try route.handler(request, parameters)
            } catch {
                response = ErrorResponder.response(for: error)
            }
            response.route = route.pattern
            return response
        }
        var response: HTTPResponse
        if allowed.isEmpty {
            response = ErrorResponder.response(for: HTTPError.notFound("no route for \(request.path)"))
        } else {
            let allow = allowed.joined(separator: ", ")
            response = ErrorResponder.response(for: HTTPError(
                405, "METHOD_NOT_ALLOWED", "\(request.method) is not allowed here; use \(allow)",
                headers: [("Allow", allow)]))
        }
        response.route = pattern
        return response
    }

    public func preflight(_ request: inout HTTPRequest) -> HTTPResponse? {
        let segments = PathSegments(request.path)
        for route in routes where route.method == request.method {
            guard let parameters = route.match(segments) else { continue }
            if let preflight = route.preflight {
                do {
                    try preflight(&request, parameters)
                } catch {
                    var response = ErrorResponder.response(for: error)
                    response.route = route.pattern
                    return response
                }
            }
            if let limit = route.bodyLimit, let length = request.header("content-length").flatMap(Int.init),
               length > limit.bytes
            {
                return limit.refusal
            }
            return nil
        }
        return nil
    }

    public func bodyLimit(for request: HTTPRequest) -> BodyLimit? {
        let segments = PathSegments(request.path)
        return routes.first { $0.method == request.method && $0.match(segments) != nil }?.bodyLimit
    }

    public func isQuick(_ request: HTTPRequest) -> Bool {
        let segments = PathSegments(request.path)
        for route in routes where route.match(segments) != nil {
            if route.method == request.method || (route.method == "GET" && request.method == "HEAD") { return route.quick }
        }
        return true  // 404 and 405 are answered at once
    }
}
