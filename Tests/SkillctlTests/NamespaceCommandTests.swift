import Foundation
import Testing
import TestSupport

/// Namespaces from the command line: `publish --namespace` or a pack's
/// `.skillstore.yaml`, `NS/NAME` everywhere a skill is named, bare names
/// while they are unambiguous, and lock files that record the namespace.
@Suite struct NamespaceCommandTests {
    /// A store holding `acme/pdf` and `other/pdf`, published from two packs.
    final class TwoPacks {
        let folder: TemporaryFolder
        let skillctl: Skillctl

        init() throws {
            folder = try TemporaryFolder()
            skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
            try folder.write("acme/pdf/SKILL.md", skillMarkdown(name: "pdf", body: "# Pages\n\nRotate pages with qpdf.\n"))
            try folder.write("other/pdf/SKILL.md", skillMarkdown(name: "pdf", body: "# Invoices\n\nMerge scanned invoices.\n"))
            for namespace in ["acme", "other"] {
                let published = try skillctl.run(["publish", "--namespace", namespace, folder.path("\(namespace)/pdf")])
                #expect(published.status == 0, "\(published.stderr)")
                #expect(published.output.contains("\(namespace)/pdf"), "\(published.output)")
            }
        }

        func lock(_ folder: String) throws -> [String: Any] {
            let data = try Data(contentsOf: URL(fileURLWithPath: self.folder.path("\(folder)/skills.lock.json")))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
    }

