import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// The routes of docs/api.md, called through the router of a server that is
/// never started: status, headers and bodies exactly as the transport would
/// send them (for HEAD the transport drops the body; the router does not).
@Suite struct RouterTests {
    @Test func anUnknownPathIs404NotFoundAsJSON() throws {
        let fixture = try ServerFixture()
        let response = fixture.get("/nowhere")
        #expect(response.status == 404)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.errorDetail?.code == "NOT_FOUND")
        #expect(response.route == "unmatched")
    }

    @Test func aKnownPathWithAnotherMethodIs405ListingTheMethodsItTakes() throws {
        let fixture = try ServerFixture()
        let collection = fixture.request("DELETE", "/api/v1/skills")
        #expect(collection.status == 405)
        #expect(collection.header("Allow") == "GET, HEAD, POST")
        #expect(collection.errorDetail?.code == "METHOD_NOT_ALLOWED")
        let one = fixture.request("POST", "/api/v1/skills/some-skill")
        #expect(one.status == 405)
        #expect(one.header("Allow") == "GET, HEAD")
    }

    @Test func everyGetRouteAnswersHeadAlike() throws {
        let fixture = try ServerFixture()
        try fixture.publish([try fixture.skill("head-skill")])
        for path in ["/api/v1/skills", "/api/v1/skills/head-skill", "/api/v1/skills/head-skill/versions", "/healthz"] {
            let get = fixture.get(path)
            let head = fixture.request("HEAD", path)
            #expect(get.status == 200, "\(path)")
            #expect(head.status == get.status, "\(path)")
            #expect(head.headerNames == get.headerNames, "\(path)")
            #expect(head.header("Content-Type") == get.header("Content-Type"), "\(path)")
        }
    }
}

// MARK: - GET /api/v1/blob/{id}

extension RouterTests {
    /// A skill whose bundle holds a 2,048-byte file, an empty file and a
    /// script, published with the store's API; each test gets its own.
    @Suite struct BlobFetching {
        static let size = 2048
        let fixture: ServerFixture
        /// references/data.bin
        let data: [UInt8] = (0..<BlobFetching.size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 256) }
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
        var emptyID: String { BlobDigest(of: [UInt8]()).id }

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
                (version.id, "text/markdown; charset=utf-8"),  // SKILL.md
                (version.manifest, "application/json"),
                (run.id, "text/x-shellscript; charset=utf-8"),
                (empty.id, "text/plain; charset=utf-8"),
                (dataID, "application/octet-stream"),
            ]
            for (id, type) in expected {
                let response = blob(id)
                #expect(response.status == 200, "\(id)")
                #expect(response.header("Content-Type") == type, "\(id)")
            }
            #expect(blob(run.id).bodyBytes == script)
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
}

// MARK: - Skills and versions

extension RouterTests {
    @Suite struct SkillReading {
        let fixture: ServerFixture
        let firstMarkdown = ServerFixture.skillMarkdown("read-skill", version: "1.0", body: "# First\n\nOne.\n")
        let secondMarkdown = ServerFixture.skillMarkdown("read-skill", version: "2.0", body: "# Second\n\nTwo.\n")

        init() throws {
            fixture = try ServerFixture()
            try fixture.write("read-skill/SKILL.md", firstMarkdown)
            try fixture.publish([fixture.folder.appendingPathComponent("read-skill").path])
            try fixture.write("read-skill/SKILL.md", secondMarkdown)
            try fixture.publish([fixture.folder.appendingPathComponent("read-skill").path])
            try fixture.publish([try fixture.skill("another-skill")])
        }

        @Test func theSkillListIsTheStoresSummaries() throws {
            let response = fixture.get("/api/v1/skills")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let skills = try response.decoded([SkillSummary].self)
            #expect(skills == (try fixture.store.skills()))
            #expect(skills.map(\.name) == ["another-skill", "read-skill"])
            #expect(skills.map(\.latestLabel) == ["1.0", "2.0"])
            #expect(skills.map(\.versions) == [1, 2])
        }

        @Test func jsonIsSnakeCaseSortedAndEndsWithANewline() throws {
            let text = fixture.get("/api/v1/skills").text
            #expect(text.hasSuffix("}]\n"))
            #expect(text.contains("\"latest_label\":\"1.0\""))
            #expect(!text.contains("latestLabel"))
        }

        @Test func aSkillIsItsServedTextForm() throws {
            let version = try fixture.store.version(of: "read-skill")
            let response = fixture.get("/api/v1/skills/read-skill")
            #expect(response.status == 200)
            #expect(response.text == "read-skill 2.0\n\nImmutable. This exact content never changes and is served at "
                + "/api/v1/blob/\(version.id).\n\n" + secondMarkdown)
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(response.header("X-Skill-Version") == "2.0")
            #expect(response.header("X-Skill-Blob") == version.id)
            #expect(response.header("Cache-Control") == "no-cache")
            // The id it names serves the bytes after the header.
            #expect(fixture.get("/api/v1/blob/\(version.id)").text == secondMarkdown)
        }

