import Foundation
import Testing
import TestSupport
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// The `Host` check against DNS rebinding: a web page whose name an attacker
/// points at 127.0.0.1 reaches a loopback server, but its requests still name
/// the attacker's host, and are refused with 403 on every route, before any
/// body is read. Loopback hosts and the names of `--allowed-host` pass.
@Suite(.serialized) struct HostCheckTests {
    /// A store holding `pdf`, and a server on it (started by the live tests).
    static func fixture(host: String = "127.0.0.1", allowedHosts: [String] = []) throws -> ServerFixture {
        let fixture = try ServerFixture { options in
            options.http.host = host
            options.http.port = 0
            options.allowedHosts = allowedHosts
        }
        try fixture.publish([try fixture.skill("pdf")])
        return fixture
    }

    /// The id of a blob `pdf` has, for the blob route.
    static func blobID(_ fixture: ServerFixture) throws -> String {
        try #require(try fixture.store.version(of: "pdf").files.first).id.hex
    }

    /// What the responder the transport calls says about a request naming
    /// `host`: nil lets it through to its route.
    static func admitted(_ fixture: ServerFixture, _ host: String) -> Bool {
        fixture.server.responder.admit(HTTPRequest(method: "GET", path: "/api/v1/skills", headers: ["Host": host])) == nil
    }

    @Test func aRebindingHostIsRefusedOnEveryRouteWithTheWayToAllowIt() throws {
        let fixture = try Self.fixture()
        try fixture.server.start()
        defer { fixture.server.stop(grace: 1) }
        let port = fixture.server.port
        for path in ["/api/v1/blob/\(try Self.blobID(fixture))", "/api/v1/skills/pdf", "/api/v1/skills", "/healthz"] {
            let refused = try RawHTTPConnection(port: port).request("GET", path, host: "evil.example:8080")
            #expect(refused.status == 403, "\(path)")
            let error = try APIJSON.decode(ErrorBody.self, from: Data(refused.body)).error
            #expect(error.code == "HOST_NOT_ALLOWED", "\(path)")
            #expect(error.message.contains("'evil.example'"), "\(error.message)")
            #expect(error.message.contains("start the server with --allowed-host evil.example"), "\(error.message)")
            #expect(refused.header("Cache-Control") == "no-store")
            // The same request with a loopback Host is answered by its route.
            #expect(try RawHTTPConnection(port: port).request("GET", path, host: "127.0.0.1:\(port)").status == 200, "\(path)")
        }
        // Metrics (and the access log, fed the same way) record it like any 4xx.
        Thread.sleep(forTimeInterval: 0.1)  // completion is recorded just after the last byte
        let metrics = String(decoding: try RawHTTPConnection(port: port).request("GET", "/metrics").body, as: UTF8.self)
        #expect(metrics.contains("skillstore_http_requests_total{method=\"GET\",route=\"host-check\",status=\"403\"} 4"))
    }

    @Test func aBodyForARebindingHostIsRefusedFromTheHeadersAlone() throws {
        let fixture = try Self.fixture()
        try fixture.server.start()
        defer { fixture.server.stop(grace: 1) }
        // Only the headers are sent: an answer proves the body was not
        // awaited. Without the check these would be 401 (no token) and 413.
        for (path, length) in [("/api/v1/skills", 2000), ("/api/v1/skills", 100 << 20), ("/mcp", 2000)] {
            let connection = try RawHTTPConnection(port: fixture.server.port, timeout: 5)
            try connection.send(Array(
                "POST \(path) HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n".utf8))
            let refused = try connection.readResponse()
            #expect(refused.status == 403, "\(path) \(length)")
            #expect(try APIJSON.decode(ErrorBody.self, from: Data(refused.body)).error.code == "HOST_NOT_ALLOWED")
        }
    }

