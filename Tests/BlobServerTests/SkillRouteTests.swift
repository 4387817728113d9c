import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// The skill and version routes: lists, the served text form, JSON,
/// versions by label and manifests.
@Suite struct SkillRouteTests {
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
        #expect(response.header("X-Skill-Blob") == version.id.hex)
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