        @Test func acceptingJSONGivesTheVersion() throws {
            let response = fixture.get("/api/v1/skills/read-skill", headers: ["Accept": "application/json"])
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.header("X-Skill-Version") == nil)
            #expect(try response.decoded(SkillVersion.self) == (try fixture.store.version(of: "read-skill")))
        }

        @Test func acceptingTextPlainAsWellGivesTheTextForm() {
            let response = fixture.get("/api/v1/skills/read-skill", headers: ["Accept": "application/json, text/plain"])
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        }

        @Test func versionPicksAnOlderVersion() throws {
            let text = fixture.get("/api/v1/skills/read-skill", query: ["version": "1.0"])
            #expect(text.status == 200)
            #expect(text.text.hasPrefix("read-skill 1.0\n\n"))
            #expect(text.text.hasSuffix(firstMarkdown))
            let json = fixture.get("/api/v1/skills/read-skill", query: ["version": "1.0"], headers: ["Accept": "application/json"])
            #expect(try json.decoded(SkillVersion.self) == (try fixture.store.version(of: "read-skill", label: "1.0")))
        }

        @Test func anUnknownSkillOrLabelIs404() {
            let skill = fixture.get("/api/v1/skills/no-such-skill")
            #expect(skill.status == 404)
            #expect(skill.errorDetail?.code == "NOT_FOUND")
            #expect(skill.errorDetail?.message == "no skill named 'no-such-skill'")
            let label = fixture.get("/api/v1/skills/read-skill", query: ["version": "9.9"])
            #expect(label.status == 404)
            #expect(label.errorDetail?.code == "NOT_FOUND")
        }

        @Test(arguments: ["Read-Skill", "read_skill", "-read", "read--skill", String(repeating: "a", count: 65)])
        func aNameThatIsNotASkillNameIs400NameInvalid(name: String) {
            for path in ["/api/v1/skills/\(name)", "/api/v1/skills/\(name)/versions", "/api/v1/skills/\(name)/rules"] {
                let response = fixture.get(path)
                #expect(response.status == 400, "\(path)")
                #expect(response.errorDetail?.code == "NAME_INVALID", "\(path)")
            }
        }

        @Test func versionsAreNewestFirst() throws {
            let response = fixture.get("/api/v1/skills/read-skill/versions")
            #expect(response.status == 200)
            let versions = try response.decoded([SkillVersion].self)
            #expect(versions == (try fixture.store.versions(of: "read-skill")))
            #expect(versions.map(\.label) == ["2.0", "1.0"])
            #expect(fixture.get("/api/v1/skills/no-such-skill/versions").status == 404)
        }

        @Test func oneVersionByLabel() throws {
            let response = fixture.get("/api/v1/skills/read-skill/versions/1.0")
            #expect(response.status == 200)
            #expect(try response.decoded(SkillVersion.self) == (try fixture.store.version(of: "read-skill", label: "1.0")))
            let unknown = fixture.get("/api/v1/skills/read-skill/versions/7.0")
            #expect(unknown.status == 404)
            #expect(unknown.errorDetail?.code == "NOT_FOUND")
            #expect(unknown.errorDetail?.message == "skill 'read-skill' has no version '7.0'")
        }

        @Test func theManifestIsTheManifestBlobsBytes() throws {
            let version = try fixture.store.version(of: "read-skill", label: "1.0")
            let response = fixture.get("/api/v1/skills/read-skill/versions/1.0/manifest")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            // The blob route's answer for the manifest id, headers and all.
            let blob = fixture.get("/api/v1/blob/\(version.manifest)")
            #expect(response.headers.map { "\($0.0): \($0.1)" }.sorted() == blob.headers.map { "\($0.0): \($0.1)" }.sorted())
            #expect(response.header("ETag") == "\"sha256:\(try fixture.store.blob(.id(version.manifest)).digest.hex)\"")
            #expect(response.bodyBytes == blob.bodyBytes)
            #expect(response.bodyBytes == (try fixture.store.blob(.id(version.manifest)).bytes))
            let manifest = try #require(try JSONSerialization.jsonObject(with: Data(response.bodyBytes)) as? [String: Any])
            #expect(manifest["format"] as? String == "skillstore.bundle.v1")
            #expect(fixture.get("/api/v1/skills/read-skill/versions/7.0/manifest").status == 404)
        }
    }
}

// MARK: - The knowledge graph

extension RouterTests {
    /// `fold-tips` 1.0 with two rules and 2.0 with three, `fold-review`
    /// linking to it, and the source page fold-tips cites.
    @Suite struct GraphReading {
        static func body(extraRule: Bool) -> String {
            """
            # Tips

            *Measured* means we ran it. *Judgement* means advice.

            ## Rules

            1. **Keep it short.** Short rules are read (*judgement*, from experience). See [the guide](https://example.org/guide#Short-rules).
            2. **Measure it.** The hinge bends 3 mm (*measured*) on two phones.
            \(extraRule ? "3. **Say where.** A claim without a place is weak (*unverified*).\n" : "")
            ## Notes

            A line with a [local file](references/x.md#missing) and nothing else.
            """
        }

        let fixture: ServerFixture

        init() throws {
            fixture = try ServerFixture()
            try fixture.write("fold-tips/references/x.md", "# Top\n")
            let guide = try fixture.write("guide.md", "# Guide\n\nIntro.\n\n## Short rules\n\nShort rules are read first.\n")
            _ = try fixture.store.publishSource(url: "https://example.org/guide", path: guide, publisher: "tester")
            try fixture.publish([try fixture.skill("fold-tips", version: "1.0", body: Self.body(extraRule: false))])
            try fixture.publish([try fixture.skill("fold-tips", version: "2.0", body: Self.body(extraRule: true))])
            try fixture.publish([try fixture.skill(
                "fold-review", body: "# Review\n\nCheck screens against `fold-tips` rules R1 and R2.\n")])
        }

        func latest() throws -> SkillVersion { try fixture.store.version(of: "fold-tips") }
        func first() throws -> SkillVersion { try fixture.store.version(of: "fold-tips", label: "1.0") }

