/// Why a server could not start: what `skillctl serve` reports before exiting.
public enum ServerError: Error, CustomStringConvertible {
    case badAddress(String)
    case cannotListen(String, UInt16)
    case spool(String)

    public var description: String {
        switch self {
        case .badAddress(let host): "'\(host)' is not an IPv4 address to listen on"
        case .cannotListen(let host, let port): "cannot listen on \(host):\(port) (in use, or not allowed)"
        case .spool(let message): message
        }
    }
}
