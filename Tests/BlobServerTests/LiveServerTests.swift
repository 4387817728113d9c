import Foundation
import Testing
import TestSupport
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// The server on a real socket: what goes over the wire for blobs, keep-alive,
/// publishing, limits, idle connections and slow requests. Every server
/// listens on a free port of 127.0.0.1 and is stopped by its test.
@Suite(.serialized) struct LiveServerTests {
    /// A store holding `wire-test`: SKILL.md, a 2,048-byte file, an empty
    /// file and an executable script; and a server on it.
    final class Live {
        /// Removed after `deinit` has stopped the server.
        private let temporary: TemporaryFolder
        let server: SkillStoreServer
        let version: SkillVersion
        let secret: String
        let data: [UInt8] = (0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }

        init(_ configure: (inout SkillStoreServer.Options) -> Void = { _ in }) throws {
            temporary = try TemporaryFolder()
            let folder = temporary.url
            let skill = folder.appendingPathComponent("skills/wire-test")
            try FileManager.default.createDirectory(at: skill.appendingPathComponent("references"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: skill.appendingPathComponent("scripts"), withIntermediateDirectories: true)
            try Data("---\nname: wire-test\ndescription: Bytes for the wire tests.\nversion: \"1.0\"\n---\n\n# Wire\n\nText.\n".utf8)
                .write(to: skill.appendingPathComponent("SKILL.md"))
            try Data(data).write(to: skill.appendingPathComponent("references/data.bin"))
            try Data().write(to: skill.appendingPathComponent("references/empty.txt"))
            try Data("#!/bin/sh\necho hi\n".utf8).write(to: skill.appendingPathComponent("scripts/run.sh"))
            let database = folder.appendingPathComponent("store.db").path
            let store = try SkillStore(path: database)
            var publish = PublishOptions()
            publish.publisher = "tester"
            _ = try store.publish(try SkillSource.discover([skill.path]), options: publish)
            version = try store.version(of: "wire-test")
            secret = try store.createToken(name: "team", scope: "team-*").secret
            var options = SkillStoreServer.Options(databasePath: database)
            options.http.port = 0
            configure(&options)
            server = try SkillStoreServer(options)
            try server.start()
        }

        deinit {
            server.stop(grace: 1)
        }

        func id(of path: String) -> String { version.files.first { $0.path == path }!.id.hex }
        func sha(of path: String) -> String { version.files.first { $0.path == path }!.sha256 }
        func connect() throws -> RawHTTPConnection { try RawHTTPConnection(port: server.port) }
        func versionCount() throws -> Int {
            try SkillStore(path: server.options.databasePath, create: false).skills().reduce(0) { $0 + $1.versions }
        }
    }

    @Test func aBlobIsServedWithItsBytesAndImmutableHeaders() throws {
        let live = try Live()
        let connection = try live.connect()
        let digest = live.sha(of: "references/data.bin")
        for form in [live.id(of: "references/data.bin"), digest, "sha256:\(digest)"] {
            let response = try connection.request("GET", "/api/v1/blob/\(form)")
            #expect(response.status == 200)
            #expect(response.body == live.data)
            #expect(response.header("Content-Length") == "2048")
            #expect(response.header("ETag") == "\"sha256:\(digest)\"")
            #expect(response.header("Cache-Control") == "public, max-age=31536000, immutable")
            #expect(response.header("Docker-Content-Digest") == "sha256:\(digest)")
            #expect(response.header("Repr-Digest")?.hasPrefix("sha-256=:") == true)
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Accept-Ranges") == "bytes")
            #expect(response.header("Content-Type") == "application/octet-stream")
            #expect(response.header("Connection") == nil)
        }
        let markdown = try connection.request("GET", "/api/v1/blob/\(live.version.id)")
        #expect(markdown.header("Content-Type") == "text/markdown; charset=utf-8")
        #expect(BlobDigest(of: markdown.body).id == live.version.id)
        let manifest = try connection.request("GET", "/api/v1/blob/\(live.version.manifest)")
        #expect(manifest.header("Content-Type") == "application/json")
    }