        @Test func rulesAreTheStoresRuleEntries() throws {
            let response = fixture.get("/api/v1/skills/fold-tips/rules")
            #expect(response.status == 200)
            let rules = try response.decoded([RuleEntry].self)
            #expect(rules == (try fixture.store.ruleEntries(of: try latest())))
            #expect(rules.map(\.id) == ["R1", "R2", "R3"])
            #expect(rules.map(\.address) == ["fold-tips#R1", "fold-tips#R2", "fold-tips#R3"])
            #expect(rules[1].labels.contains("measured"))
        }

        @Test func versionPicksTheGraphOfAnOlderVersion() throws {
            let rules = try fixture.get("/api/v1/skills/fold-tips/rules", query: ["version": "1.0"]).decoded([RuleEntry].self)
            #expect(rules == (try fixture.store.ruleEntries(of: try first())))
            #expect(rules.map(\.id) == ["R1", "R2"])
            let claims = fixture.get("/api/v1/skills/fold-tips/claims", query: ["version": "1.0", "rule": "R3"])
            #expect(claims.status == 404)
            #expect(fixture.get("/api/v1/skills/fold-tips/links", query: ["version": "0.1"]).status == 404)
        }

        @Test func diffIsTheStoresClaimLevelChanges() throws {
            let response = fixture.get("/api/v1/skills/fold-tips/diff", query: ["from": "1.0", "to": "2.0"])
            #expect(response.status == 200, "\(response.text)")
            let changes = try response.decoded([GraphChange].self)
            #expect(changes == (try fixture.store.changes(of: "fold-tips", from: "1.0", to: "2.0")))
            #expect(changes.contains { $0.kind == .ruleAdded })
            #expect(fixture.get("/api/v1/skills/fold-tips/diff", query: ["from": "1.0"]).status == 400)
            #expect(fixture.get("/api/v1/skills/fold-tips/diff", query: ["from": "1.0", "to": "9.9"]).status == 404)
        }

        @Test func versionsOfABlobAreThoseWhoseSkillOrManifestItIs() throws {
            let old = try first()
            for id in [old.id, old.manifest, "sha256:" + old.digest] {
                let response = fixture.get("/api/v1/versions/\(id)")
                #expect(response.status == 200, "\(id)")
                let versions = try response.decoded([SkillVersion].self)
                #expect(versions.map(\.label) == ["1.0"], "\(id)")
            }
            let unknown = fixture.get("/api/v1/versions/0000000000000000")
            #expect(unknown.status == 200)
            #expect(try unknown.decoded([SkillVersion].self).isEmpty)
            #expect(fixture.get("/api/v1/versions/not-an-id").status == 400)
        }

        @Test func claimsAreTheStoresClaimEntries() throws {
            let response = fixture.get("/api/v1/skills/fold-tips/claims")
            #expect(response.status == 200)
            let claims = try response.decoded([ClaimEntry].self)
            #expect(claims == (try fixture.store.claimEntries(of: try latest())))
            #expect(!claims.isEmpty)
        }