    @Test func lsShowsBothSkillsQualifiedAndFiltersByNamespace() throws {
        let packs = try TwoPacks()
        let listed = try packs.skillctl.run(["ls"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let rows = listed.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.first == ["NAME", "LATEST", "ID", "BUNDLE", "VERSIONS"])
        #expect(rows.dropFirst().map(\.first) == ["acme/pdf", "other/pdf"])
        let acmeOnly = try packs.skillctl.run(["ls", "--namespace", "acme"])
        #expect(acmeOnly.output.contains("acme/pdf") && !acmeOnly.output.contains("other/pdf"))
        #expect(try packs.skillctl.run(["ls", "--namespace", "Not/Valid"]).status == 2)
    }

    @Test func eachSkillIsFetchedByItsQualifiedName() throws {
        let packs = try TwoPacks()
        let acme = try packs.skillctl.run(["get", "acme/pdf"])
        #expect(acme.status == 0, "\(acme.stderr)")
        #expect(acme.output.hasPrefix("acme/pdf 1.0\n"), "\(acme.output)")
        #expect(acme.output.contains("qpdf") && !acme.output.contains("invoices"))
        let other = try packs.skillctl.run(["get", "other/pdf@1.0"])
        #expect(other.output.hasPrefix("other/pdf 1.0\n") && other.output.contains("invoices"))
        let json = try packs.skillctl.run(["get", "other/pdf", "--json"])
        let metadata = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(metadata["namespace"] as? String == "other")
        #expect((metadata["manifest"] as? String)?.count == 16)
    }

    @Test(arguments: [["get", "pdf"], ["versions", "pdf"], ["get", "pdf@1.0"]])
    func aBareNameHeldByTwoNamespacesExits2ListingThem(arguments: [String]) throws {
        let packs = try TwoPacks()
        let result = try packs.skillctl.run(arguments)
        #expect(result.status == 2, "\(result.output)\(result.stderr)")
        #expect(result.stderr.contains("acme/pdf") && result.stderr.contains("other/pdf"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aBareNameHeldByOneNamespaceStillWorks() throws {
        let packs = try TwoPacks()
        try packs.folder.write("acme/forms/SKILL.md", skillMarkdown(name: "forms"))
        #expect(try packs.skillctl.run(["publish", "--namespace", "acme", packs.folder.path("acme/forms")]).status == 0)
        let result = try packs.skillctl.run(["get", "forms"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output.hasPrefix("acme/forms 1.0\n"))
    }

    @Test func searchNamesTheNamespaceAndFiltersByIt() throws {
        let packs = try TwoPacks()
        let invoices = try packs.skillctl.run(["search", "invoices"])
        #expect(invoices.status == 0, "\(invoices.stderr)")
        // Both are `pdf` with the same description: one result, the other
        // namespace's copy listed under it ("also in"), not ranked.
        let results = { (output: String) in output.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init) }
        #expect(results(invoices.output).first?.hasPrefix("other/pdf ") == true)
        #expect(!results(invoices.output).contains { $0.hasPrefix("acme/pdf") })
        let both = try packs.skillctl.run(["search", "pdf", "--kind", "skill"])
        #expect(both.output.contains("acme/pdf") && both.output.contains("other/pdf"), "\(both.output)")
        let filtered = try packs.skillctl.run(["search", "pdf", "--namespace", "acme"])
        #expect(results(filtered.output).first?.hasPrefix("acme/pdf ") == true, "\(filtered.output)")
        #expect(!results(filtered.output).contains { $0.hasPrefix("other/pdf") }, "\(filtered.output)")
    }

    @Test func aLinkResolvesInTheLinkingSkillsOwnNamespace() throws {
        let packs = try TwoPacks()
        try packs.folder.write("acme/form-filler/SKILL.md", skillMarkdown(name: "form-filler", body: "# Forms\n\nFill them, then rotate with `pdf`.\n"))
        try packs.folder.write("third/review/SKILL.md", skillMarkdown(name: "review", body: "# Review\n\nCheck against `form-filler`.\n"))
        #expect(try packs.skillctl.run(["publish", "--namespace", "acme", packs.folder.path("acme/form-filler")]).status == 0)
        #expect(try packs.skillctl.run(["publish", "--namespace", "third", packs.folder.path("third/review")]).status == 0)
        func report(_ skill: String) throws -> [String: [[String: Any]]] {
            let result = try packs.skillctl.run(["links", skill, "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: [[String: Any]]])
        }
        let outgoing = try report("acme/form-filler")["outgoing"] ?? []
        #expect(outgoing.map { $0["to"] as? String } == ["pdf"])
        #expect(outgoing.first?["resolved"] as? Bool == true)
        #expect((try report("acme/pdf")["incoming"] ?? []).map { $0["from"] as? String } == ["acme/form-filler"])
        #expect((try report("other/pdf")["incoming"] ?? []).isEmpty)
        // `form-filler` is acme's: from another namespace the link does not resolve.
        let review = try report("third/review")["outgoing"] ?? []
        #expect(review.map { $0["to"] as? String } == ["form-filler"])
        #expect(review.first?["resolved"] as? Bool == false)
    }

    @Test func pullRecordsTheNamespaceAndRefusesToSwapOneForAnother() throws {
        let packs = try TwoPacks()
        let agent = packs.folder.path("agent")
        let pulled = try packs.skillctl.run(["pull", "acme/pdf", "--to", agent])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        let lock = try packs.lock("agent")
        #expect(lock["format"] as? String == "skillstore.lock.v2")
        let entry = try #require((lock["skills"] as? [[String: Any]])?.first)
        #expect(entry["namespace"] as? String == "acme" && entry["name"] as? String == "pdf")
        #expect(try String(contentsOfFile: agent + "/pdf/SKILL.md", encoding: .utf8).contains("qpdf"))

        let swap = try packs.skillctl.run(["pull", "other/pdf", "--to", agent])
        #expect(swap.status != 0)
        #expect(swap.stderr.contains("acme/pdf") && swap.stderr.contains("other/pdf"), "\(swap.stderr)")
        #expect(try String(contentsOfFile: agent + "/pdf/SKILL.md", encoding: .utf8).contains("qpdf"))
        #expect((try packs.lock("agent")["skills"] as? [[String: Any]])?.first?["namespace"] as? String == "acme")

        let forced = try packs.skillctl.run(["pull", "other/pdf", "--to", agent, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: agent + "/pdf/SKILL.md", encoding: .utf8).contains("invoices"))
        #expect((try packs.lock("agent")["skills"] as? [[String: Any]])?.first?["namespace"] as? String == "other")

        let both = try packs.skillctl.run(["pull", "acme/pdf", "other/pdf", "--to", packs.folder.path("fresh")])
        #expect(both.status == 2, "\(both.stderr)")
        #expect(!FileManager.default.fileExists(atPath: packs.folder.path("fresh/pdf")))
    }

    @Test func aLockFromBeforeNamespacesStillInstalls() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        try folder.write("src/field-notes/SKILL.md", skillMarkdown(name: "field-notes"))
        try folder.write("src/field-notes/references/gaps.md", "# Gaps\n")
        #expect(try skillctl.run(["publish", folder.path("src/field-notes")]).status == 0)
        #expect(try skillctl.run(["pull", "field-notes", "--to", folder.path("first")]).status == 0)
        // The same lock as the previous release wrote it: format v1, no namespace.
        let v2 = try String(contentsOfFile: folder.path("first/skills.lock.json"), encoding: .utf8)
        #expect(v2.contains("\"namespace\" : \"default\""))
        var lock = try #require(try JSONSerialization.jsonObject(with: Data(v2.utf8)) as? [String: Any])
        lock["format"] = "skillstore.lock.v1"
        lock["skills"] = (lock["skills"] as? [[String: Any]] ?? []).map { $0.filter { $0.key != "namespace" } }
        let v1 = try JSONSerialization.data(withJSONObject: lock, options: [.prettyPrinted, .sortedKeys])
        #expect(!String(decoding: v1, as: UTF8.self).contains("namespace"))
        try folder.write("old.lock.json", v1)

        let installed = try skillctl.run(["pull", "--locked", "--lock", folder.path("old.lock.json"), "--to", folder.path("second")])
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(FileManager.default.contents(atPath: folder.path("second/field-notes/references/gaps.md")) == Data("# Gaps\n".utf8))
        #expect(try skillctl.run(["verify", folder.path("second")]).status == 0)
        // Written back in the current format.
        let rewritten = try String(contentsOfFile: folder.path("second/skills.lock.json"), encoding: .utf8)
        #expect(rewritten == v2)
    }

    // MARK: The pack's settings file

    @Test func aPackFileChoosesTheNamespaceAndNamespaceOverridesIt() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        try folder.write("pack/.skillstore.yaml", "namespace: acme\n")
        try folder.write("pack/skills/pdf/SKILL.md", skillMarkdown(name: "pdf"))
        let published = try skillctl.run(["publish", folder.path("pack")])
        #expect(published.status == 0, "\(published.stderr)")
        #expect(published.output.contains("acme/pdf"), "\(published.output)")
        let overridden = try skillctl.run(["publish", "--namespace", "other", folder.path("pack")])
        #expect(overridden.output.contains("other/pdf"), "\(overridden.output)")
        #expect(try skillctl.run(["get", "acme/pdf", "--raw"]).status == 0)
        #expect(try skillctl.run(["get", "other/pdf", "--raw"]).status == 0)
    }

    @Test func aWrongPackFileIsRefusedWithItsPlaceAndNothingIsPublished() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        try folder.write("pack/.skillstore.yaml", "# pack settings\nnamspace: acme\n")
        try folder.write("pack/pdf/SKILL.md", skillMarkdown(name: "pdf"))
        let refused = try skillctl.run(["publish", folder.path("pack")])
        #expect(refused.status == 4, "\(refused.stderr)")
        #expect(refused.stderr.contains(folder.path("pack/.skillstore.yaml") + ":2:"), "\(refused.stderr)")
        #expect(refused.stderr.contains("pack-settings-invalid"))
        #expect(try skillctl.run(["ls"]).output.contains("pdf") == false)
        #expect(try skillctl.run(["publish", "--namespace", "Acme", folder.path("pack/pdf")]).status == 2)
    }

