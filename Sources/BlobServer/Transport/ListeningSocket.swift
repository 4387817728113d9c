import Foundation

/// A bound, listening TCP socket, made here and handed to libmicrohttpd.
/// Bound by the server rather than by the library so that it never carries
/// SO_REUSEPORT (with which a second server binds the same port and the two
/// share its connections), and so that a failure says why (`errno`).
struct ListeningSocket {
    let descriptor: Int32
    /// The port bound: the chosen one when 0 was asked for.
    let port: UInt16

    init(_ address: ListeningAddress, port requested: UInt16) throws {
        let name = address.authority(port: requested)
        let domain = address.family == .ipv6 ? AF_INET6 : AF_INET
        // Non-blocking: libmicrohttpd's threads all accept on it, and the
        // ones that lose the race must not block.
        let type = Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)
        let descriptor = socket(domain, type, 0)
        guard descriptor >= 0 else { throw ServerError.cannotListen(name, errno: errno) }
        var listening = false
        defer { if !listening { close(descriptor) } }

        // SO_REUSEADDR lets a restarted server bind while the last one's
        // connections linger in TIME_WAIT; on Linux it never lets a second
        // socket listen on a port one already listens on.
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if address.family == .ipv6 {
            // `::` takes IPv4 connections too (as `0.0.0.0` and `::` together
            // would); any other IPv6 address only its own.
            var only: Int32 = address.isUnspecified ? 0 : 1
            _ = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
        }
        var storage = sockaddr_storage()
        let length = Self.fill(&storage, address: address, port: requested)
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, SOMAXCONN) == 0 else { throw ServerError.cannotListen(name, errno: errno) }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        guard named == 0 else { throw ServerError.cannotListen(name, errno: errno) }
        listening = true
        self.descriptor = descriptor
        port = Self.port(of: &actual)
    }

    private static func fill(_ storage: inout sockaddr_storage, address: ListeningAddress, port: UInt16) -> socklen_t {
        withUnsafeMutablePointer(to: &storage) { pointer in
            switch address.family {
            case .ipv4:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                    inet.pointee.sin_family = sa_family_t(AF_INET)
                    inet.pointee.sin_port = port.bigEndian
                    withUnsafeMutableBytes(of: &inet.pointee.sin_addr) { $0.copyBytes(from: address.bytes) }
                    return socklen_t(MemoryLayout<sockaddr_in>.size)
                }
            case .ipv6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
                    inet.pointee.sin6_family = sa_family_t(AF_INET6)
                    inet.pointee.sin6_port = port.bigEndian
                    withUnsafeMutableBytes(of: &inet.pointee.sin6_addr) { $0.copyBytes(from: address.bytes) }
                    return socklen_t(MemoryLayout<sockaddr_in6>.size)
                }
            }
        }
    }

    private static func port(of storage: inout sockaddr_storage) -> UInt16 {
        withUnsafeMutablePointer(to: &storage) { pointer in
            if pointer.pointee.ss_family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }
}