        @Test func claimsFilterByLabelSectionAndRule() throws {
            let version = try latest()
            func claims(_ query: [String: String]) throws -> [ClaimEntry] {
                let response = fixture.get("/api/v1/skills/fold-tips/claims", query: query)
                #expect(response.status == 200, "\(query): \(response.text)")
                return try response.decoded([ClaimEntry].self)
            }
            let measured = try claims(["label": "Measured"])
            #expect(measured == (try fixture.store.claimEntries(of: version, filter: ClaimFilter(label: .measured))))
            #expect(!measured.isEmpty && measured.allSatisfy { $0.labels.contains("measured") })
            #expect(try claims(["label": "judgment"]) == (try fixture.store.claimEntries(of: version, filter: ClaimFilter(label: .judgement))))

            let notes = try claims(["section": "notes"])
            #expect(notes == (try fixture.store.claimEntries(of: version, filter: ClaimFilter(section: "notes"))))
            #expect(!notes.isEmpty && notes.allSatisfy { $0.section.contains("Notes") })

            let ruleTwo = try claims(["rule": "r2"])
            #expect(ruleTwo == (try fixture.store.claimEntries(of: version, filter: ClaimFilter(rule: "R2"))))
            #expect(!ruleTwo.isEmpty && ruleTwo.allSatisfy { $0.rule == "R2" })

            let all = try claims(["label": "measured", "section": "rules", "rule": "R2"])
            #expect(all == (try fixture.store.claimEntries(
                of: version, filter: ClaimFilter(label: .measured, section: "rules", rule: "R2"))))
        }

        @Test func claimsRefuseAnUnknownLabelOrABadRuleAndDoNotFindAMissingRule() {
            let label = fixture.get("/api/v1/skills/fold-tips/claims", query: ["label": "maybe"])
            #expect(label.status == 400)
            #expect(label.errorDetail?.code == "BAD_REQUEST")
            let badRule = fixture.get("/api/v1/skills/fold-tips/claims", query: ["rule": "six"])
            #expect(badRule.status == 400)
            let missing = fixture.get("/api/v1/skills/fold-tips/claims", query: ["rule": "R9"])
            #expect(missing.status == 404)
            #expect(missing.errorDetail?.code == "NOT_FOUND")
            #expect(missing.errorDetail?.message == "fold-tips 2.0 has no rule R9")
        }

        @Test func linksAreTheStoresLinkReport() throws {
            let review = fixture.get("/api/v1/skills/fold-review/links")
            #expect(review.status == 200)
            let outgoing = try review.decoded(LinkReport.self)
            #expect(outgoing == (try fixture.store.linkReport(of: try fixture.store.version(of: "fold-review"))))
            #expect(Set(outgoing.outgoing.map(\.to)) == ["fold-tips", "fold-tips#R1", "fold-tips#R2"])
            #expect(outgoing.outgoing.allSatisfy { $0.resolved })

            let tips = try fixture.get("/api/v1/skills/fold-tips/links").decoded(LinkReport.self)
            #expect(tips == (try fixture.store.linkReport(of: try latest())))
            #expect(Set(tips.incoming.map(\.from)) == ["fold-review"])
        }

        @Test func provenanceIsTheStoresReport() throws {
            let response = fixture.get("/api/v1/skills/fold-tips/provenance")
            #expect(response.status == 200)
            let report = try response.decoded(ProvenanceReport.self)
            #expect(report == (try fixture.store.provenance(of: try latest())))
            #expect(report.skill == "fold-tips" && report.version == "2.0" && report.rule == nil)
            // The citation of the stored guide's section carries its opening.
            let cited = report.items.flatMap(\.citations).first { $0.fragment == "Short-rules" }
            #expect(cited?.section == "Short rules")
            #expect(cited?.sectionOpening == "Short rules are read first.")
        }

        @Test func provenanceOfOneRule() throws {
            let response = fixture.get("/api/v1/skills/fold-tips/provenance", query: ["rule": "r1"])
            #expect(response.status == 200)
            let report = try response.decoded(ProvenanceReport.self)
            #expect(report == (try fixture.store.provenance(of: try latest(), rule: "R1")))
            #expect(report.rule == "R1")
            #expect(report.items.allSatisfy { $0.rule == "R1" })
            #expect(fixture.get("/api/v1/skills/fold-tips/provenance", query: ["rule": "R9"]).status == 404)
            #expect(fixture.get("/api/v1/skills/fold-tips/provenance", query: ["rule": "R-1"]).status == 400)
        }

        @Test func checkListsTheCheckersDiagnostics() throws {
            let response = fixture.get("/api/v1/skills/fold-tips/check")
            #expect(response.status == 200)
            let found = try response.decoded([Diagnostic].self)
            #expect(found == (try SkillChecker(store: fixture.store).check(try latest())))
            let anchor = try #require(found.first { $0.code == "anchor-unresolved" })
            #expect(anchor.severity == .warning)
            #expect(anchor.path == "fold-tips/SKILL.md")
        }

        @Test func strictCheckMakesAnUnresolvedAnchorAnError() throws {
            let response = fixture.get("/api/v1/skills/fold-tips/check", query: ["strict": "1"])
            #expect(response.status == 200)
            let found = try response.decoded([Diagnostic].self)
            #expect(found == (try SkillChecker(store: fixture.store, strict: true).check(try latest())))
            #expect(found.first { $0.code == "anchor-unresolved" }?.severity == .error)
        }

        @Test(arguments: ["0", "false", "No"])
        func aFlagSaidNoIsOff(value: String) throws {
            let response = fixture.get("/api/v1/skills/fold-tips/check", query: ["strict": value])
            #expect(response.status == 200)
            #expect(try response.decoded([Diagnostic].self).first { $0.code == "anchor-unresolved" }?.severity == .warning)
        }

        @Test func aFlagThatIsNeitherYesNorNoIs400() {
            for (path, query) in [
                ("/api/v1/skills/fold-tips/check", ["strict": "maybe"]),
                ("/api/v1/search", ["q": "hinge", "all_versions": "2"]),
            ] {
                let response = fixture.get(path, query: query)
                #expect(response.status == 400, "\(path) \(query)")
                #expect(response.errorDetail?.message.contains("takes true or false") == true)
            }
        }

        @Test func aCleanSkillChecksToAnEmptyList() throws {
            try fixture.publish([try fixture.skill("clean-skill")])
            let response = fixture.get("/api/v1/skills/clean-skill/check")
            #expect(response.status == 200)
            #expect(response.text == "[]\n")
        }
    }
}

// MARK: - Search and sources

extension RouterTests {
    @Suite struct SearchAndSources {
        let fixture: ServerFixture

        init() throws {
            fixture = try ServerFixture()
            try fixture.publish([
                try fixture.skill("hinge-care", body: """
                    # Hinge care

                    *Measured* means we ran it.

                    ## Rules

                    1. **Keep buttons off the hinge.** The hinge bends 3 mm (*measured*) under a thumb.
                    """),
                try fixture.skill("tent-mode", body: "# Tent mode\n\nStand the phone up like a tent; the hinge holds.\n"),
            ])
        }

        @Test func searchAnswersTheStoresHits() throws {
            let response = fixture.get("/api/v1/search", query: ["q": "hinge"])
            #expect(response.status == 200)
            let hits = try response.decoded([SearchHit].self)
            #expect(hits == (try fixture.store.search(SearchRequest(query: "hinge"))))
            #expect(!hits.isEmpty)
        }

