import Foundation
import Testing
import TestSupport

/// Bundle pins: a bundle id (the manifest's) pins every file of a version;
/// a SKILL.md id shared by versions with different bundles is refused.
@Suite struct PullPinTests {
    /// `field-notes` 1.0 and 1.1: the same SKILL.md (labels come from
    /// --version), different references/gaps.md.
    final class SharedSkillFile {
        let folder: TemporaryFolder
        let skillctl: Skillctl
        /// Per label: the SKILL.md id and the bundle id, as publish printed them.
        var ids: [String: (skill: String, bundle: String)] = [:]

        init() throws {
            folder = try TemporaryFolder()
            skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
            try folder.write("src/field-notes/SKILL.md", skillMarkdown(name: "field-notes", extraFrontMatter: "license: MIT"))
            for (label, gap) in [("1.0", "3 mm"), ("1.1", "4 mm")] {
                try folder.write("src/field-notes/references/gaps.md", "# Gaps\n\nThe gap is \(gap).\n")
                let published = try skillctl.run(["publish", "--version", label, folder.path("src/field-notes")])
                #expect(published.status == 0, "\(published.stderr)")
                // new  field-notes  LABEL  SKILL.md-id  bundle-id
                let row = published.output.split(separator: " ", omittingEmptySubsequences: true).map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                #expect(row.count == 5, "\(published.output)")
                ids[label] = (row[3], row[4])
            }
        }

        func gap(_ folder: String) throws -> String {
            try String(contentsOfFile: self.folder.path("\(folder)/field-notes/references/gaps.md"), encoding: .utf8)
        }
    }

    @Test func publishLsAndVersionsShowTheBundleID() throws {
        let setup = try SharedSkillFile()
        let first = try #require(setup.ids["1.0"])
        let second = try #require(setup.ids["1.1"])
        #expect(first.skill == second.skill)
        #expect(first.bundle != second.bundle)
        #expect(first.bundle.count == 16 && first.bundle.allSatisfy(\.isHexDigit))

        let listed = try setup.skillctl.run(["ls"]).output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(listed.count == 2)
        #expect(listed[1] == ["field-notes", "1.1", second.skill, second.bundle, "2"])

        let versions = try setup.skillctl.run(["versions", "field-notes"]).output.split(separator: "\n")
            .map { $0.split(separator: " ").map(String.init) }
        #expect(versions.first?.prefix(4) == ["SEQ", "LABEL", "ID", "BUNDLE"])
        #expect(versions.dropFirst().map { $0[3] } == [second.bundle, first.bundle])
        let json = try setup.skillctl.run(["get", "field-notes@1.0", "--json"])
        let metadata = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
        #expect(metadata?["manifest"] as? String == first.bundle)
    }

    @Test func aSharedSkillFileIdIsRefusedListingTheBundles() throws {
        let setup = try SharedSkillFile()
        let first = try #require(setup.ids["1.0"])
        let second = try #require(setup.ids["1.1"])
        let refused = try setup.skillctl.run(["pull", first.skill, "--to", setup.folder.path("agent")])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains(first.bundle) && refused.stderr.contains(second.bundle), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.folder.path("agent/field-notes")))
    }

    @Test func aBundleIDInstallsExactlyThatBundle() throws {
        let setup = try SharedSkillFile()
        let first = try #require(setup.ids["1.0"])
        let pulled = try setup.skillctl.run(["pull", first.bundle, "--to", setup.folder.path("agent")])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(try setup.gap("agent").contains("3 mm"))
        #expect(pulled.output.contains(first.bundle), "\(pulled.output)")
        let data = try Data(contentsOf: URL(fileURLWithPath: setup.folder.path("agent/skills.lock.json")))
        let lock = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entry = (lock?["skills"] as? [[String: Any]])?.first
        #expect(entry?["manifest"] as? String == first.bundle)
        #expect(entry?["label"] as? String == "1.0")

        // And a locked pull of that lock reproduces 1.0, not the latest.
        let again = try setup.skillctl.run([
            "pull", "--locked", "--lock", setup.folder.path("agent/skills.lock.json"), "--to", setup.folder.path("copy"),
        ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try setup.gap("copy").contains("3 mm"))
    }

    @Test func aSkillFileIdOfOneBundleStillInstalls() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        try folder.write("src/lone/SKILL.md", skillMarkdown(name: "lone"))
        let published = try skillctl.run(["publish", "--json", folder.path("src/lone")])
        let report = try JSONSerialization.jsonObject(with: published.stdout) as? [String: Any]
        let id = try #require((report?["published"] as? [[String: Any]])?.first?["id"] as? String)
        let pulled = try skillctl.run(["pull", id, "--to", folder.path("agent")])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("agent/lone/SKILL.md")))
    }
}
