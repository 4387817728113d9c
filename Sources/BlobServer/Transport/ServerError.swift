import Foundation

/// Why a server could not start: what `skillctl serve` reports before exiting.
public enum ServerError: Error, CustomStringConvertible {
    case badAddress(String)
    /// The address as a URL writes it (`127.0.0.1:8080`, `[::1]:8080`) and why.
    case cannotListen(String, reason: String)
    case spool(String)

    public var description: String {
        switch self {
        case .badAddress(let host): "'\(host)' is not an IPv4 or IPv6 address to listen on"
        case .cannotListen(let address, let reason): "cannot listen on \(address): \(reason)"
        case .spool(let message): message
        }
    }

    /// A failed `socket`, `bind` or `listen`, said in the user's terms.
    static func cannotListen(_ address: String, errno code: Int32) -> ServerError {
        let reason = switch code {
        case EADDRINUSE: "the port is in use (is another server running there?)"
        case EACCES: "not allowed (ports below 1024 need privileges)"
        case EADDRNOTAVAIL: "the address is not one of this machine's"
        case EAFNOSUPPORT: "this machine does not support that address family"
        default: String(cString: strerror(code))
        }
        return .cannotListen(address, reason: reason)
    }
}