        @Test func searchTakesKindLabelSkillLimitAndAllVersions() throws {
            let response = fixture.get(
                "/api/v1/search",
                query: ["q": "hinge", "kind": "CLAIM", "label": "measured", "skill": "hinge-*", "limit": "5", "all_versions": "yes"])
            #expect(response.status == 200)
            let hits = try response.decoded([SearchHit].self)
            #expect(hits == (try fixture.store.search(SearchRequest(
                query: "hinge", kind: .claim, label: .measured, skill: "hinge-*", limit: 5, allVersions: true))))
            #expect(!hits.isEmpty && hits.allSatisfy { $0.kind == .claim && $0.label == .measured && $0.skill == "hinge-care" })
            let one = try fixture.get("/api/v1/search", query: ["q": "hinge", "limit": "1"]).decoded([SearchHit].self)
            #expect(one.count == 1)
            // Empty kind, label and skill count as absent.
            let empties = fixture.get("/api/v1/search", query: ["q": "hinge", "kind": "", "label": "", "skill": ""])
            #expect(try empties.decoded([SearchHit].self) == (try fixture.store.search(SearchRequest(query: "hinge"))))
        }

        @Test(arguments: [
            [:], ["q": ""], ["q": "  \t"], ["q": "hinge", "kind": "paragraph"],
            ["q": "hinge", "kind": "skill", "label": "measured"], ["q": "hinge", "label": "sure"],
            ["q": "hinge", "limit": "0"], ["q": "hinge", "limit": "1001"], ["q": "hinge", "limit": "ten"],
        ] as [[String: String]])
        func aBadSearchIs400(query: [String: String]) {
            let response = fixture.get("/api/v1/search", query: query)
            #expect(response.status == 400)
            #expect(response.errorDetail?.code == "BAD_REQUEST")
            #expect(response.header("Cache-Control") == "no-store")
        }

        @Test func theLargestLimitIsAllowed() {
            #expect(fixture.get("/api/v1/search", query: ["q": "hinge", "limit": "1000"]).status == 200)
        }

        @Test func sourcesAreTheStoresSources() throws {
            #expect(fixture.get("/api/v1/sources").text == "[]\n")
            let page = try fixture.write("guide.txt", "Hinge area\n\nKeep buttons away from the hinge.\n")
            _ = try fixture.store.publishSource(url: "https://example.org/guide", path: page, publisher: "tester")
            let response = fixture.get("/api/v1/sources")
            #expect(response.status == 200)
            let sources = try response.decoded([StoredSource].self)
            #expect(sources == (try fixture.store.sources()))
            #expect(sources.map(\.url) == ["https://example.org/guide"])
            #expect(sources.first?.sections.map(\.title) == ["Hinge area"])
        }
    }
}

// MARK: - The service routes

extension RouterTests {
    @Suite struct ServiceRoutes {
        /// The patterns the API promises (docs/api.md); the router must
        /// have exactly these.
        static let routePatterns: Set<String> = [
            "/api/v1/blob/{id}",
            "/api/v1/skills",
            "/api/v1/skills/{name}",
            "/api/v1/skills/{name}/versions",
            "/api/v1/skills/{name}/versions/{label}",
            "/api/v1/skills/{name}/versions/{label}/manifest",
            "/api/v1/skills/{name}/rules",
            "/api/v1/skills/{name}/claims",
            "/api/v1/skills/{name}/links",
            "/api/v1/skills/{name}/provenance",
            "/api/v1/skills/{name}/check",
            "/api/v1/skills/{name}/diff",
            "/api/v1/versions/{id}",
            "/api/v1/search",
            "/api/v1/sources",
            "/api/v1/openapi.json",
            "/healthz",
            "/metrics",
        ]

        let fixture: ServerFixture
        init() throws { fixture = try ServerFixture() }

        /// A path the pattern matches.
        static func concrete(_ pattern: String) -> String {
            pattern.replacingOccurrences(of: "{id}", with: "0123456789abcdef")
                .replacingOccurrences(of: "{name}", with: "some-skill")
                .replacingOccurrences(of: "{label}", with: "1.0")
        }

        @Test func everyListedPatternIsARouteOfTheRouter() {
            #expect(Set(fixture.server.router.patterns.map(\.pattern)) == Self.routePatterns)
            for pattern in Self.routePatterns {
                #expect(fixture.get(Self.concrete(pattern)).route == pattern, "\(pattern)")
            }
        }

        @Test func theOpenAPIDocumentDescribesExactlyTheRoutes() throws {
            let response = fixture.get("/api/v1/openapi.json")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(response.bodyBytes)) as? [String: Any])
            #expect((document["openapi"] as? String)?.hasPrefix("3.1") == true)
            let paths = try #require(document["paths"] as? [String: Any])
            #expect(Set(paths.keys) == Set(fixture.server.router.patterns.map(\.pattern)))
            // Each path's operations are the methods the router takes there
            // (HEAD aside: every GET route answers it).
            let methods = ["get", "post", "put", "delete", "patch"]
            for pattern in Self.routePatterns {
                let routed = Set(methods.filter { fixture.request($0.uppercased(), Self.concrete(pattern)).status != 405 })
                let described = Set(((paths[pattern] as? [String: Any]) ?? [:]).keys.filter(methods.contains))
                #expect(routed == described, "\(pattern)")
            }
            #expect(Set(((paths["/api/v1/skills"] as? [String: Any]) ?? [:]).keys.filter(methods.contains)) == ["get", "post"])
        }

        /// The document's patterns say what the server takes: a blob id or
        /// a skill name matches its pattern exactly when the server accepts it.
        @Test func theOpenAPIPatternsAreTheServersRules() throws {
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(fixture.get("/api/v1/openapi.json").bodyBytes)) as? [String: Any])
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            let blobParameters = try #require(paths["/api/v1/blob/{id}"]?["parameters"] as? [[String: Any]])
            let blobPattern = try #require((blobParameters.first { $0["name"] as? String == "id" }?["schema"] as? [String: Any])?["pattern"] as? String)
            let components = try #require((document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]])
            let namePattern = try #require((components["name"]?["schema"] as? [String: Any])?["pattern"] as? String)
            func matches(_ pattern: String, _ text: String) throws -> Bool {
                let regex = try NSRegularExpression(pattern: pattern)
                return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            }
            let digest = String(repeating: "ab", count: 32)
            for id in ["9d4359094e2074e6", "9D4359094E2074E6", digest, "sha256:" + digest, "SHA256:" + digest,
                       "9d4359094e2074e", "9d4359094e2074e6a", "g" + digest.dropFirst(), "sha256:" + digest.dropFirst(), ""] {
                #expect(try matches(blobPattern, id) == (BlobReference(id) != nil), "\(id)")
            }
            for name in ["oven-spring", "a", "a1-b2", "Oven", "-a", "a-", "a--b", "a_b", "", String(repeating: "a", count: 64)] {
                #expect(try matches(namePattern, name) == SkillName.isValid(name), "\(name)")
            }
        }

        @Test func healthzIsOK() {
            let response = fixture.get("/healthz")
            #expect(response.status == 200)
            #expect(response.text == "{\"status\":\"ok\"}\n")
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.header("Cache-Control") == "no-store")
        }

        @Test func metricsAreThePrometheusTextFormat() {
            let response = fixture.get("/metrics")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/plain; version=0.0.4")
            let text = response.text
            #expect(text.contains("# TYPE skillstore_http_requests_total counter\n"))
            #expect(text.contains("# TYPE skillstore_http_request_duration_seconds histogram\n"))
            #expect(text.contains("skillstore_http_request_duration_seconds_bucket{le=\"+Inf\"} "))
            #expect(text.contains("skillstore_http_open_connections 0\n"))
            #expect(text.contains("skillstore_uptime_seconds "))
            #expect(text.hasSuffix("\n"))
        }
    }
}