    @Test func loopbackHostsPassWithAnyPortOrNone() throws {
        let fixture = try Self.fixture()
        try fixture.server.start()
        defer { fixture.server.stop(grace: 1) }
        let port = fixture.server.port
        for host in ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", "localhost", "LocalHost:1", "127.42.0.9", "[::1]"] {
            #expect(try RawHTTPConnection(port: port).request("GET", "/api/v1/skills/pdf", host: host).status == 200, "\(host)")
        }
        // Names that only resolve to loopback, and Hosts that are no host,
        // are not loopback.
        for host in ["localhost.evil.example", "127.0.0.1.nip.io", "sub.localhost", "::1", "localhost:http", "127.0.0.1:80:80"] {
            #expect(try RawHTTPConnection(port: port).request("GET", "/api/v1/skills/pdf", host: host).status == 403, "\(host)")
        }
        // A request without Host is answered as before the check (browsers
        // always send one, so rebinding cannot leave it out).
        for version in ["1.0", "1.1"] {
            let hostless = try RawHTTPConnection(port: port)
            try hostless.send(Array("GET /api/v1/skills/pdf HTTP/\(version)\r\n\r\n".utf8))
            #expect(try hostless.readResponse().status == 200, "HTTP/\(version)")
        }
    }

    @Test func anAllowedHostPassesWithAnyPortAndOthersStillDoNot() throws {
        let fixture = try Self.fixture(allowedHosts: ["Skills.Example.com", "192.0.2.7", "::2"])
        try fixture.server.start()
        defer { fixture.server.stop(grace: 1) }
        let port = fixture.server.port
        for host in ["skills.example.com:8080", "skills.example.com", "SKILLS.example.COM:443", "192.0.2.7:80", "[::2]:80",
                     "localhost:\(port)"] {
            #expect(try RawHTTPConnection(port: port).request("GET", "/api/v1/skills/pdf", host: host).status == 200, "\(host)")
        }
        for host in ["evil.example", "other.skills.example.com", "192.0.2.8"] {
            #expect(try RawHTTPConnection(port: port).request("GET", "/api/v1/skills/pdf", host: host).status == 403, "\(host)")
        }
    }

    @Test func aStarTurnsTheCheckOff() throws {
        #expect(Self.admitted(try Self.fixture(allowedHosts: ["*"]), "evil.example:8080"))
        #expect(Self.admitted(try Self.fixture(allowedHosts: ["skills.example.com", "*"]), "evil.example:8080"))
        #expect(!Self.admitted(try Self.fixture(allowedHosts: ["skills.example.com"]), "evil.example:8080"))
    }

    @Test func aNonLoopbackListenerChecksHostsOnlyWhenNamesAreGiven() throws {
        for address in ["0.0.0.0", "::", "192.0.2.10"] {
            #expect(Self.admitted(try Self.fixture(host: address), "evil.example:8080"), "\(address)")
            let named = try Self.fixture(host: address, allowedHosts: ["skills.example.com"])
            #expect(Self.admitted(named, "skills.example.com:8080"), "\(address)")
            #expect(Self.admitted(named, "127.0.0.1:8080"), "\(address)")
            #expect(!Self.admitted(named, "evil.example:8080"), "\(address)")
        }
        // The listening address itself names the server.
        let named = try Self.fixture(host: "192.0.2.10", allowedHosts: ["skills.example.com"])
        #expect(Self.admitted(named, "192.0.2.10:8080"))
        #expect(!Self.admitted(named, "192.0.2.11:8080"))
    }

    /// `serve --host 0.0.0.0` prints `serving http://0.0.0.0:PORT`: that
    /// URL, the listening address as given, names the server even with
    /// names to check (an address in `Host` is no name a page can rebind).
    @Test func theURLTheServerPrintsPassesWhenItListensOnEveryAddress() throws {
        for address in ["0.0.0.0", "::"] {
            let fixture = try Self.fixture(host: address, allowedHosts: ["skills.example.com"])
            // `0.0.0.0:0`, `[::]:0`: what a client of that URL sends as Host.
            let authority = String(fixture.server.url.dropFirst("http://".count))
            #expect(Self.admitted(fixture, authority), "\(authority)")
            #expect(!Self.admitted(fixture, "evil.example:8080"), "\(address)")
        }
        // On a loopback listener the unspecified address is not the server's.
        #expect(!Self.admitted(try Self.fixture(), "0.0.0.0:8080"))
    }

    @Test func theHostOfAHeaderIsReadWithoutItsPort() {
        #expect(AllowedHosts.hostPart(of: "example.com:8080") == "example.com")
        #expect(AllowedHosts.hostPart(of: "example.com") == "example.com")
        #expect(AllowedHosts.hostPart(of: "[::1]:8080") == "[::1]")
        #expect(AllowedHosts.hostPart(of: "[::1]") == "[::1]")
        #expect(AllowedHosts.hostPart(of: "127.0.0.1:") == "127.0.0.1")
        for malformed in ["", ":8080", "::1", "[::1", "[::1]x", "host:port", "a:1:2", "[::1]:8080:1"] {
            #expect(AllowedHosts.hostPart(of: malformed) == nil, "\(malformed)")
        }
    }
}
