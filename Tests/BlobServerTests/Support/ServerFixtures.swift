import Foundation
import TestSupport
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// A fresh store with a `SkillStoreServer` on its database that is never
/// started: tests call its router, with no network in between. The store is
/// a connection of the test's own, for publishing and for the answers the
/// server's must equal.
final class ServerFixture: StoreFixture {
    /// Opened after the store, which creates and migrates the database.
    private(set) var server: SkillStoreServer!

    /// `configure` sets the server's options beyond the database (say, `refuseRisky`).
    init(_ configure: (inout SkillStoreServer.Options) -> Void = { _ in }) throws {
        try super.init()
        var options = SkillStoreServer.Options(databasePath: databasePath)
        configure(&options)
        server = try SkillStoreServer(options)
    }

    /// The SKILL.md text `skill` writes.
    static func skillMarkdown(_ name: String, version: String? = "1.0", body: String = "# Title\n\nText.\n") -> String {
        SkillMarkdown.minimal(name, version: version, body: body)
    }

    // MARK: Requests

    func request(
        _ method: String, _ path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: [UInt8] = []
    ) -> HTTPResponse {
        server.router.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers, body: body))
    }

    func get(_ path: String, query: [String: String] = [:], headers: [String: String] = [:]) -> HTTPResponse {
        request("GET", path, query: query, headers: headers)
    }

    /// A publish request carrying `archive` as a tar stream.
    func post(
        archive: [UInt8], token: String?, query: [String: String] = [:], contentType: String = "application/x-tar"
    ) -> HTTPResponse {
        var headers = ["Content-Type": contentType]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return request("POST", "/api/v1/skills", query: query, headers: headers, body: archive)
    }
}

// MARK: Reading answers

extension HTTPResponse {
    /// The JSON body as `T`, decoded the way `skillctl --server` decodes it.
    func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        try APIJSON.decode(type, from: Data(bodyBytes))
    }

    /// The body of an error answer.
    var errorDetail: ErrorBody.Detail? { try? decoded(ErrorBody.self).error }

    var text: String { String(decoding: bodyBytes, as: UTF8.self) }

    /// Header names in order, for checking that nothing else is sent.
    var headerNames: [String] { headers.map(\.0) }
}

/// Archives for the publish route, made with the library's own writer.
enum Tar {
    static func archive(_ files: [(path: String, text: String)]) -> [UInt8] {
        TarArchive.write(files.map { TarArchive.Entry(path: $0.path, bytes: Array($0.text.utf8), executable: false) })
    }

    /// One skill folder `<name>/SKILL.md`.
    static func skill(_ name: String, version: String? = "1.0", body: String = "# Title\n\nText.\n") -> [UInt8] {
        archive([("\(name)/SKILL.md", ServerFixture.skillMarkdown(name, version: version, body: body))])
    }
}

/// 64 lowercase hex characters as the 32 bytes they spell, worked out here
/// rather than by the code under test.
func digestBytes(hex: String) -> [UInt8] {
    let characters = Array(hex.utf8)
    return stride(from: 0, to: characters.count, by: 2).map {
        UInt8(String(decoding: characters[$0..<$0 + 2], as: UTF8.self), radix: 16)!
    }
}