// MARK: - POST /api/v1/skills

extension RouterTests {
    /// Tokens `ci` (every skill), `team` (`team-*`) and `gone` (revoked).
    @Suite struct Publishing {
        let fixture: ServerFixture
        let ci: String
        let team: String
        let gone: String

        init() throws {
            fixture = try ServerFixture()
            ci = try fixture.store.createToken(name: "ci").secret
            team = try fixture.store.createToken(name: "team", scope: "team-*").secret
            gone = try fixture.store.createToken(name: "gone").secret
            try fixture.store.revokeToken(name: "gone")
        }

        func storedSkills() throws -> [String] { try fixture.store.skills().map(\.name) }

        @Test func aGoodTokenPublishesAndTheAnswerIs201() throws {
            let response = fixture.post(archive: Tar.skill("team-alpha"), token: ci)
            #expect(response.status == 201, "\(response.text)")
            #expect(response.header("Content-Type") == "application/json")
            let reply = try response.decoded(PublishReply.self)
            let version = try fixture.store.version(of: "team-alpha")
            #expect(reply.published == [PublishResult(
                name: "team-alpha", label: "1.0", id: version.id, manifest: version.manifest, sequence: version.sequence,
                status: .new, path: "team-alpha")])
            #expect(reply.refused.isEmpty)
            #expect(version.publishedBy == "token:ci")
            #expect(Array(version.files.map(\.path)) == ["SKILL.md"])
            #expect(try fixture.store.blob(.id(version.id)).bytes == Array(ServerFixture.skillMarkdown("team-alpha").utf8))
        }

        @Test func theSameArchiveAgainIs200Unchanged() throws {
            #expect(fixture.post(archive: Tar.skill("team-alpha"), token: ci).status == 201)
            let again = fixture.post(archive: Tar.skill("team-alpha"), token: team)
            #expect(again.status == 200)
            let reply = try again.decoded(PublishReply.self)
            #expect(reply.published.map(\.status) == [.unchanged])
            #expect(reply.published.first?.sequence == (try fixture.store.version(of: "team-alpha").sequence))
            #expect(try fixture.store.versions(of: "team-alpha").count == 1)
            // The version keeps the publisher of its first publish.
            #expect(try fixture.store.version(of: "team-alpha").publishedBy == "token:ci")
        }

        @Test func pathsInTheAnswerAreTheArchives() throws {
            let archive = Tar.archive([
                ("pack/team-one/SKILL.md", ServerFixture.skillMarkdown("team-one")),
                ("pack/deeper/team-two/SKILL.md", ServerFixture.skillMarkdown("team-two")),
                ("lone.md", ServerFixture.skillMarkdown("team-lone")),
            ])
            let response = fixture.post(archive: archive, token: team)
            #expect(response.status == 201, "\(response.text)")
            let reply = try response.decoded(PublishReply.self)
            let paths = Dictionary(uniqueKeysWithValues: reply.published.map { ($0.name, $0.path) })
            #expect(paths == ["team-one": "pack/team-one", "team-two": "pack/deeper/team-two", "team-lone": "lone.md"])
        }

        @Test func theVersionArgumentLabelsEverySkill() throws {
            let response = fixture.post(archive: Tar.skill("team-alpha", version: "1.0"), token: ci, query: ["version": "2.5.0"])
            #expect(response.status == 201)
            #expect(try response.decoded(PublishReply.self).published.map(\.label) == ["2.5.0"])
            #expect(try fixture.store.versions(of: "team-alpha").map(\.label) == ["2.5.0"])
        }

        @Test func aBadVersionArgumentIs400() throws {
            let response = fixture.post(archive: Tar.skill("team-alpha"), token: ci, query: ["version": "a/b"])
            #expect(response.status == 400)
            #expect(response.errorDetail?.code == "BAD_REQUEST")
            #expect(try storedSkills().isEmpty)
        }

        @Test func withoutAnAuthorizationHeaderIs401WithAChallenge() throws {
            let response = fixture.post(archive: Tar.skill("team-alpha"), token: nil)
            #expect(response.status == 401)
            #expect(response.errorDetail?.code == "UNAUTHORIZED")
            #expect(response.header("WWW-Authenticate") == "Bearer realm=\"skillstore\"")
            #expect(try storedSkills().isEmpty)
        }

        @Test(arguments: ["Bearer wrong", "Basic Y2k6c2VjcmV0", "Bearer", "sks_0000"])
        func aWrongOrMalformedTokenIs401(authorization: String) throws {
            let response = fixture.request(
                "POST", "/api/v1/skills",
                headers: ["Authorization": authorization, "Content-Type": "application/x-tar"], body: Tar.skill("team-alpha"))
            #expect(response.status == 401)
            #expect(response.header("WWW-Authenticate") == "Bearer realm=\"skillstore\"")
            #expect(try storedSkills().isEmpty)
        }

        @Test func aRevokedTokenIs401() throws {
            let response = fixture.post(archive: Tar.skill("team-alpha"), token: gone)
            #expect(response.status == 401)
            #expect(response.errorDetail?.code == "UNAUTHORIZED")
            #expect(try storedSkills().isEmpty)
        }

        @Test func aRevokeTakesEffectOnTheNextRequest() throws {
            #expect(fixture.post(archive: Tar.skill("team-alpha"), token: ci).status == 201)
            try fixture.store.revokeToken(name: "ci")
            #expect(fixture.post(archive: Tar.skill("team-beta"), token: ci).status == 401)
        }

        @Test func aSkillOutsideTheTokensScopeIs403AndNothingIsStored() throws {
            #expect(fixture.post(archive: Tar.skill("team-alpha"), token: team).status == 201)
            let before = try fixture.store.versions(of: "team-alpha")
            let archive = Tar.archive([
                ("team-alpha/SKILL.md", ServerFixture.skillMarkdown("team-alpha", version: "2.0")),
                ("other-skill/SKILL.md", ServerFixture.skillMarkdown("other-skill")),
            ])
            let response = fixture.post(archive: archive, token: team)
            #expect(response.status == 403)
            #expect(response.errorDetail?.code == "FORBIDDEN")
            let diagnostic = try #require(response.errorDetail?.diagnostics?.first)
            #expect(diagnostic.code == "token-scope")
            #expect(diagnostic.path == "other-skill/SKILL.md")
            #expect(try storedSkills() == ["team-alpha"])
            #expect(try fixture.store.versions(of: "team-alpha") == before)
        }

        @Test(arguments: ["text/plain", "application/octet-stream", "multipart/form-data; boundary=x"])
        func aBodyThatIsNotATarStreamIs415(contentType: String) throws {
            let response = fixture.post(archive: Tar.skill("team-alpha"), token: ci, contentType: contentType)
            #expect(response.status == 415)
            #expect(response.errorDetail?.code == "UNSUPPORTED_MEDIA_TYPE")
            #expect(try storedSkills().isEmpty)
        }

        @Test(arguments: ["application/tar", "Application/X-Tar; charset=binary"])
        func bothTarTypesAreTakenWithAnyParameters(contentType: String) {
            #expect(fixture.post(archive: Tar.skill("team-alpha"), token: ci, contentType: contentType).status == 201)
        }

        @Test func anEmptyBodyIs400() throws {
            let response = fixture.post(archive: [], token: ci)
            #expect(response.status == 400)
            #expect(response.errorDetail?.code == "BAD_REQUEST")
        }

        @Test func theTokenIsCheckedBeforeTheContentTypeAndTheBody() {
            #expect(fixture.post(archive: [], token: nil, contentType: "text/plain").status == 401)
            #expect(fixture.post(archive: [], token: ci, contentType: "text/plain").status == 415)
        }

        @Test func aYAMLErrorIs400BundleInvalidNamingTheFileInTheArchive() throws {
            let archive = Tar.archive([
                ("bad-skill/SKILL.md", "---\nname: bad-skill\ndescription: a: b: c\n---\n\n# Bad\n"),
                ("good-skill/SKILL.md", ServerFixture.skillMarkdown("good-skill")),
            ])
            let response = fixture.post(archive: archive, token: ci)
            #expect(response.status == 400)
            let error = try #require(response.errorDetail)
            #expect(error.code == "BUNDLE_INVALID")
            let diagnostics = try #require(error.diagnostics)
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.path == "bad-skill/SKILL.md")
            #expect(diagnostics.first?.code == "yaml")
            #expect(diagnostics.first?.location?.line == 3)
            // All or nothing: the good skill was not published either.
            #expect(try storedSkills().isEmpty)
        }

        @Test(arguments: ["../escape/SKILL.md", "/abs/SKILL.md", "team-alpha/../../SKILL.md"])
        func anEntryOutsideTheArchiveIs400AndNothingIsStored(path: String) throws {
            let archive = Tar.archive([
                ("team-alpha/SKILL.md", ServerFixture.skillMarkdown("team-alpha")),
                (path, ServerFixture.skillMarkdown("escape")),
            ])
            let response = fixture.post(archive: archive, token: ci)
            #expect(response.status == 400)
            #expect(response.errorDetail?.code == "BUNDLE_INVALID")
            #expect(response.errorDetail?.diagnostics?.map(\.code) == ["bundle-archive"])
            #expect(response.errorDetail?.diagnostics?.first?.path == "request body")
            #expect(try storedSkills().isEmpty)
        }

        @Test func garbageIs400BundleInvalid() throws {
            let response = fixture.post(archive: Array(repeating: 0x41, count: 1024), token: ci)
            #expect(response.status == 400)
            #expect(response.errorDetail?.code == "BUNDLE_INVALID")
        }

        @Test func hiddenTopLevelEntriesAreSkippedAsALocalPublishSkipsThem() throws {
            let archive = Tar.archive([
                (".DS_Store", "finder"),
                ("._team-alpha", "apple double"),
                (".hidden-pack/team-hidden/SKILL.md", ServerFixture.skillMarkdown("team-hidden")),
                ("team-alpha/SKILL.md", ServerFixture.skillMarkdown("team-alpha")),
                ("team-alpha/.notes.md", "# Private\n"),
            ])
            let response = fixture.post(archive: archive, token: ci)
            #expect(response.status == 201, "\(response.text)")
            #expect(try response.decoded(PublishReply.self).published.map(\.name) == ["team-alpha"])
            #expect(try storedSkills() == ["team-alpha"])
            #expect(try fixture.store.version(of: "team-alpha").files.map(\.path) == ["SKILL.md"])
        }

        /// An archive holding nothing to publish is refused, as an empty
        /// archive is and as `skillctl publish` refuses a folder with no skill.
        @Test func anArchiveOfHiddenEntriesOnlyIs400() throws {
            let response = fixture.post(archive: Tar.archive([(".DS_Store", "finder"), ("._x", "apple double")]), token: ci)
            #expect(response.status == 400, "\(response.text)")
            #expect(response.errorDetail?.code == "BUNDLE_INVALID")
        }

        /// A file and a folder of the same name cannot both be unpacked:
        /// the client's archive is at fault, so it is a 400, never a 500.
        @Test(arguments: [["team-alpha/x.md", "team-alpha/x.md/y.md"], ["team-alpha/x.md/y.md", "team-alpha/x.md"]])
        func aFileAndAFolderOfTheSameNameIs400(paths: [String]) throws {
            let archive = Tar.archive(
                [("team-alpha/SKILL.md", ServerFixture.skillMarkdown("team-alpha"))] + paths.map { ($0, "# Clash\n") })
            let response = fixture.post(archive: archive, token: ci)
            #expect(response.status == 400, "\(response.text)")
            #expect(response.errorDetail?.code == "BUNDLE_INVALID")
            #expect(response.errorDetail?.diagnostics?.map(\.code) == ["bundle-archive"])
            #expect(try storedSkills().isEmpty)
        }

        @Test func anArchiveWithNoFileIs400() throws {
            let response = fixture.post(archive: TarArchive.write([]), token: ci)
            #expect(response.status == 400)
            #expect(response.errorDetail?.code == "BUNDLE_INVALID")
            #expect(response.errorDetail?.diagnostics?.map(\.code) == ["skill-missing"])
        }
    }
}

