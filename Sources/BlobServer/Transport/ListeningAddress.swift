import Foundation

/// An address a server listens on, as `--host` gives it: an IPv4 literal
/// (`localhost` is read as 127.0.0.1), or an IPv6 one, bare (`::1`) or in a
/// URL's brackets (`[::1]`). Names are not resolved: the server listens where
/// it is told, not wherever a name points today.
public struct ListeningAddress: Sendable, Equatable {
    public enum Family: Sendable { case ipv4, ipv6 }

    /// The host as written, without brackets (`localhost` stays `localhost`,
    /// so the printed URL is the one the user asked for).
    public let host: String
    public let family: Family
    /// The address in network byte order: 4 bytes, or 16 for IPv6.
    let bytes: [UInt8]

    /// Nil when `text` is not an IP address literal.
    public init?(_ text: String) {
        let bracketed = text.count > 2 && text.hasPrefix("[") && text.hasSuffix("]")
        let literal = bracketed ? String(text.dropFirst().dropLast()) : text
        if !bracketed, let bytes = Self.parse(literal == "localhost" ? "127.0.0.1" : literal, family: AF_INET, count: 4) {
            (host, family, self.bytes) = (literal, .ipv4, bytes)
        } else if let bytes = Self.parse(literal, family: AF_INET6, count: 16) {
            (host, family, self.bytes) = (literal, .ipv6, bytes)
        } else {
            return nil
        }
    }

    /// The host as a URL writes it: an IPv6 address in brackets.
    public var urlHost: String { family == .ipv6 ? "[\(host)]" : host }

    /// `127.0.0.1:8080`, `[::1]:8080`: what messages name.
    public func authority(port: UInt16) -> String { "\(urlHost):\(port)" }

    /// `0.0.0.0` or `::`: every address of the machine.
    var isUnspecified: Bool { bytes.allSatisfy { $0 == 0 } }

    /// 127.0.0.0/8 (and `localhost`) or `::1`: reachable from this machine only.
    var isLoopback: Bool {
        family == .ipv4 ? bytes[0] == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1]
    }

    private static func parse(_ text: String, family: Int32, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        return inet_pton(family, text, &bytes) == 1 ? bytes : nil
    }
}
