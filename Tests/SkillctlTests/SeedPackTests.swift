import Foundation
import Testing
import TestSupport

/// The seed pack pins down ids and the served text form of a real server.
@Suite(.enabled(if: Seeds.available, Seeds.skipReason)) struct SeedPackTests {
    @Test func publishingTheSeedsReproducesTheReferenceIDs() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let result = try skillctl.run([
            "publish", "--json", "--version", "git:20261019.5ff724cA",
            Seeds.path("duo-ergonomics"), Seeds.path("duo-navigation"), Seeds.path("duo-postures"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
        let published = report?["published"] as? [[String: Any]] ?? []
        let ids = Dictionary(uniqueKeysWithValues: published.map { ($0["name"] as? String ?? "", $0["id"] as? String ?? "") })
        #expect(ids == [
            "duo-ergonomics": "9d4359094e2074e6",
            "duo-navigation": "84e1c7e0ee82cb1e",
            "duo-postures": "3d2168c5980cac45",
        ])
    }

    @Test(arguments: [
        ("duo-ergonomics", "git:20261019.5ff724cA"),
        ("duo-navigation", "git:20261018.dfcd3c5A"),
    ])
    func getPrintsTheServedTextFormByteForByte(name: String, label: String) throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let publish = try skillctl.run(["publish", "--version", label, Seeds.path(name)])
        #expect(publish.status == 0, "\(publish.stderr)")

        let served = try Data(contentsOf: URL(fileURLWithPath: Seeds.path("served/\(name).txt")))
        let get = try skillctl.run(["get", name])
        #expect(get.status == 0)
        #expect(get.stdout == served)

        let raw = try skillctl.run(["get", "\(name)@\(label)", "--raw"])
        #expect(raw.stdout == (try Data(contentsOf: URL(fileURLWithPath: Seeds.path("\(name)/SKILL.md")))))
    }
}