// MARK: - ErrorResponder

extension RouterTests {
    /// The one place errors become answers.
    @Suite struct ErrorResponding {
        static func refused(_ code: String, kind: FailureKind = .refused) -> InputRefused {
            InputRefused([Diagnostic(path: "my-skill/SKILL.md", location: nil, message: "refused", code: code)], kind: kind)
        }

        @Test func aBlobIDCollisionIs409() throws {
            let response = ErrorResponder.response(for: Self.refused("blob-id-collision", kind: .conflict))
            #expect(response.status == 409)
            #expect(response.errorDetail?.code == "BLOB_ID_COLLISION")
            #expect(response.errorDetail?.diagnostics?.map(\.code) == ["blob-id-collision"])
            #expect(response.header("Cache-Control") == "no-store")
        }

        @Test func aTokenScopeRefusalIs403AndAnyOtherRefusal400() {
            #expect(ErrorResponder.response(for: Self.refused("token-scope", kind: .forbidden)).status == 403)
            let other = ErrorResponder.response(for: Self.refused("name-folder-mismatch"))
            #expect(other.status == 400)
            #expect(other.errorDetail?.code == "BUNDLE_INVALID")
            #expect(other.errorDetail?.message == "the bundle was refused; nothing was published")
        }

        @Test func notFoundIs404AndAnythingUnexpected500() {
            let missing = ErrorResponder.response(for: SkillStoreError.notFound("no skill named 'x'"))
            #expect(missing.status == 404)
            #expect(missing.text == "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"no skill named 'x'\"}}\n")
            let corrupt = ErrorResponder.response(for: SkillStoreError.corrupt("blob 0123"))
            #expect(corrupt.status == 500)
            #expect(corrupt.errorDetail?.code == "INTERNAL")
            #expect(ErrorResponder.response(for: CocoaError(.fileReadUnknown)).status == 500)
        }

