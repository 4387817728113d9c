/// The server's responder: refuses (403 `HOST_NOT_ALLOWED`) a request whose
/// `Host` it does not answer to, before its body is read or its route looked
/// up, and hands every other request to the router. Kept apart from the
/// router, which matches paths and knows nothing of who may ask.
struct HostCheckingResponder: Responder {
    let hosts: AllowedHosts
    let router: Router

    func admit(_ request: HTTPRequest) -> HTTPResponse? {
        guard hosts.checks else { return nil }
        let host = request.header("host")
        guard !hosts.allows(host: host), let host else { return nil }
        var response = ErrorResponder.response(for: AllowedHosts.refusal(host: host))
        response.route = "host-check"
        return response
    }

    func respond(to request: HTTPRequest) -> HTTPResponse { router.respond(to: request) }
    func isQuick(_ request: HTTPRequest) -> Bool { router.isQuick(request) }
    func quickResponse(to request: HTTPRequest) -> HTTPResponse? { router.quickResponse(to: request) }
    func preflight(_ request: inout HTTPRequest) -> HTTPResponse? { router.preflight(&request) }
    func bodyLimit(for request: HTTPRequest) -> BodyLimit? { router.bodyLimit(for: request) }
}
