import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// `limit` and `cursor` on the list routes: a bare JSON array per page, the
/// next page in `Link` and `X-Next-Cursor`, none after the last.
@Suite struct ListPagingRouteTests {
    let fixture: ServerFixture

    /// Five skills, `echo` with three versions, and three sources.
    init() throws {
        fixture = try ServerFixture()
        try fixture.publish(try ["alpha", "bravo", "charlie", "delta"].map { try fixture.skill($0) })
        for label in ["1.0", "2.0", "3.0"] {
            try fixture.publish([try fixture.skill("echo", version: label, body: "# Echo \(label)\n\nText.\n")])
        }
        for page in ["a", "b", "c"] {
            let path = try fixture.write("\(page).txt", "Heading \(page)\n\nText.\n")
            _ = try fixture.store.publishSource(url: "https://example.org/\(page)", path: path, publisher: "tester")
        }
    }

    @Test func pagesFollowTheCursorToTheEnd() throws {
        let first = fixture.get("/api/v1/skills", query: ["limit": "2"])
        #expect(first.status == 200)
        #expect(try first.decoded([SkillSummary].self).map(\.name) == ["alpha", "bravo"])
        // Skills page by name, then namespace.
        let cursor = ListPaging.cursor(after: "bravo default")
        #expect(first.header("X-Next-Cursor") == cursor)
        #expect(first.header("Link") == "</api/v1/skills?limit=2&cursor=\(cursor)>; rel=\"next\"")

        let second = fixture.get("/api/v1/skills", query: ["limit": "2", "cursor": cursor])
        #expect(try second.decoded([SkillSummary].self).map(\.name) == ["charlie", "delta"])
        let third = fixture.get("/api/v1/skills", query: ["limit": "2", "cursor": try #require(second.header("X-Next-Cursor"))])
        #expect(try third.decoded([SkillSummary].self) == [try fixture.store.skills().last!])
        #expect(third.header("X-Next-Cursor") == nil)
        #expect(third.header("Link") == nil)
    }

    @Test func aPageThatEndsTheListAnnouncesNoEmptyNextPage() throws {
        let exact = fixture.get("/api/v1/skills", query: ["limit": "5"])
        #expect(try exact.decoded([SkillSummary].self).count == 5)
        #expect(exact.header("X-Next-Cursor") == nil && exact.header("Link") == nil)
    }

    @Test func withoutLimitTheAnswerIsTheWholeListAsBefore() throws {
        let response = fixture.get("/api/v1/skills")
        #expect(response.text == String(decoding: APIJSON.encode(try fixture.store.skills()), as: UTF8.self) + "\n")
        #expect(response.header("X-Next-Cursor") == nil && response.header("Link") == nil)
        #expect(ListPaging.defaultLimit == ListPaging.maximumLimit)
    }

    /// Keyset paging: a skill published between two pages, sorting before
    /// the cursor, neither shifts the next page nor repeats an entry.
    @Test func aSkillPublishedBetweenPagesDoesNotShiftThem() throws {
        let first = fixture.get("/api/v1/skills", query: ["limit": "2"])
        try fixture.publish([try fixture.skill("aardvark")])
        let second = fixture.get("/api/v1/skills", query: ["limit": "2", "cursor": try #require(first.header("X-Next-Cursor"))])
        #expect(try second.decoded([SkillSummary].self).map(\.name) == ["charlie", "delta"])
    }

    @Test func versionsPageNewestFirst() throws {
        let path = "/api/v1/skills/echo/versions"
        let first = fixture.get(path, query: ["limit": "2"])
        let newest = try first.decoded([SkillVersion].self)
        #expect(newest.map(\.label) == ["3.0", "2.0"])
        let cursor = try #require(first.header("X-Next-Cursor"))
        #expect(cursor == ListPaging.cursor(after: String(newest[1].sequence)))
        #expect(first.header("Link") == "<\(path)?limit=2&cursor=\(cursor)>; rel=\"next\"")
        let last = fixture.get(path, query: ["limit": "2", "cursor": cursor])
        #expect(try last.decoded([SkillVersion].self).map(\.label) == ["1.0"])
        #expect(last.header("X-Next-Cursor") == nil)
        // Past the oldest version: an empty page of a skill that exists, 404 for one that does not.
        let oldest = ListPaging.cursor(after: String(try fixture.store.version(of: "echo", label: "1.0").sequence))
        #expect(fixture.get(path, query: ["cursor": oldest]).text == "[]\n")
        #expect(fixture.get("/api/v1/skills/no-such-skill/versions", query: ["cursor": oldest]).status == 404)
    }

    @Test func versionsOfABlobPage() throws {
        let version = try fixture.store.version(of: "echo", label: "2.0")
        let path = "/api/v1/versions/\(version.id.hex)"
        let page = fixture.get(path, query: ["limit": "1"])
        #expect(try page.decoded([SkillVersion].self) == [version])
        #expect(page.header("X-Next-Cursor") == nil)
        let after = ListPaging.cursor(after: String(version.sequence))
        #expect(fixture.get(path, query: ["limit": "1", "cursor": after]).text == "[]\n")
        let newer = ListPaging.cursor(after: String(version.sequence + 1))
        #expect(try fixture.get(path, query: ["cursor": newer]).decoded([SkillVersion].self) == [version])
    }

    @Test func sourcesPageByURL() throws {
        let first = fixture.get("/api/v1/sources", query: ["limit": "2"])
        #expect(try first.decoded([StoredSource].self).map(\.url) == ["https://example.org/a", "https://example.org/b"])
        #expect(first.header("X-Next-Cursor") == ListPaging.cursor(after: "https://example.org/b"))
        let last = fixture.get("/api/v1/sources", query: ["limit": "2", "cursor": try #require(first.header("X-Next-Cursor"))])
        #expect(try last.decoded([StoredSource].self).map(\.url) == ["https://example.org/c"])
        #expect(last.header("Link") == nil)
    }

    @Test(arguments: ["0", "-1", "1001", "ten", "2.5", " 2", "99999999999999999999"])
    func anInvalidLimitIs400OnEveryListRoute(limit: String) throws {
        for path in try listPaths() {
            let response = fixture.get(path, query: ["limit": limit])
            #expect(response.status == 400, "\(path)")
            #expect(response.errorDetail?.code == "BAD_REQUEST")
            #expect(response.errorDetail?.message == "limit takes a whole number from 1 to 1000, not '\(limit)'")
        }
    }

    @Test(arguments: ["!!", "YWxwaGE=", "a", "/w", "//8"])
    func aCursorTheServerDidNotGiveIs400(cursor: String) throws {
        for path in try listPaths() {
            let response = fixture.get(path, query: ["cursor": cursor])
            #expect(response.status == 400, "\(path) \(cursor)")
            #expect(response.errorDetail?.code == "BAD_REQUEST")
        }
    }

    /// As for every query argument, an empty value is no value: the first page.
    @Test func anEmptyLimitOrCursorIsAbsent() throws {
        let response = fixture.get("/api/v1/skills", query: ["limit": "", "cursor": ""])
        #expect(try response.decoded([SkillSummary].self) == (try fixture.store.skills()))
    }

    /// A version cursor carries a sequence number; a name is not one.
    @Test func aNameCursorOnAVersionListIs400() throws {
        let cursor = ListPaging.cursor(after: "alpha")
        #expect(fixture.get("/api/v1/skills/echo/versions", query: ["cursor": cursor]).status == 400)
        #expect(fixture.get("/api/v1/skills", query: ["cursor": cursor]).status == 200)
    }

    /// The paged routes with their parameters filled in.
    private func listPaths() throws -> [String] {
        let id = try fixture.store.version(of: "echo").id.hex
        return APIPath.paged.map { route in
            switch route.pattern {
            case APIPath.skillVersions.pattern: route.path("echo")
            case APIPath.skills.inNamespace.pattern: route.path(Namespace.defaultName)
            case APIPath.skillVersions.inNamespace.pattern: route.path(Namespace.defaultName, "echo")
            case APIPath.blobVersions.pattern: route.path(id)
            default: route.path()
            }
        }
    }
}
