import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// Lenient intake over HTTP: a published version's JSON carries the
/// warnings recorded with it and its declared name; a publish with
/// `strict=1` refuses what the Agent Skills rules forbid, as before.
@Suite struct VersionWarningsRouteTests {
    let fixture: ServerFixture
    let ci: String

    init() throws {
        fixture = try ServerFixture()
        ci = try fixture.store.createToken(name: "ci").secret
    }

    /// A skill whose name is no skill id, in a folder of the same name.
    static let roast = Tar.archive([("Daily Paper Roast/SKILL.md", "---\nname: Daily Paper Roast\ndescription: Roasts papers.\n---\n\n# Roast\n")])

    @Test func aLenientPublishAnswersAndRecordsTheWarnings() throws {
        let response = fixture.post(archive: Self.roast, token: ci)
        #expect(response.status == 201)
        let reply = try response.decoded(PublishReply.self)
        #expect(reply.published.first?.name == "daily-paper-roast")
        #expect(reply.published.first?.warnings?.map(\.code) == ["name-not-an-id"])

        let text = fixture.get("/api/v1/skills/daily-paper-roast/versions").text
        #expect(text.contains("\"declared_name\":\"Daily Paper Roast\""), "\(text)")
        #expect(text.contains("\"code\":\"name-not-an-id\""))
        let versions = try fixture.get("/api/v1/skills/daily-paper-roast/versions").decoded([SkillVersion].self)
        #expect(versions.first?.warnings?.first?.location == SourceLocation(line: 2, column: 7))
        #expect(versions == (try fixture.store.versions(of: "daily-paper-roast")))
    }

    @Test func aCleanVersionsJSONHasNoWarningsKey() throws {
        try fixture.publish([try fixture.skill("clean-skill")])
        let text = fixture.get("/api/v1/skills/clean-skill/versions").text
        #expect(!text.contains("warnings") && !text.contains("declared_name"))
    }

    @Test func aStrictPublishRefusesAsBefore() throws {
        let response = fixture.post(archive: Self.roast, token: ci, query: ["strict": "1"])
        #expect(response.status == 422 || response.status == 400, "\(response.text)")
        #expect(response.errorDetail?.diagnostics?.map(\.code) == ["name-invalid"])
        #expect(try fixture.store.skills().isEmpty)
    }
}