    @Test func headSendsTheHeadersAndNoBody() throws {
        let live = try Live()
        let connection = try live.connect()
        let head = try connection.request("HEAD", "/api/v1/blob/\(live.id(of: "references/data.bin"))")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "2048")
        #expect(head.header("ETag") != nil)
        // Had a body been sent, it would be read here as the next response.
        let next = try connection.request("GET", "/healthz")
        #expect(next.status == 200)
        #expect(String(decoding: next.body, as: UTF8.self) == "{\"status\":\"ok\"}\n")
    }

    @Test func badAndUnknownIdsAndOtherMethods() throws {
        let live = try Live()
        let connection = try live.connect()
        for bad in ["zz", "0123456789abcde", "0123456789abcdef0", "sha256:0123"] {
            let response = try connection.request("GET", "/api/v1/blob/\(bad)")
            #expect(response.status == 400, "\(bad)")
            #expect(String(decoding: response.body, as: UTF8.self).contains("\"code\":\"DIGEST_INVALID\""))
        }
        let unknown = try connection.request("GET", "/api/v1/blob/0000000000000000")
        #expect(unknown.status == 404)
        #expect(unknown.header("Cache-Control") == "no-store")
        #expect(String(decoding: unknown.body, as: UTF8.self).contains("\"code\":\"BLOB_UNKNOWN\""))
        for method in ["POST", "PUT", "DELETE"] {
            let response = try connection.request(method, "/api/v1/blob/\(live.version.id)")
            #expect(response.status == 405, "\(method)")
            #expect(response.header("Allow") == "GET, HEAD")
        }
    }

