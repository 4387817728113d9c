import Foundation

/// Which browser origins may reach `/mcp`. A page a browser loads from
/// another site can make it POST to a server on this machine, and with DNS
/// rebinding even pass its same-origin checks: the Streamable HTTP transport
/// therefore has servers refuse (403) a request whose `Origin` is not theirs.
/// Clients that are not browsers send no `Origin` and are not affected.
struct MCPOriginPolicy: Sendable {
    /// Loopback origins and the server's own address.
    let localHosts: LocalHosts

    init(listeningOn host: String) {
        localHosts = LocalHosts(listeningOn: host)
    }

    /// Whether a request with this `Origin` header (nil when it has none)
    /// may be answered: its host must be one of `LocalHosts`.
    func allows(origin: String?) -> Bool {
        guard let origin else { return true }
        guard let components = URLComponents(string: origin), let scheme = components.scheme?.lowercased(),
              ["http", "https"].contains(scheme), let host = components.host?.lowercased(), !host.isEmpty,
              components.path.isEmpty, components.query == nil
        else { return false }  // "null", a file: page, anything malformed
        return localHosts.contains(host)
    }
}
