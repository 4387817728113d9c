import Foundation

/// One TCP connection to a test server on 127.0.0.1 (or ::1), speaking just enough
/// HTTP/1.1 to check what goes over the wire: exact headers, bodies,
/// keep-alive and a client that sends nothing.
final class RawHTTPConnection {
    struct Response {
        var status: Int
        /// In order, names as sent.
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
        }
        func headers(_ name: String) -> [String] {
            headers.filter { $0.0.caseInsensitiveCompare(name) == .orderedSame }.map(\.1)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let socket: Int32
    private var buffered: [UInt8] = []

    /// `host` is an IPv4 or IPv6 literal (`::1`), 127.0.0.1 unless given.
    init(port: UInt16, host: String = "127.0.0.1", timeout: Double = 10) throws {
        let ipv6 = host.contains(":")
        socket = Foundation.socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed") }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        // A server that stops reading a body must not hang the test's send.
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            _ = inet_pton(AF_INET6, host, &address.sin6_addr)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr(host)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard connected == 0 else {
            // Not closed here: a class whose init throws once every property
            // is set still runs deinit, which closes it. Closing it twice
            // closed whatever descriptor a parallel test had opened under the
            // same number since (a libmicrohttpd daemon's eventfd: it aborted).
            throw Failure(description: "cannot connect to \(host) port \(port)")
        }
    }

    deinit { close(socket) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send failed (errno \(errno))") }
            offset += sent
        }
    }

    /// Sends a request (adding Host, 127.0.0.1 unless given) and reads its response.
    func request(
        _ method: String, _ path: String, host: String = "127.0.0.1", headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> Response {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if !body.isEmpty { text += "Content-Length: \(body.count)\r\n" }
        text += "\r\n"
        try send(Array(text.utf8) + body)
        return try readResponse(bodyExpected: method != "HEAD")
    }

    func readResponse(bodyExpected: Bool = true) throws -> Response {
        while true {
            if let end = headerEnd() {
                let head = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeFirst(end + 4)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
                    throw Failure(description: "bad status line in \(head)")
                }
                let headers = lines.compactMap { line -> (String, String)? in
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                }
                var response = Response(status: status, headers: headers, body: [])
                let length = response.header("Content-Length").flatMap(Int.init) ?? 0
                if bodyExpected && status != 304 && status != 204 {
                    while buffered.count < length { try fill() }
                    response.body = Array(buffered.prefix(length))
                    buffered.removeFirst(length)
                }
                return response
            }
            try fill()
        }
    }

    /// Whether the server has sent something (an answer) or closed the
    /// connection, without waiting.
    var serverHasSpoken: Bool {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return !buffered.isEmpty || poll(&poller, 1, 0) > 0
    }

    /// Whether the server has closed the connection: waits up to `seconds`
    /// for end-of-file (a read of 0 bytes).
    func closedByServer(within seconds: Double) -> Bool {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if poll(&poller, 1, 100) > 0 {
                var byte: UInt8 = 0
                let count = recv(socket, &byte, 1, 0)
                if count == 0 || count < 0 && errno != EAGAIN && errno != EINTR { return true }
            }
        }
        return false
    }

    private func headerEnd() -> Int? {
        guard buffered.count >= 4 else { return nil }
        for index in 0...(buffered.count - 4)
        where buffered[index] == 13 && buffered[index + 1] == 10 && buffered[index + 2] == 13 && buffered[index + 3] == 10 {
            return index
        }
        return nil
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &chunk, chunk.count, 0)
        guard count > 0 else { throw Failure(description: count == 0 ? "connection closed by the server" : "recv timed out or failed") }
        buffered += chunk.prefix(count)
    }
}
