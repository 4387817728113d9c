import Foundation

/// Which browser origins may reach `/mcp`. A page a browser loads from
/// another site can make it POST to a server on this machine, and with DNS
/// rebinding even pass its same-origin checks: the Streamable HTTP transport
/// therefore has servers refuse (403) a request whose `Origin` is not theirs.
/// Clients that are not browsers send no `Origin` and are not affected.
struct MCPOriginPolicy: Sendable {
    /// The address the server listens on when it is one address (not
    /// `0.0.0.0` or `::`): pages served from it are its own.
    let listeningHost: ListeningAddress?

    init(listeningOn host: String) {
        listeningHost = ListeningAddress(host).flatMap { $0.isUnspecified ? nil : $0 }
    }

    /// Whether a request with this `Origin` header (nil when it has none)
    /// may be answered. Loopback origins (`localhost`, 127.0.0.0/8, `::1`)
    /// are allowed; a name that merely resolves to this machine is not, as
    /// that is exactly what DNS rebinding makes of an attacker's name.
    func allows(origin: String?) -> Bool {
        guard let origin else { return true }
        guard let components = URLComponents(string: origin), let scheme = components.scheme?.lowercased(),
              ["http", "https"].contains(scheme), let host = components.host?.lowercased(), !host.isEmpty,
              components.path.isEmpty, components.query == nil
        else { return false }  // "null", a file: page, anything malformed
        guard let address = ListeningAddress(host) else { return false }
        if address.isLoopback { return true }
        return address == listeningHost
    }
}
