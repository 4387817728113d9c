import Foundation
import Synchronization
import Testing
import TestSupport
@testable import BlobServer

/// Where the transport listens: a port already taken is refused rather than
/// shared, and IPv6 addresses are listened on and written in brackets.
@Suite struct ListeningTests {
    struct Echo: Responder {
        func respond(to request: HTTPRequest) -> HTTPResponse { .text(request.path) }
        func isQuick(_ request: HTTPRequest) -> Bool { true }
    }

    static func server(host: String = "127.0.0.1", port: UInt16 = 0) -> HTTPServer {
        var configuration = HTTPServer.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.workers = 1
        return HTTPServer(configuration, responder: Echo())
    }

    @Test func aPortAnotherServerListensOnIsRefusedNotShared() throws {
        let first = Self.server()
        try first.start()
        defer { first.stop(grace: 0) }
        let second = Self.server(port: first.port)
        defer { second.stop(grace: 0) }
        do {
            try second.start()
            Issue.record("a second server bound 127.0.0.1:\(first.port), which the first listens on")
        } catch let error as ServerError {
            #expect("\(error)" == "cannot listen on 127.0.0.1:\(first.port): the port is in use (is another server running there?)")
        }
        // The first still answers, and alone.
        #expect(try RawHTTPConnection(port: first.port).request("GET", "/still-here").status == 200)
    }

    /// A server listening on a port below the range the kernel hands out
    /// to sockets that name none (`ip_local_port_range`): other tests'
    /// client connections, running in parallel, cannot take that port in
    /// the moment between one server releasing it and the next binding it.
    /// Port 0 (any) when the range leaves no room below it.
    static func serverBelowEphemeralPorts() throws -> HTTPServer {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))
        let low = range?.split(whereSeparator: \.isWhitespace).first.flatMap { UInt16($0) } ?? 32_768
        guard low > 11_000 else {
            let server = Self.server()
            try server.start()
            return server
        }
        var attempt = 0
        while true {
            let server = Self.server(port: UInt16.random(in: 10_000..<low))
            do {
                try server.start()
                return server
            } catch {
                attempt += 1
                if attempt == 50 { throw error }
            }
        }
    }

    @Test func aPortIsFreeAgainOnceItsServerStops() throws {
        let first = try Self.serverBelowEphemeralPorts()
        let port = first.port
        _ = try RawHTTPConnection(port: port).request("GET", "/")  // leaves a connection to linger after close
        first.stop(grace: 0)
        let second = Self.server(port: port)
        try second.start()
        defer { second.stop(grace: 0) }
        #expect(second.port == port)
        #expect(try RawHTTPConnection(port: port).request("GET", "/again").status == 200)
    }

    @Test func hostsAreIPLiteralsAndIPv6IsWrittenInBrackets() throws {
        let loopback6 = try #require(ListeningAddress("::1"))
        #expect(loopback6.family == .ipv6 && loopback6.urlHost == "[::1]")
        #expect(loopback6.authority(port: 8080) == "[::1]:8080")
        #expect(ListeningAddress("[::1]") == loopback6)
        #expect(ListeningAddress("::")?.isUnspecified == true)
        #expect(ListeningAddress("::ffff:127.0.0.1")?.family == .ipv6)
        let loopback4 = try #require(ListeningAddress("127.0.0.1"))
        #expect(loopback4.family == .ipv4 && loopback4.urlHost == "127.0.0.1")
        #expect(ListeningAddress("localhost")?.urlHost == "localhost")
        #expect(ListeningAddress("localhost")?.bytes == loopback4.bytes)
        for refused in ["[127.0.0.1]", "example.com", "::1]", "[::1", "[]", "", "1.2.3", "::1%lo"] {
            #expect(ListeningAddress(refused) == nil, "\(refused) was taken for an address")
        }
    }

    @Test func aHostThatIsNotAnAddressIsRefusedAtStart() throws {
        let server = Self.server(host: "example.com")
        #expect(throws: ServerError.self) { try server.start() }
        #expect(server.port == 0)
    }

    @Test(.enabled(if: IPv6Loopback.isAvailable, Comment(rawValue: IPv6Loopback.unavailable)))
    func anIPv6LoopbackServerAnswersAndNamesItselfInBrackets() throws {
        for host in ["::1", "[::1]"] {
            let server = Self.server(host: host)
            try server.start()
            defer { server.stop(grace: 0) }
            #expect(server.port != 0)
            #expect(server.url == "http://[::1]:\(server.port)")
            let response = try RawHTTPConnection(port: server.port, host: "::1").request("GET", "/over-ipv6")
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "/over-ipv6")
            // ::1 is IPv6 only: nothing listens on 127.0.0.1 at that port.
            #expect(throws: (any Error).self) { try RawHTTPConnection(port: server.port, host: "127.0.0.1") }
        }
    }

    @Test(.enabled(if: IPv6Loopback.isAvailable, Comment(rawValue: IPv6Loopback.unavailable)))
    func aSecondServerOnTheSameIPv6PortIsRefused() throws {
        let first = Self.server(host: "::1")
        try first.start()
        defer { first.stop(grace: 0) }
        let second = Self.server(host: "::1", port: first.port)
        defer { second.stop(grace: 0) }
        #expect(throws: ServerError.self) { try second.start() }
        #expect(try RawHTTPConnection(port: first.port, host: "::1").request("GET", "/").status == 200)
    }

    @Test(.enabled(if: IPv6Loopback.isAvailable, Comment(rawValue: IPv6Loopback.unavailable)))
    func theAccessLogRecordsAnIPv6ClientsAddress() throws {
        let recorded = Mutex<[String]>([])
        var configuration = HTTPServer.Configuration()
        configuration.host = "::1"
        configuration.port = 0
        let server = HTTPServer(configuration, responder: Echo()) { completion in
            recorded.withLock { $0.append(completion.remoteAddress) }
        }
        try server.start()
        _ = try RawHTTPConnection(port: server.port, host: "::1").request("GET", "/")
        server.stop(grace: 1)
        #expect(recorded.withLock { $0 } == ["::1"])
    }
}
