import Foundation
@testable import BlobServer
import FuzzSupport
@testable import SkillStore

/// A request as the transport hands it to the routes, read from the input
/// as HTTP/1.1 text: `METHOD PATH[?QUERY]`, header lines, a blank line, the
/// body. The query is decoded the way libmicrohttpd decodes it (`+` and
/// percent escapes). Every answer must be a status a client can read; a
/// 500 is a finding, since it means a route failed on what it was sent.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRouter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let (head, body) = text.range(of: "\n\n").map { (text[..<$0.lowerBound], text[$0.upperBound...]) } ?? (text[...], "")
    var lines = head.split(separator: "\n", omittingEmptySubsequences: false)
    guard !lines.isEmpty else { return 0 }
    let requestLine = lines.removeFirst()
    let method = requestLine.prefix { $0 != " " }
    let target = requestLine.drop { $0 != " " }.dropFirst()
    let path = target.prefix { $0 != "?" }
    let queryText = target.drop { $0 != "?" }.dropFirst()

    var query: [String: String] = [:]
    for pair in queryText.split(separator: "&") {
        let name = pair.prefix { $0 != "=" }
        let value = pair.drop { $0 != "=" }.dropFirst()
        query[decoded(name)] = decoded(value)
    }
    var fields: [(name: String, value: String)] = []
    for line in lines {
        guard let colon = line.firstIndex(of: ":") else { continue }
        fields.append((line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    var request = HTTPRequest(
        method: String(method), path: decoded(path), query: query, fields: fields, remoteAddress: "127.0.0.1")
    request.body = Array(body.utf8)

    let router = server.router
    if let quick = router.quickResponse(to: request) {
        precondition(quick.status != 500, "the quick path answered 500 to \(text.debugDescription)")
    }
    let response = router.respond(to: request)
    precondition((100..<600).contains(response.status), "status \(response.status)")
    precondition(response.status != 500, "answered 500 to \(text.debugDescription)")
    return 0
}

/// libmicrohttpd's decoding of a query name or value: `+` is a space,
/// `%XX` a byte; a malformed escape is kept as written.
private func decoded(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
}

/// The server of the shared store, never started: its router is called
/// directly. Blobs are kept in memory (no spool folder).
private let server: SkillStoreServer = {
    var options = SkillStoreServer.Options(databasePath: FuzzStore.shared.databasePath)
    options.spoolBytes = 0
    do { return try SkillStoreServer(options) } catch { fatalError("cannot open the fuzzing server: \(error)") }
}()
