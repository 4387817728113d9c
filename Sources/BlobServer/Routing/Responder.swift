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
    /// Called first, with the headers of every request, before its size or
    /// route is looked at: a response refuses the request outright (a `Host`
    /// the server does not answer to), nil lets it go on. Runs on a network
    /// thread for every request, so it must be cheap.
    func admit(_ request: HTTPRequest) -> HTTPResponse?
    /// Called with the headers only, before a request's body is read: a
    /// response refuses the body (a publish without a valid token), nil
    /// lets it be read. It may note on the request what it established
    /// (`HTTPRequest.token`), so the handler need not establish it again.
    /// Runs on a network thread, so it must be quick.
    func preflight(_ request: inout HTTPRequest) -> HTTPResponse?
    /// The request's route's own cap on its body, when it has one (nil:
    /// only the server's `maxBody` applies). Asked with the headers, so
    /// that no more of a chunked body than the cap is held in memory,
    /// rather than up to the server's limit.
    func bodyLimit(for request: HTTPRequest) -> BodyLimit?
}

extension Responder {
    public func quickResponse(to request: HTTPRequest) -> HTTPResponse? {
        isQuick(request) ? respond(to: request) : nil
    }

    public func admit(_ request: HTTPRequest) -> HTTPResponse? { nil }

    public func preflight(_ request: inout HTTPRequest) -> HTTPResponse? { nil }

    public func bodyLimit(for request: HTTPRequest) -> BodyLimit? { nil }
}
