import Foundation

/// Whether this machine can listen on `::1`: containers are often made
/// without IPv6, and live IPv6 tests are skipped there, saying why.
public enum IPv6Loopback {
    public static let isAvailable: Bool = {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        return bound == 0
    }()

    /// What a skipped test prints.
    public static let unavailable = "skipped: this machine has no IPv6 loopback (::1 cannot be bound)"
}