    @Test func conditionalRequestsGetNotModified() throws {
        let live = try Live()
        let connection = try live.connect()
        let path = "/api/v1/blob/\(live.id(of: "references/data.bin"))"
        let etag = "\"sha256:\(live.sha(of: "references/data.bin"))\""
        for condition in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
            let response = try connection.request("GET", path, headers: [("If-None-Match", condition)])
            #expect(response.status == 304, "\(condition)")
            #expect(response.header("ETag") == etag)
            #expect(response.header("Cache-Control") == "public, max-age=31536000, immutable")
            #expect(response.body.isEmpty)
        }
        let other = try connection.request("GET", path, headers: [("If-None-Match", "\"sha256:0000\"")])
        #expect(other.status == 200)
        #expect(other.body == live.data)
        // A header sent twice is one list (RFC 9110 5.3): the ETag in the
        // second line, or among many other headers, still matches.
        let repeated = try connection.request(
            "GET", path, headers: [("If-None-Match", "\"sha256:0000\""), ("if-none-match", etag)])
        #expect(repeated.status == 304)
        let crowded = try connection.request(
            "GET", path, headers: (0..<40).map { ("X-Filler-\($0)", "\($0)") } + [("If-None-Match", etag)])
        #expect(crowded.status == 304)
    }

    @Test func rangesOfA2048ByteBlob() throws {
        let live = try Live()
        let connection = try live.connect()
        let path = "/api/v1/blob/\(live.id(of: "references/data.bin"))"
        let cases: [(String, Range<Int>)] = [
            ("bytes=0-99", 0..<100), ("bytes=2000-", 2000..<2048), ("bytes=-48", 2000..<2048),
            ("bytes=2000-99999", 2000..<2048), ("bytes=2047-2047", 2047..<2048), ("bytes=-5000", 0..<2048),
            ("bytes=2047-99999999999999999999", 2047..<2048), ("bytes=-99999999999999999999", 0..<2048),
        ]
        for (range, expected) in cases {
            let response = try connection.request("GET", path, headers: [("Range", range)])
            #expect(response.status == 206, "\(range)")
            #expect(response.header("Content-Range") == "bytes \(expected.lowerBound)-\(expected.upperBound - 1)/2048", "\(range)")
            #expect(response.body == Array(live.data[expected]), "\(range)")
        }
        for range in ["bytes=2048-", "bytes=9000-9999", "bytes=-0", "bytes=99999999999999999999-"] {
            let response = try connection.request("GET", path, headers: [("Range", range)])
            #expect(response.status == 416, "\(range)")
            #expect(response.header("Content-Range") == "bytes */2048", "\(range)")
        }
        let etag = "\"sha256:\(live.sha(of: "references/data.bin"))\""
        let matching = try connection.request("GET", path, headers: [("Range", "bytes=0-9"), ("If-Range", etag)])
        #expect(matching.status == 206)
        #expect(matching.body == Array(live.data[0..<10]))
        for stale in ["\"sha256:other\"", "Sat, 01 Jan 2000 00:00:00 GMT"] {
            let response = try connection.request("GET", path, headers: [("Range", "bytes=0-9"), ("If-Range", stale)])
            #expect(response.status == 200, "\(stale)")
            #expect(response.body == live.data)
        }
    }

    @Test func theEmptyBlob() throws {
        let live = try Live()
        let connection = try live.connect()
        let path = "/api/v1/blob/\(live.id(of: "references/empty.txt"))"
        #expect(live.id(of: "references/empty.txt") == "e3b0c44298fc1c14")
        let response = try connection.request("GET", path)
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "0")
        #expect(response.body.isEmpty)
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        let range = try connection.request("GET", path, headers: [("Range", "bytes=0-")])
        #expect(range.status == 416)
        #expect(range.header("Content-Range") == "bytes */0")
    }

    @Test func keepAliveServesTwoRequestsOnOneConnection() throws {
        let live = try Live()
        let connection = try live.connect()
        let first = try connection.request("GET", "/api/v1/blob/\(live.version.id)")
        let second = try connection.request("GET", "/api/v1/blob/\(live.id(of: "references/data.bin"))")
        #expect(first.status == 200 && second.status == 200)
        #expect(first.header("Connection") == nil && second.header("Connection") == nil)
        #expect(second.body == live.data)
    }

    // MARK: Publishing

    private func bundle(_ name: String, frontMatter: String? = nil) -> [UInt8] {
        let markdown = frontMatter ?? "name: \(name)\ndescription: Published over HTTP.\nversion: \"2.0\""
        return TarArchive.write([
            TarArchive.Entry(path: "\(name)/SKILL.md", bytes: Array("---\n\(markdown)\n---\n\n# Title\n\nText.\n".utf8), executable: false),
            TarArchive.Entry(path: "\(name)/scripts/go.sh", bytes: Array("#!/bin/sh\n".utf8), executable: true),
        ])
    }

    private func post(_ connection: RawHTTPConnection, _ body: [UInt8], token: String?) throws -> RawHTTPConnection.Response {
        var headers = [("Content-Type", "application/x-tar")]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        return try connection.request("POST", "/api/v1/skills", headers: headers, body: body)
    }

    @Test func publishingNeedsAGoodTokenWithinItsScope() throws {
        let live = try Live()
        let before = try live.versionCount()
        let none = try post(live.connect(), bundle("team-alpha"), token: nil)
        #expect(none.status == 401)
        #expect(none.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
        let bad = try post(live.connect(), bundle("team-alpha"), token: "sks_not-a-token")
        #expect(bad.status == 401)
        let outside = try post(live.connect(), bundle("other-alpha"), token: live.secret)
        #expect(outside.status == 403)
        #expect(String(decoding: outside.body, as: UTF8.self).contains("token-scope"))
        #expect(try live.versionCount() == before)

        let good = try post(live.connect(), bundle("team-alpha"), token: live.secret)
        #expect(good.status == 201, "\(String(decoding: good.body, as: UTF8.self))")
        let reply = try APIJSON.decode(PublishReply.self, from: Data(good.body))
        #expect(reply.published.map(\.name) == ["team-alpha"])
        #expect(reply.published.first?.status == .new)
        #expect(try live.versionCount() == before + 1)
        let stored = try SkillStore(path: live.server.options.databasePath, create: false).version(of: "team-alpha")
        #expect(stored.publishedBy == "token:team")
        #expect(stored.files.first { $0.path == "scripts/go.sh" }?.executable == true)
    }

    @Test func anOversizedBodyIsRefusedAndNothingIsStored() throws {
        let live = try Live { $0.http.maxBody = 4096 }
        let before = try live.versionCount()
        var big = bundle("team-big")
        big += [UInt8](repeating: 0, count: 20_000)
        let connection = try live.connect()
        var headers = "POST /api/v1/skills HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-tar\r\n"
        headers += "Authorization: Bearer \(live.secret)\r\nContent-Length: \(big.count)\r\n\r\n"
        try connection.send(Array(headers.utf8))
        try? connection.send(big)  // the server may stop reading once it has answered
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(String(decoding: response.body, as: UTF8.self).contains("PAYLOAD_TOO_LARGE"))
        #expect(try live.versionCount() == before)
    }

    @Test func aBodyIsRefusedBeforeItIsReadWhenTheTokenIsMissingOrTheLengthTooLarge() throws {
        let live = try Live { $0.http.maxBody = 4096 }
        // Only the headers are sent: an answer proves the body was not awaited.
        for (headers, status) in [
            ("Content-Type: application/x-tar\r\nContent-Length: 50000000\r\n", 413),
            ("Content-Type: application/x-tar\r\nContent-Length: 2000\r\n", 401),
            ("Content-Type: application/x-tar\r\nAuthorization: Bearer sks_wrong\r\nContent-Length: 2000\r\n", 401),
            ("Content-Type: text/plain\r\nAuthorization: Bearer \(live.secret)\r\nContent-Length: 2000\r\n", 415),
        ] {
            let connection = try RawHTTPConnection(port: live.server.port, timeout: 5)
            try connection.send(Array("POST /api/v1/skills HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n".utf8))
            #expect(try connection.readResponse().status == status, "\(headers)")
        }
    }

    @Test func aBundleWithAYAMLErrorIsRefusedNamingTheLine() throws {
        let live = try Live()
        let before = try live.versionCount()
        let broken = bundle("team-broken", frontMatter: "name: team-broken\ndescription: [unclosed\nversion: \"1\"")
        let response = try post(live.connect(), broken, token: live.secret)
        #expect(response.status == 400)
        let error = try APIJSON.decode(ErrorBody.self, from: Data(response.body)).error
        #expect(error.code == "BUNDLE_INVALID")
        let diagnostic = try #require(error.diagnostics?.first)
        #expect(diagnostic.path == "team-broken/SKILL.md")
        #expect(diagnostic.location?.line == 3)
        #expect(try live.versionCount() == before)
    }

    // MARK: Connections

    @Test func aClientThatSendsNothingIsDroppedAfterTheIdleTimeout() throws {
        let live = try Live { $0.http.idleTimeout = 1 }
        let silent = try live.connect()
        let started = Date()
        #expect(silent.closedByServer(within: 6))
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.5, "closed after \(waited) s, before the 1 s timeout")
        // The server itself is fine.
        #expect(try live.connect().request("GET", "/healthz").status == 200)
    }

    @Test func searchRunsOffTheNetworkThreadsAndBlobsDoNot() throws {
        let live = try Live()
        #expect(!live.server.router.isQuick(HTTPRequest(method: "GET", path: "/api/v1/search", query: ["q": "x"])))
        #expect(!live.server.router.isQuick(HTTPRequest(method: "POST", path: "/api/v1/skills")))
        #expect(live.server.router.isQuick(HTTPRequest(method: "GET", path: "/api/v1/blob/\(live.version.id)")))
    }

    /// A responder whose `/slow` takes `delay` seconds, answered off the network thread.
    struct SlowResponder: Responder {
        let delay: Double
        func respond(to request: HTTPRequest) -> HTTPResponse {
            if request.path == "/slow" { Thread.sleep(forTimeInterval: delay) }
            return .text(request.path)
        }
        func isQuick(_ request: HTTPRequest) -> Bool { request.path != "/slow" }
    }

    @Test func aSlowRequestDoesNotDelayABlobOnAnotherConnection() throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        configuration.threads = 1  // one network thread: were the slow request on it, everything would wait
        let server = HTTPServer(configuration, responder: SlowResponder(delay: 2))
        try server.start()
        defer { server.stop(grace: 3) }
        let slow = try RawHTTPConnection(port: server.port)
        try slow.send(Array("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        Thread.sleep(forTimeInterval: 0.2)  // the slow request is now running
        let started = Date()
        let quick = try RawHTTPConnection(port: server.port).request("GET", "/blob")
        let elapsed = Date().timeIntervalSince(started)
        #expect(quick.status == 200)
        #expect(elapsed < 0.5, "a quick request waited \(elapsed) s behind a slow one")
        #expect(try slow.readResponse().status == 200)
    }

    @Test func stoppingFinishesTheRequestsInFlight() throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        let server = HTTPServer(configuration, responder: SlowResponder(delay: 0.5))
        try server.start()
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send(Array("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        Thread.sleep(forTimeInterval: 0.1)
        let stopped = Thread { server.stop(grace: 5) }
        stopped.start()
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "/slow")
    }

    @Test func stoppingWithRequestsStillQueuedAnswersThem503AndDoesNotAbort() throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        configuration.workers = 1
        let server = HTTPServer(configuration, responder: SlowResponder(delay: 1))
        try server.start()
        let connections = try (0..<3).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in connections {
            try connection.send(Array("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        }
        Thread.sleep(forTimeInterval: 0.2)  // one runs, two wait for the one worker
        server.stop(grace: 0.1)  // libmicrohttpd aborts the process if stopped with a connection suspended
        let statuses = connections.compactMap { try? $0.readResponse().status }.sorted()
        #expect(statuses == [200, 503, 503])
    }

    @Test func metricsCountRequestsByRouteAndStatus() throws {
        let live = try Live()
        let connection = try live.connect()
        _ = try connection.request("GET", "/api/v1/blob/\(live.version.id)")
        _ = try connection.request("GET", "/api/v1/blob/0000000000000000")
        Thread.sleep(forTimeInterval: 0.1)  // completion is recorded just after the last byte
        let metrics = String(decoding: try connection.request("GET", "/metrics").body, as: UTF8.self)
        #expect(metrics.contains("skillstore_http_requests_total{method=\"GET\",route=\"/api/v1/blob/{id}\",status=\"200\"} 1"))
        #expect(metrics.contains("skillstore_http_requests_total{method=\"GET\",route=\"/api/v1/blob/{id}\",status=\"404\"} 1"))
        #expect(metrics.contains("skillstore_http_request_duration_seconds_count"))
        #expect(metrics.contains("skillstore_http_response_bytes_total"))
    }

    @Test(.enabled(if: Seeds.available, Seeds.skipReason))
    func theServedTextFormOfASeedSkillIsByteIdentical() throws {
        let seeds = Seeds.folder
        let live = try Live()
        let store = try SkillStore(path: live.server.options.databasePath, create: false)
        var options = PublishOptions()
        options.version = "git:20261019.5ff724cA"
        _ = try store.publish(try SkillSource.discover([seeds.appendingPathComponent("duo-ergonomics").path]), options: options)
        let response = try live.connect().request("GET", "/api/v1/skills/duo-ergonomics")
        #expect(response.status == 200)
        let expected = try Data(contentsOf: seeds.appendingPathComponent("served/duo-ergonomics.txt"))
        #expect(Data(response.body) == expected)
    }
}