    // MARK: Tokens

    @Test func tokenCreateTakesANamespaceAndListsIt() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        #expect(try skillctl.run(["token", "create", "acme-ci", "--namespace", "acme"]).status == 0)
        #expect(try skillctl.run(["token", "create", "plain"]).status == 0)
        let listed = try skillctl.run(["token", "list"])
        let rows = listed.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.first?.prefix(3) == ["NAME", "NAMESPACE", "SCOPE"])
        #expect(rows.dropFirst().map { Array($0.prefix(2)) } == [["acme-ci", "acme"], ["plain", "default"]])
    }

    // MARK: Seeds

    @Test(.enabled(if: Seeds.available, Seeds.skipReason))
    func theSeedsKeepTheirIdsAndServedTextBesideAnotherNamespace() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let label = "git:20261019.5ff724cA"
        #expect(try skillctl.run(["publish", "--version", label, Seeds.path("duo-ergonomics")]).status == 0)
        let elsewhere = try skillctl.run(["publish", "--json", "--namespace", "acme", "--version", "git:20261018.dfcd3c5A",
                                          Seeds.path("duo-navigation")])
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
        // Ids are the content's, whatever the namespace.
        #expect(elsewhere.output.contains("\"84e1c7e0ee82cb1e\""), "\(elsewhere.output)")
        let listed = try skillctl.run(["ls"])
        #expect(listed.output.contains("acme/duo-navigation") && listed.output.contains("9d4359094e2074e6"))

        let served = try Data(contentsOf: Seeds.url("served/duo-ergonomics.txt"))
        let get = try skillctl.run(["get", "duo-ergonomics"])
        #expect(get.status == 0, "\(get.stderr)")
        #expect(get.stdout == served)
        #expect(try skillctl.run(["get", "default/duo-ergonomics"]).stdout == served)
        // The other namespace's skill is served under its qualified name, the rest unchanged.
        let navigation = try skillctl.run(["get", "duo-navigation"])
        let expected = String(decoding: try Data(contentsOf: Seeds.url("served/duo-navigation.txt")), as: UTF8.self)
        #expect(navigation.output == "acme/" + expected)
    }
}
