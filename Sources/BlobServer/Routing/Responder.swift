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
    /// lets it be read. It may note on the request what it established
    /// (`HTTPRequest.token`), so the handler need not establish it again.
    /// Runs on a network thread, so it must be quick.
    func preflight(_ request: inout HTTPRequest) -> HTTPResponse?
}

extension Responder {
    public func quickResponse(to request: HTTPRequest) -> HTTPResponse? {
        isQuick(request) ? respond(to: request) : nil
    }

    public func preflight(_ request: inout HTTPRequest) -> HTTPResponse? { nil }
}
