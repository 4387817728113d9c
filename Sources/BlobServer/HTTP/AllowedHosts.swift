/// Which `Host` headers the server answers. A web page whose name an
/// attacker rebinds to 127.0.0.1 reaches a loopback server with the
/// browser's blessing (same origin), but its requests still name the
/// attacker's host: refusing hosts the server was not told of closes that
/// door, as development servers do (Vite's and webpack-dev-server's
/// `allowedHosts`, Jupyter's `allow_remote_access`).
///
/// On a loopback address (the default) the check is on: loopback hosts
/// and the names `--allowed-host` gives pass. On any other address it is
/// off unless names are given (the server is then meant to be reached by
/// some name, which a loopback default cannot guess); with names, they
/// pass, and so do loopback hosts and the listening address. `*` turns
/// the check off.
struct AllowedHosts: Sendable {
    /// Whether `Host` is looked at at all.
    let checks: Bool
    /// Loopback hosts and the listening address, which always pass.
    private let localHosts: LocalHosts
    /// The listening address as given when it is `0.0.0.0` or `::`, which
    /// `LocalHosts` leaves out: it is the URL `serve` prints
    /// (`http://0.0.0.0:8080`), and an address in `Host` is no name a page
    /// could rebind.
    private let unspecifiedListeningAddress: ListeningAddress?
    /// The names given, lowercased; IP literals among them are in `addresses`.
    private let names: [String]
    private let addresses: [ListeningAddress]

    /// `names` as `--allowed-host` gives them: host names or IP literals,
    /// without a port; `*` for any host.
    init(listeningOn host: String, names: [String]) {
        localHosts = LocalHosts(listeningOn: host)
        unspecifiedListeningAddress = ListeningAddress(host).flatMap { $0.isUnspecified ? $0 : nil }
        let listensOnLoopback = ListeningAddress(host)?.isLoopback ?? false
        checks = !names.contains("*") && (listensOnLoopback || !names.isEmpty)
        var addresses: [ListeningAddress] = []
        var words: [String] = []
        for name in names {
            if let address = ListeningAddress(name.lowercased()) { addresses.append(address) } else { words.append(name.lowercased()) }
        }
        self.names = words
        self.addresses = addresses
    }

    /// Whether a request with this `Host` header may be answered. One
    /// without a `Host` passes, as it did before there was a check
    /// (libmicrohttpd answers it, even in HTTP/1.1): browsers always send
    /// one, so a rebinding page cannot leave it out.
    func allows(host header: String?) -> Bool {
        guard checks, let header else { return true }
        guard let host = Self.hostPart(of: header) else { return false }
        // What nearly every request names, passed without parsing an
        // address: the check runs on every request, blob fetches included.
        if host == "127.0.0.1" || host == "localhost" { return true }
        if localHosts.contains(host) { return true }
        let lowered = host.lowercased()
        if names.contains(lowered) { return true }
        guard !addresses.isEmpty || unspecifiedListeningAddress != nil, let address = ListeningAddress(lowered) else {
            return false
        }
        if let listening = unspecifiedListeningAddress, listening.family == address.family, listening.bytes == address.bytes {
            return true
        }
        return addresses.contains { $0.family == address.family && $0.bytes == address.bytes }
    }

    /// The 403 for a request `allows` refuses, naming its host and how to
    /// allow it.
    static func refusal(host header: String) -> HTTPError {
        guard let host = hostPart(of: header) else {
            return HTTPError(
                403, "HOST_NOT_ALLOWED",
                "the Host '\(header)' is not a host name with an optional port; this server answers to loopback hosts "
                    + "and those it was started with (--allowed-host NAME)")
        }
        return HTTPError(
            403, "HOST_NOT_ALLOWED",
            "the host '\(host)' is not one this server answers to; to allow it, start the server with --allowed-host \(host)")
    }

    /// The host of a `Host` header without its port: `name`, `127.0.0.1`
    /// or `[::1]` of `name:8080`, `127.0.0.1:8080`, `[::1]:8080`; nil when
    /// the header is not a host with an optional numeric port.
    static func hostPart(of header: String) -> Substring? {
        let bytes = header.utf8
        let end: String.Index
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            end = bytes.index(after: close)
        } else {
            end = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
        }
        guard end != bytes.startIndex else { return nil }
        let port = bytes[end...]
        if let colon = port.first {
            guard colon == UInt8(ascii: ":"),
                  port.dropFirst().allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return nil }
        }
        return Substring(bytes[..<end])
    }
}