        @Test func anUnexpectedErrorsDetailsGoToTheLogNotTheClient() {
            struct Leaky: Error, CustomStringConvertible { var description: String { "SELECT * FROM /srv/secret.db" } }
            let response = ErrorResponder.response(for: Leaky())
            #expect(response.status == 500)
            #expect(!response.text.contains("secret"))
            #expect(response.internalError == "SELECT * FROM /srv/secret.db")
        }

        @Test func anErrorsOwnHeadersAreKept() {
            let response = ErrorResponder.response(for: HTTPError(
                429, "SLOW_DOWN", "later", headers: [("Retry-After", "5"), ("Cache-Control", "private")]))
            #expect(response.status == 429)
            #expect(response.header("Retry-After") == "5")
            #expect(response.headers.filter { $0.0 == "Cache-Control" }.map(\.1) == ["private"])
        }
    }
}

/// Review findings on what the server writes down.
@Suite struct AccessLogAndMetricsTests {
    @Test func theAccessLogEscapesWhatCouldForgeALine() {
        #expect(AccessLog.escape("/api/v1/blob/x\n127.0.0.1 fake \"GET /\"") == "/api/v1/blob/x\\x0A127.0.0.1 fake \\x22GET /\\x22")
        #expect(AccessLog.escape("/plain/path") == "/plain/path")
    }

    @Test func aSkillAnsweredAsTextOrJSONVariesByAccept() throws {
        let fixture = try ServerFixture()
        try fixture.publish([try fixture.skill("vary-me")])
        #expect(fixture.get("/api/v1/skills/vary-me").header("Vary") == "Accept")
        #expect(fixture.get("/api/v1/skills/vary-me", headers: ["Accept": "application/json"]).header("Vary") == "Accept")
    }
}
