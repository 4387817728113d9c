import Foundation
import Testing
import TestSupport

/// Fetching by name and by hash returns the published bytes, in every form a user may write.
@Suite struct FetchCommandTests {
    /// The folder lives as long as the suite value: Swift Testing makes one per test.
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func published() throws -> (TemporaryFolder, Skillctl, Data) {
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let text = skillMarkdown(name: "fold-tips", body: "# Fold tips\n\nKeep the hinge clear.\n")
        try folder.write("fold-tips/SKILL.md", text)
        try folder.write("fold-tips/scripts/run.sh", "#!/bin/sh\necho ok\n", executable: true)
        #expect(try skillctl.run(["publish", folder.path("fold-tips")]).status == 0)
        return (folder, skillctl, Data(text.utf8))
    }

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func getJSONDescribesTheVersionAndItsFiles() throws {
        let (_, skillctl, bytes) = try published()
        let result = try skillctl.run(["get", "fold-tips", "--json"])
        #expect(result.status == 0)
        let json = try object(result.stdout)
        let digest = try #require(json["digest"] as? String)
        #expect(json["name"] as? String == "fold-tips")
        #expect(json["label"] as? String == "1.0")
        #expect(json["id"] as? String == String(digest.prefix(16)))
        #expect(json["published_by"] as? String == "tester")
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["SKILL.md", "scripts/run.sh"])
        #expect(files.map { $0["executable"] as? Bool } == [false, true])
        #expect(files.first?["size"] as? Int == bytes.count)
    }

    @Test func catAcceptsTheIdTheDigestAndThePrefixedDigest() throws {
        let (_, skillctl, bytes) = try published()
        let json = try object(try skillctl.run(["get", "fold-tips", "--json"]).stdout)
        let digest = try #require(json["digest"] as? String)
        for reference in [String(digest.prefix(16)), digest, "sha256:" + digest, digest.uppercased()] {
            let result = try skillctl.run(["cat", reference])
            #expect(result.status == 0, "\(reference)")
            #expect(result.stdout == bytes, "\(reference)")
        }
        let info = try object(try skillctl.run(["cat", digest, "--json"]).stdout)
        #expect(info["digest"] as? String == digest)
        #expect(info["size"] as? Int == bytes.count)
    }

    @Test func theManifestIsABlobTooAndPinsTheFolder() throws {
        let (_, skillctl, _) = try published()
        let json = try object(try skillctl.run(["get", "fold-tips", "--json"]).stdout)
        let manifest = try #require(json["manifest"] as? String)
        let bytes = try skillctl.run(["cat", manifest]).stdout
        let parsed = try object(bytes)
        #expect(parsed["format"] as? String == "skillstore.bundle.v1")
        #expect((parsed["files"] as? [[String: Any]])?.count == 2)
        #expect(!String(decoding: bytes, as: UTF8.self).contains(" "))
    }

    @Test func listingsAndInitAnswerInJSON() throws {
        let (_, skillctl, _) = try published()
        let ls = try JSONSerialization.jsonObject(with: try skillctl.run(["ls", "--json"]).stdout) as? [[String: Any]]
        #expect(ls?.map { $0["name"] as? String } == ["fold-tips"])
        #expect(ls?.first?["latest_label"] as? String == "1.0")
        let versions = try JSONSerialization.jsonObject(with: try skillctl.run(["versions", "fold-tips", "--json"]).stdout) as? [[String: Any]]
        #expect(versions?.count == 1)
        let initAgain = try object(try skillctl.run(["init", "--json"]).stdout)
        #expect((initAgain["applied"] as? [String])?.isEmpty == true)
        #expect((initAgain["migrations"] as? [String])?.first == "0001_init.sql")
        let fsck = try skillctl.run(["fsck"])
        #expect(fsck.status == 0)
        #expect(fsck.output.contains(": ok"))
    }
}
