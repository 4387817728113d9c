import Foundation
import Testing
import TestSupport

/// `skillctl --server` follows the list routes' pages: with a page smaller
/// than the store, `ls` and `versions` still print everything, as they do
/// locally.
@Suite(.serialized) struct PagedListingTests {
    @Test func listingsOverSeveralPagesPrintEverySkillAndVersion() throws {
        let folder = try TemporaryFolder()
        let local = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let names = ["alpha", "bravo", "charlie", "delta", "echo"]
        for name in names { try folder.write("pack/\(name)/SKILL.md", skillMarkdown(name: name)) }
        #expect(try local.run(["publish", folder.path("pack")]).status == 0)
        for label in ["2.0", "3.0"] {
            try folder.write("pack/echo/SKILL.md", skillMarkdown(name: "echo", extraFrontMatter: "version: \"\(label)\""))
            let published = try local.run(["publish", folder.path("pack/echo")])
            #expect(published.status == 0, "\(published.stderr)")
        }
        let server = try ServeProcess(database: local.database)
        var remote = local
        remote.environment["SKILLSTORE_SERVER"] = server.url
        remote.environment["SKILLSTORE_PAGE_LIMIT"] = "2"

        for command in [["ls"], ["ls", "--json"], ["versions", "echo"]] {
            let here = try local.run(command)
            let there = try remote.run(command)
            #expect(there.status == 0, "\(command): \(there.stderr)")
            #expect(there.output == here.output, "\(command)")
        }
        let listed = try remote.run(["ls"]).output
        for name in names { #expect(listed.contains(name)) }
        #expect(server.stop() == 0)
        // Five skills two at a time are three requests, for each of the three
        // `ls`; three versions are two.
        #expect(server.log.components(separatedBy: "\"GET /api/v1/skills\" 200").count - 1 == 9, "\(server.log)")
        #expect(server.log.components(separatedBy: "\"GET /api/v1/skills/echo/versions\" 200").count - 1 == 2, "\(server.log)")
    }
}
