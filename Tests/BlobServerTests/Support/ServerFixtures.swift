import Foundation
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// A temporary folder holding a fresh database, skills written there and
/// published into it, and a `SkillStoreServer` on that database that is
/// never started: tests call its router, with no network in between.
final class ServerFixture {
    let folder: URL
    /// A connection of the test's own, for publishing and for the answers
    /// the server's must equal.
    let store: SkillStore
    let server: SkillStoreServer

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("blobserver-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("store.db").path
        store = try SkillStore(path: path)
        var options = SkillStoreServer.Options(databasePath: path)
        server = try SkillStoreServer(options)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var databasePath: String { folder.appendingPathComponent("store.db").path }

    // MARK: Files and skills

    /// Writes `bytes` below the fixture folder and returns the file's path.
    @discardableResult
    func write(_ path: String, bytes: [UInt8], executable: Bool = false) throws -> String {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: url.path)
        return url.path
    }

    @discardableResult
    func write(_ path: String, _ text: String, executable: Bool = false) throws -> String {
        try write(path, bytes: Array(text.utf8), executable: executable)
    }

    /// The SKILL.md text `skill` writes.
    static func skillMarkdown(_ name: String, version: String? = "1.0", body: String = "# Title\n\nText.\n") -> String {
        let versionLine = version.map { "version: \"\($0)\"\n" } ?? ""
        return "---\nname: \(name)\ndescription: A skill for tests.\n\(versionLine)---\n\n\(body)"
    }

    /// Writes `<name>/SKILL.md` and returns the folder's path.
    @discardableResult
    func skill(_ name: String, version: String? = "1.0", body: String = "# Title\n\nText.\n") throws -> String {
        try write("\(name)/SKILL.md", Self.skillMarkdown(name, version: version, body: body))
        return folder.appendingPathComponent(name).path
    }

    /// Publishes through the store's own API, as `skillctl publish` does.
    @discardableResult
    func publish(_ paths: [String], version: String? = nil) throws -> PublishReport {
        var options = PublishOptions()
        options.publisher = "tester"
        options.version = version
        return try store.publish(try SkillSource.discover(paths), options: options)
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
