/// What the transport calls: a request in, a response out. It never throws;
/// errors have already become responses.
public protocol Responder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// Whether the request may be answered on a network thread. Anything
    /// else (a search, a publish) runs on a worker so that it cannot stall
    /// the other connections that thread serves.
    func isQuick(_ request: HTTPRequest) -> Bool
    /// The response when the request is quick, else nil (the transport then
    /// calls `respond(to:)` on a worker). One lookup instead of two.
    func quickResponse(to request: HTTPRequest) -> HTTPResponse?
    /// Called with the headers only, before a request's body is read: a
    /// response refuses the body (a publish without a valid token), nil
    /// lets it be read. Runs on a network thread, so it must be quick.
    func preflight(_ request: HTTPRequest) -> HTTPResponse?
}

extension Responder {
    public func quickResponse(to request: HTTPRequest) -> HTTPResponse? {
        isQuick(request) ? respond(to: request) : nil
    }

    public func preflight(_ request: HTTPRequest) -> HTTPResponse? { nil }
}

/// Path parameters of a matched route, by name (`{name}` in the pattern).
public struct RouteParameters: Sendable {
    var values: [String: String] = [:]
    public subscript(_ name: String) -> String {
        guard let value = values[name] else { preconditionFailure("route has no parameter \(name)") }
        return value
    }
}

/// Matches method and path to a handler. Knows nothing of the transport.
public struct Router: Responder {
    public typealias Handler = @Sendable (HTTPRequest, RouteParameters) throws -> HTTPResponse
    /// Checks a request's headers before its body is read; throws to refuse.
    public typealias Preflight = @Sendable (HTTPRequest) throws -> Void

    struct Route: Sendable {
        var method: String
        var pattern: String
        var segments: [Substring]
        /// For each segment, the parameter it names (`{id}` -> `id`), else nil.
        var parameterNames: [String?]
        var quick: Bool
        var preflight: Preflight?
        var handler: Handler
    }

    private var routes: [Route] = []

    public init() {}

    /// Every route's pattern, in the order added (a path with several
    /// methods appears once per method).
    public var patterns: [(method: String, pattern: String)] { routes.map { ($0.method, $0.pattern) } }

    /// Adds a route; `pattern` segments in braces are parameters
    /// (`/api/v1/blob/{id}`). A GET route answers HEAD too.
    public mutating func add(
        _ method: String, _ pattern: String, quick: Bool = false, preflight: Preflight? = nil, _ handler: @escaping Handler
    ) {
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
        routes.append(Route(
            method: method, pattern: pattern, segments: segments,
            parameterNames: segments.map { $0.first == "{" && $0.last == "}" ? String($0.dropFirst().dropLast()) : nil },
            quick: quick, preflight: preflight, handler: handler))
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        respond(to: request, quickOnly: false)!
    }

    public func quickResponse(to request: HTTPRequest) -> HTTPResponse? {
        respond(to: request, quickOnly: true)
    }

    private func respond(to request: HTTPRequest, quickOnly: Bool) -> HTTPResponse? {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
        var allowed: [String] = []
        var pattern = "unmatched"
        for route in routes {
            guard let parameters = Self.match(route, segments) else { continue }
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

    public func preflight(_ request: HTTPRequest) -> HTTPResponse? {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
        for route in routes where route.method == request.method && Self.match(route, segments) != nil {
            guard let preflight = route.preflight else { return nil }
            do {
                try preflight(request)
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
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
        for route in routes where Self.match(route, segments) != nil {
            if route.method == request.method || (route.method == "GET" && request.method == "HEAD") { return route.quick }
        }
        return true  // 404 and 405 are answered at once
    }

    private static func match(_ route: Route, _ path: [Substring]) -> RouteParameters? {
        guard route.segments.count == path.count else { return nil }
        var parameters = RouteParameters()
        for index in path.indices {
            if let name = route.parameterNames[index] {
                guard !path[index].isEmpty else { return nil }
                parameters.values[name] = String(path[index])
            } else if route.segments[index] != path[index] {
                return nil
            }
        }
        return parameters
    }
}
