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
        let handler: Handler

        init(method: String, pattern: String, quick: Bool, preflight: Preflight?, handler: @escaping Handler) {
            self.method = method
            self.pattern = pattern
            let segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
            parameterNames = segments.map { $0.first == "{" && $0.last == "}" ? String($0.dropFirst().dropLast()) : nil }
            literals = zip(segments, parameterNames).map { segment, name in name == nil ? Array(segment.utf8) : nil }
            self.quick = quick
            self.preflight = preflight
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
    /// (`/api/v1/blob/{id}`). A GET route answers HEAD too.
    mutating func add(
        _ method: String, _ pattern: String, quick: Bool = false, preflight: Preflight? = nil, _ handler: @escaping Handler
    ) {
        routes.append(Route(method: method, pattern: pattern, quick: quick, preflight: preflight, handler: handler))
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
            guard let preflight = route.preflight else { return nil }
            do {
                try preflight(&request, parameters)
                return nil
            } catch {
                var response = ErrorResponder.response(for: error)
                response.route = route.pattern
                return response
            }
        }
        return nil
    }

    public func isQuick(_ request: HTTPRequest) -> Bool {
        let segments = PathSegments(request.path)
        for route in routes where route.match(segments) != nil {
            if route.method == request.method || (route.method == "GET" && request.method == "HEAD") { return route.quick }
        }
        return true  // 404 and 405 are answered at once
    }
}
