import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// POST /api/v1/skills: tokens, content types and archives.
///
/// Tokens `ci` (every skill), `team` (`team-*`) and `gone` (revoked).
@Suite struct PublishRouteTests {
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
            namespace: Namespace.defaultName, name: "team-alpha", label: "1.0", id: version.id, manifest: version.manifest, sequence: version.sequence,
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
        #expect(response.errorDetail?.message == "publishing needs a token: Authorization: Bearer <token>")
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
            ("bad-skill/SKILL.md", "---\nname: bad-skill\ndescription: a: b: c #d\n---\n\n# Bad\n"),
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
