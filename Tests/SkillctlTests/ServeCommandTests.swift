import Foundation
import Testing
import TestSupport

@testable import skillctl

/// `skillctl serve` as a user starts it: what it refuses before serving
/// (a port in use, a database that does not exist) and where it listens.
@Suite(.serialized) struct ServeCommandTests {
    /// A database holding one published skill.
    private static func publishedStore(in folder: TemporaryFolder) throws -> Skillctl {
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        try folder.write("pack/served-skill/SKILL.md", skillMarkdown(name: "served-skill"))
        let published = try skillctl.run(["publish", folder.path("pack")])
        #expect(published.status == 0, "\(published.stderr)")
        return skillctl
    }

    /// `ls` run through the server at `url`.
    private static func remoteList(_ url: String, in folder: TemporaryFolder) throws -> Skillctl.Result {
        var client = Skillctl(database: folder.url.appendingPathComponent("client.db"))
        client.environment["SKILLSTORE_SERVER"] = url
        return try client.run(["ls"])
    }

    @Test func aSecondServeOnAPortInUseExitsOneNamingTheAddress() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.publishedStore(in: folder)
        let first = try ServeProcess(database: skillctl.database, arguments: ["--access-log", "off"])
        let port = try #require(first.url.split(separator: ":").last.map(String.init))

        let second = try ServeProcess.refusal(database: skillctl.database, arguments: ["--port", port, "--access-log", "off"])
        #expect(second.status == 1, "a second serve on port \(port) did not exit: \(second.stderr)")
        #expect(second.stderr.contains("skillctl: cannot listen on 127.0.0.1:\(port): the port is in use"), "\(second.stderr)")
        #expect(!second.stderr.contains("serving "), "\(second.stderr)")

        // The first server still has the port, and answers.
        #expect(first.process.isRunning)
        let listed = try Self.remoteList(first.url, in: folder)
        #expect(listed.status == 0 && listed.output.contains("served-skill"), "\(listed.stderr)")
        #expect(first.stop() == 0)
    }

    @Test func serveRefusesADatabaseThatDoesNotExist() throws {
        let folder = try TemporaryFolder()
        let typo = folder.url.appendingPathComponent("typo.db")
        let refused = try ServeProcess.refusal(database: typo, arguments: ["--port", "0", "--access-log", "off"])
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr == "skillctl: no database at \(typo.path); create it with `skillctl init` or pass --create\n")
        #expect(!FileManager.default.fileExists(atPath: typo.path), "serve created the database it refused")
    }

    @Test func serveWithCreateCreatesAMissingDatabase() throws {
        let folder = try TemporaryFolder()
        let fresh = folder.url.appendingPathComponent("fresh/new.db")
        let server = try ServeProcess(database: fresh, arguments: ["--create", "--access-log", "off"])
        #expect(FileManager.default.fileExists(atPath: fresh.path))
        let listed = try Self.remoteList(server.url, in: folder)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(server.stop() == 0)
    }

    @Test func aHostThatIsNotAnAddressIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.publishedStore(in: folder)
        let refused = try ServeProcess.refusal(database: skillctl.database, arguments: ["--host", "example.com"])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("--host takes an IPv4 or IPv6 address"), "\(refused.stderr)")
    }

    @Test func allowedHostRepeatsAndTakesNoPort() throws {
        func serve(_ words: [String]) throws -> ServeCommand {
            try ServeCommand(ParsedArguments(["serve"] + words) { $0 == "serve" ? ServeCommand.options : nil })
        }
        #expect(try serve([]).allowedHosts.isEmpty)
        let named = try serve(["--allowed-host", "a.example", "--allowed-host=B.example", "--allowed-host", "[::1]", "--allowed-host", "*"])
        #expect(named.allowedHosts == ["a.example", "B.example", "[::1]", "*"])
        for wrong in ["a.example:8080", "", "http://a.example", "a example"] {
            #expect(throws: UsageError.self, "\(wrong)") { try serve(["--allowed-host", wrong]) }
        }
        let refused = try ServeProcess.refusal(database: URL(fileURLWithPath: "/nonexistent.db"), arguments: ["--allowed-host", "a.example:8080"])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("--allowed-host takes a host name or address without a port"), "\(refused.stderr)")
    }

    @Test(.enabled(if: IPv6Loopback.isAvailable, Comment(rawValue: IPv6Loopback.unavailable)))
    func serveListensOnIPv6LoopbackAndPrintsTheURLInBrackets() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.publishedStore(in: folder)
        for host in ["::1", "[::1]"] {
            let server = try ServeProcess(database: skillctl.database, arguments: ["--host", host, "--access-log", "off"])
            #expect(server.url.hasPrefix("http://[::1]:"), "\(server.log)")
            #expect(server.log.contains("serving \(server.url) (database "), "\(server.log)")
            let port = try #require(server.url.split(separator: ":").last.flatMap { UInt16($0) })
            // Fetched over a socket of the test's own: the toolchain's
            // URLSession refuses IPv6 literal URLs (swift-corelibs-foundation
            // issue 5496), so `skillctl --server` cannot be the client here.
            let answer = try Self.get("/api/v1/skills", fromIPv6Loopback: port)
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(host): \(answer.prefix(200))")
            #expect(answer.contains("served-skill"), "\(host): \(answer.prefix(400))")
            #expect(server.stop() == 0)
        }
    }

    /// The whole answer to a GET of `path` from [::1]:`port`, headers and all.
    private static func get(_ path: String, fromIPv6Loopback port: UInt16) throws -> String {
        struct Unreachable: Error {}
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Unreachable() }
        defer { close(descriptor) }
        var wait = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        address.sin6_addr = in6addr_loopback
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        guard connected == 0 else { throw Unreachable() }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: [::1]:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard send(descriptor, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { throw Unreachable() }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let count = recv(descriptor, &buffer, buffer.count, 0), count > 0 {
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
