import Foundation
import Testing
import TestSupport
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// `/.well-known/agent-skills/index.json`: the Agent Skills Discovery RFC's
/// index, whose every entry points at a blob and carries that blob's digest.
@Suite struct DiscoveryIndexRouteTests {
    @Test func everyLatestSkillIsListedWithItsSkillFileDigestAndBlobURL() throws {
        let fixture = try ServerFixture()
        try fixture.publish([try fixture.skill("pdf", version: "1.0")])
        try fixture.publish([try fixture.skill("pdf", version: "2.0", body: "# Newer\n\nRotate pages.\n")])
        try fixture.publish([try fixture.skill("forms", in: "acme/forms")], namespace: "acme")
        let response = fixture.get("/.well-known/agent-skills/index.json")
        #expect(response.status == 200)
        #expect(response.headers.contains { $0.0 == "Content-Type" && $0.1 == "application/json" })

        let index = try #require(try JSONSerialization.jsonObject(with: Data(response.bodyBytes)) as? [String: Any])
        #expect(index["$schema"] as? String == "https://schemas.agentskills.io/discovery/0.2.0/schema.json")
        let skills = try #require(index["skills"] as? [[String: Any]])
        #expect(skills.map { $0["name"] as? String } == ["forms", "pdf"])
        for entry in skills {
            #expect(Set(entry.keys) == ["name", "type", "description", "url", "digest"])
            #expect(entry["type"] as? String == "skill-md")
            #expect(entry["description"] as? String == "A skill for tests.")
            // The digest is the SHA-256 of exactly the bytes the url serves.
            let blob = fixture.get(try #require(entry["url"] as? String))
            #expect(blob.status == 200)
            #expect(entry["digest"] as? String == BlobDigest(of: blob.bodyBytes).description)
        }
        let pdf = try #require(skills.first { $0["name"] as? String == "pdf" })
        let latest = try fixture.store.version(of: SkillKey("pdf"))
        #expect(latest.label == "2.0")
        #expect(pdf["url"] as? String == "/api/v1/blob/\(latest.id.hex)")
    }

    @Test func aSkillWhoseEveryVersionIsYankedIsLeftOut() throws {
        let fixture = try ServerFixture()
        try fixture.publish([try fixture.skill("pdf", version: "1.0")])
        try fixture.publish([try fixture.skill("forms", version: "1.0")])
        _ = try fixture.store.yank(SkillKey("forms"), label: "1.0", reason: "broken", by: "tester")
        let index = try fixture.get("/.well-known/agent-skills/index.json").decoded(DiscoveryIndex.self)
        #expect(index.skills.map(\.name) == ["pdf"])
    }

    @Test func aLongDescriptionIsCutToTheAgentSkillsLimit() {
        let version = SkillVersion(
            namespace: "default", name: "long", label: "1", sequence: 1, id: BlobID(hex: "0123456789abcdef")!,
            digest: String(repeating: "ab", count: 32), manifest: BlobID(hex: "0123456789abcdef")!,
            description: String(repeating: "é", count: 2000), publishedAt: "", publishedBy: "", files: [])
        let entry = DiscoveryIndex(versions: [version]).skills[0]
        #expect(entry.description.count == 1024)
        #expect(entry.digest == "sha256:" + String(repeating: "ab", count: 32))
    }
}
