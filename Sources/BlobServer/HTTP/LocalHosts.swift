/// The hosts that reach the server without a name an attacker controls:
/// loopback (`localhost`, 127.0.0.0/8, `::1`) and the one address the server
/// listens on. A browser page whose origin or `Host` is one of these was
/// served from this machine (or from the server's own address); a name
/// that merely resolves to 127.0.0.1 is not one, as that is exactly what
/// DNS rebinding makes of an attacker's name. Both the `/mcp` origin check
/// and the `Host` check ask this one type.
struct LocalHosts: Sendable {
    /// The address the server listens on when it is one address (not
    /// `0.0.0.0` or `::`): hosts naming it are its own.
    let listeningHost: ListeningAddress?

    init(listeningOn host: String) {
        listeningHost = ListeningAddress(host).flatMap { $0.isUnspecified ? nil : $0 }
    }

    /// Whether `host` (a URL's host, without port: `localhost`,
    /// `127.0.0.1`, `[::1]` or `::1`, any case) is one of them.
    func contains(_ host: some StringProtocol) -> Bool {
        guard let address = ListeningAddress(host.lowercased()) else { return false }
        if address.isLoopback { return true }
        guard let listeningHost else { return false }
        return address.family == listeningHost.family && address.bytes == listeningHost.bytes
    }
}
