import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// GET /api/v1/blob/{id}: exact bytes, immutable headers, conditional
/// and range requests.
///
/// A skill whose bundle holds a 2,048-byte file, an empty file and a
/// script, published with the store's API; each test gets its own.
@Suite struct BlobRouteTests {
    static let size = 2048
    let fixture: ServerFixture
    /// references/data.bin
    let data: [UInt8] = (0..<BlobRouteTests.size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 256) }
    let script = Array("#!/bin/sh\necho folded\n".utf8)
    let version: SkillVersion

    init() throws {
        fixture = try ServerFixture()
        let folder = try fixture.skill("blob-skill")
        try fixture.write("blob-skill/references/data.bin", bytes: data)
        try fixture.write("blob-skill/references/empty.txt", bytes: [])
        try fixture.write("blob-skill/scripts/run.sh", bytes: script, executable: true)
        try fixture.publish([folder])
        version = try fixture.store.version(of: "blob-skill")
    }

    var dataHex: String { BlobDigest(of: data).hex }
    var dataID: String { String(dataHex.prefix(16)) }
    var dataETag: String { "\"sha256:\(dataHex)\"" }
    var emptyID: String { BlobDigest(of: [UInt8]()).id.hex }

    func blob(_ id: String, _ headers: [String: String] = [:], method: String = "GET") -> HTTPResponse {
        fixture.request(method, "/api/v1/blob/\(id)", headers: headers)
    }

    /// The headers docs/api.md lists for 200, 206 and 304, as `Name: value` lines.
    func immutableHeaders(hex: String) -> [String] {
        [
            "ETag: \"sha256:\(hex)\"",
            "Cache-Control: public, max-age=31536000, immutable",
            "Docker-Content-Digest: sha256:\(hex)",
            "Repr-Digest: sha-256=:\(Data(digestBytes(hex: hex)).base64EncodedString()):",
            "X-Content-Type-Options: nosniff",
            "Accept-Ranges: bytes",
        ]
    }

    func lines(_ response: HTTPResponse) -> [String] {
        response.headers.map { "\($0.0): \($0.1)" }.sorted()
    }

    @Test func aBlobIsItsExactBytesWithHeadersThatNeverChange() {
        let response = blob(dataID)
        #expect(response.status == 200)
        #expect(response.bodyBytes == data)
        #expect(response.bodyBytes.count == 2048)
        #expect(lines(response) == (immutableHeaders(hex: dataHex) + ["Content-Type: application/octet-stream"]).sorted())
        #expect(response.route == "/api/v1/blob/{id}")
    }

    @Test func reprDigestIsTheBase64OfTheRawDigestBetweenColons() throws {
        let value = try #require(blob(dataID).header("Repr-Digest"))
        #expect(value.hasPrefix("sha-256=:") && value.hasSuffix(":"))
        let base64 = String(value.dropFirst("sha-256=:".count).dropLast())
        let raw = try #require(Data(base64Encoded: base64))
        #expect(raw.count == 32)
        #expect(raw.map { String(format: "%02x", $0) }.joined() == dataHex)
    }

    @Test func theContentTypeComesFromThePathTheBlobWasPublishedUnder() throws {
        let run = try #require(version.files.first { $0.path == "scripts/run.sh" })
        let empty = try #require(version.files.first { $0.path == "references/empty.txt" })
        let expected: [(String, String)] = [
            (version.id.hex, "text/markdown; charset=utf-8"),  // SKILL.md
            (version.manifest.hex, "application/json"),
            (run.id.hex, "text/x-shellscript; charset=utf-8"),
            (empty.id.hex, "text/plain; charset=utf-8"),
            (dataID, "application/octet-stream"),
        ]
        for (id, type) in expected {
            let response = blob(id)
            #expect(response.status == 200, "\(id)")
            #expect(response.header("Content-Type") == type, "\(id)")
        }
        #expect(blob(run.id.hex).bodyBytes == script)
    }

    @Test func headAnswersWithTheStatusAndHeadersOfGet() {
        let get = blob(dataID)
        let head = blob(dataID, method: "HEAD")
        #expect(head.status == 200)
        #expect(lines(head) == lines(get))
    }

    @Test(arguments: ["16 hex", "64 hex", "sha256:64 hex", "64 HEX", "SHA256:64 HEX"])
    func everyFormOfTheIdGivesTheSameBytes(form: String) {
        let id = switch form {
        case "16 hex": dataID
        case "64 hex": dataHex
        case "sha256:64 hex": "sha256:\(dataHex)"
        case "64 HEX": dataHex.uppercased()
        default: "SHA256:\(dataHex.uppercased())"
        }
        let response = blob(id)
        #expect(response.status == 200)
        #expect(response.bodyBytes == data)
        #expect(response.header("ETag") == dataETag)
    }

    @Test func aFullDigestWhoseFirst16HexMatchButRestDiffersIsUnknown() {
        let impostor = dataID + String(repeating: dataHex.hasSuffix("0") ? "1" : "0", count: 48)
        #expect(impostor != dataHex)
        for id in [impostor, "sha256:\(impostor)"] {
            let response = blob(id)
            #expect(response.status == 404, "\(id)")
            #expect(response.errorDetail?.code == "BLOB_UNKNOWN", "\(id)")
            #expect(response.header("ETag") == nil)
        }
        // Served once, the real blob is cached; the impostor still is not it.
        #expect(blob(dataID).status == 200)
        #expect(blob(impostor).status == 404)
    }

    @Test(arguments: [
        "zz", "0123456789abcde", "0123456789abcdef0", "sha256:" + String(repeating: "a", count: 63),
        "sha256:" + String(repeating: "a", count: 65), "sha512:" + String(repeating: "a", count: 64),
        "0123456789abcdeg",
    ])
    func anIdOfAnotherShapeIs400DigestInvalid(id: String) {
        let response = blob(id)
        #expect(response.status == 400)
        #expect(response.errorDetail?.code == "DIGEST_INVALID")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("Content-Type") == "application/json")
    }

    @Test func anIdTheStoreDoesNotHoldIs404BlobUnknownAndNotCached() {
        let response = blob("0123456789abcdef")
        #expect(response.status == 404)
        #expect(response.errorDetail?.code == "BLOB_UNKNOWN")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("ETag") == nil)
    }

    @Test(arguments: ["exact", "weak", "list", "star"])
    func ifNoneMatchHoldingTheETagIs304WithNoBody(form: String) {
        let condition = switch form {
        case "exact": dataETag
        case "weak": "W/\(dataETag)"
        case "list": "\"sha256:\(String(repeating: "0", count: 64))\", \(dataETag) , \"other\""
        default: "*"
        }
        let response = blob(dataID, ["If-None-Match": condition])
        #expect(response.status == 304)
        #expect(response.bodyBytes.isEmpty)
        #expect(lines(response) == immutableHeaders(hex: dataHex).sorted())
    }

    @Test func ifNoneMatchWithOtherTagsIsTheWholeBlob() {
        let response = blob(dataID, ["If-None-Match": "\"sha256:\(String(repeating: "0", count: 64))\", W/\"x\""])
        #expect(response.status == 200)
        #expect(response.bodyBytes == data)
    }

    @Test func ifNoneMatchIsCheckedBeforeRange() {
        let response = blob(dataID, ["If-None-Match": dataETag, "Range": "bytes=0-9"])
        #expect(response.status == 304)
        #expect(response.header("Content-Range") == nil)
    }

    @Test(arguments: [
        ("bytes=0-99", 0..<100),
        ("bytes=2000-", 2000..<2048),
        ("bytes=-48", 2000..<2048),
        ("bytes=2000-99999", 2000..<2048),
        ("bytes=2047-2047", 2047..<2048),
        ("bytes=-4096", 0..<2048),
    ])
    func oneRangeIs206WithThatSlice(header: String, range: Range<Int>) {
        let response = blob(dataID, ["Range": header])
        #expect(response.status == 206)
        #expect(response.header("Content-Range") == "bytes \(range.lowerBound)-\(range.upperBound - 1)/2048")
        #expect(response.bodyBytes == Array(data[range]))
        #expect(response.header("Content-Type") == "application/octet-stream")
        #expect(response.header("ETag") == dataETag)
        #expect(response.header("Accept-Ranges") == "bytes")
    }

    @Test(arguments: ["bytes=2048-", "bytes=5000-6000", "bytes=-0"])
    func aRangeNoByteOfTheBlobIsInIs416(header: String) {
        let response = blob(dataID, ["Range": header])
        #expect(response.status == 416)
        #expect(response.header("Content-Range") == "bytes */2048")
        #expect(response.errorDetail?.code == "RANGE_NOT_SATISFIABLE")
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test(arguments: ["bytes=0-1,5-6", "items=0-9", "bytes=abc", "bytes=9-3", "bytes=-"])
    func severalRangesAnotherUnitOrAMalformedRangeIsTheWholeBlob(header: String) {
        let response = blob(dataID, ["Range": header])
        #expect(response.status == 200)
        #expect(response.bodyBytes == data)
        #expect(response.header("Content-Range") == nil)
    }

    @Test func ifRangeWithTheETagHonoursTheRange() {
        let response = blob(dataID, ["Range": "bytes=0-99", "If-Range": dataETag])
        #expect(response.status == 206)
        #expect(response.bodyBytes == Array(data[0..<100]))
    }

    @Test(arguments: ["other tag", "weak", "date"])
    func ifRangeWithAnotherTagAWeakTagOrADateIsTheWholeBlob(form: String) {
        let condition = switch form {
        case "other tag": "\"sha256:\(String(repeating: "0", count: 64))\""
        case "weak": "W/\(dataETag)"  // If-Range compares strongly
        default: "Wed, 21 Oct 2015 07:28:00 GMT"
        }
        let response = blob(dataID, ["Range": "bytes=0-99", "If-Range": condition])
        #expect(response.status == 200)
        #expect(response.bodyBytes == data)
        #expect(response.header("Content-Range") == nil)
    }

    @Test func theEmptyBlobIsServedAsZeroBytes() {
        let response = blob(emptyID)
        #expect(response.status == 200)
        #expect(response.bodyBytes.isEmpty)
        #expect(response.header("ETag") == "\"sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\"")
        #expect(response.header("Repr-Digest") == "sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:")
    }

    @Test(arguments: ["bytes=0-", "bytes=0-0", "bytes=-5"])
    func anyRangeOfTheEmptyBlobIs416(header: String) {
        let response = blob(emptyID, ["Range": header])
        #expect(response.status == 416)
        #expect(response.header("Content-Range") == "bytes */0")
    }

    @Test func aBlobThatNoLongerMatchesItsDigestIsA500NeverItsBytes() throws {
        try fixture.store.database.query("UPDATE blobs SET content = x'00' WHERE id = ?", [.text(dataID)])
        let response = blob(dataID)
        #expect(response.status == 500)
        #expect(response.errorDetail?.code == "INTERNAL")
        #expect(response.header("ETag") == nil)
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test(arguments: ["POST", "DELETE", "PUT", "PATCH"])
    func aBlobCannotBeWritten(method: String) {
        let response = blob(dataID, method: method)
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        #expect(response.errorDetail?.code == "METHOD_NOT_ALLOWED")
    }
}
