import Foundation
import Testing
import TestSupport

/// `skillctl yank`: a yanked version is never the latest, so `get NAME`,
/// `ls`, `search` and `pull NAME` pass over it, while a lock that pins it
/// still installs it, with a warning (cargo's semantics).
@Suite struct YankCommandTests {
    /// `field-notes` 1.0 and 2.0, each with a word of its own.
    final class TwoVersions {
        let folder: TemporaryFolder
        let skillctl: Skillctl

        init() throws {
            folder = try TemporaryFolder()
            skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
            for (label, word) in [("1.0", "hinge"), ("2.0", "torsion")] {
                try folder.write(
                    "src/field-notes/SKILL.md",
                    skillMarkdown(name: "field-notes", extraFrontMatter: "version: \"\(label)\"", body: "# Notes\n\nThe \(word) gap.\n"))
                let published = try skillctl.run(["publish", folder.path("src/field-notes")])
                #expect(published.status == 0, "\(published.stderr)")
            }
        }

        func yank(_ reason: String = "the torsion gap is wrong") throws -> ProcessOutcome {
            try skillctl.run(["yank", "field-notes@2.0", "--reason", reason, "--by", "alice"])
        }

        func installed(_ folder: String) throws -> String {
            try String(contentsOfFile: self.folder.path("\(folder)/field-notes/SKILL.md"), encoding: .utf8)
        }
    }

    @Test func aYankedVersionIsPassedOverByNameLookups() throws {
        let setup = try TwoVersions()
        let yanked = try setup.yank()
        #expect(yanked.status == 0, "\(yanked.stderr)")
        #expect(yanked.stderr.contains("field-notes@2.0 is yanked"), "\(yanked.stderr)")

        #expect(try setup.skillctl.run(["get", "field-notes"]).output.hasPrefix("field-notes 1.0\n"))
        let listed = try setup.skillctl.run(["ls"]).output.split(separator: "\n")
        #expect(listed.dropFirst().map { $0.split(separator: " ").prefix(2).map(String.init) } == [["field-notes", "1.0"]])
        #expect(try setup.skillctl.run(["search", "torsion"]).output.contains("field-notes") == false)
        #expect(try setup.skillctl.run(["search", "torsion", "--all-versions"]).output.contains("field-notes"))
        let pulled = try setup.skillctl.run(["pull", "field-notes", "--to", setup.folder.path("agent")])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(try setup.installed("agent").contains("hinge"))
        #expect(!pulled.stderr.contains("yanked"))
    }

    @Test func versionsAndGetJSONShowTheYank() throws {
        let setup = try TwoVersions()
        #expect(try setup.yank().status == 0)
        let versions = try setup.skillctl.run(["versions", "field-notes"])
        let rows = versions.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.first?.last == "YANKED")
        #expect(rows.count == 3)
        #expect(rows[1][1] == "2.0" && rows[1].last != "-")
        #expect(rows[2][1] == "1.0" && rows[2].last == "-")

        let json = try setup.skillctl.run(["get", "field-notes@2.0", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stderr.contains("warning: field-notes@2.0 was yanked"), "\(json.stderr)")
        let metadata = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let yank = try #require(metadata["yank"] as? [String: Any])
        #expect(yank["by"] as? String == "alice")
        #expect(yank["reason"] as? String == "the torsion gap is wrong")
        #expect((yank["at"] as? String)?.isEmpty == false)
        let older = try setup.skillctl.run(["get", "field-notes@1.0", "--json"])
        #expect((try JSONSerialization.jsonObject(with: older.stdout) as? [String: Any])?["yank"] == nil)
    }

    @Test func aLockedPullInstallsAYankedVersionWithAWarning() throws {
        let setup = try TwoVersions()
        let agent = setup.folder.path("agent")
        #expect(try setup.skillctl.run(["pull", "field-notes", "--to", agent]).status == 0)
        #expect(try setup.installed("agent").contains("torsion"))
        #expect(try setup.yank().status == 0)

        let locked = try setup.skillctl.run([
            "pull", "--locked", "--lock", agent + "/skills.lock.json", "--to", setup.folder.path("elsewhere"),
        ])
        #expect(locked.status == 0, "\(locked.stderr)")
        #expect(try setup.installed("elsewhere").contains("torsion"))
        #expect(locked.stderr.contains("warning: field-notes@2.0 was yanked"), "\(locked.stderr)")
        #expect(locked.stderr.contains("the torsion gap is wrong"))

        // Named by its label, it installs too, with the same warning.
        let labelled = try setup.skillctl.run(["pull", "field-notes@2.0", "--to", setup.folder.path("third")])
        #expect(labelled.status == 0 && labelled.stderr.contains("was yanked"), "\(labelled.stderr)")
    }

    @Test func undoMakesTheVersionLatestAgain() throws {
        let setup = try TwoVersions()
        #expect(try setup.yank().status == 0)
        let undone = try setup.skillctl.run(["yank", "field-notes@2.0", "--undo"])
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(try setup.skillctl.run(["get", "field-notes"]).output.hasPrefix("field-notes 2.0\n"))
        let json = try setup.skillctl.run(["get", "field-notes@2.0", "--json"])
        #expect((try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])?["yank"] == nil)
    }

    @Test(arguments: [
        ["yank", "field-notes@2.0"],
        ["yank", "field-notes", "--reason", "x"],
        ["yank", "field-notes@2.0", "--reason", "  "],
        ["yank", "field-notes@2.0", "--undo", "--reason", "x"],
    ])
    func aYankWithoutAVersionOrAReasonIsAUsageError(arguments: [String]) throws {
        let setup = try TwoVersions()
        let result = try setup.skillctl.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(try setup.skillctl.run(["get", "field-notes"]).output.hasPrefix("field-notes 2.0\n"))
    }

    @Test func aYankNamesTheNamespaceWhenTwoHoldTheName() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        for namespace in ["acme", "other"] {
            try folder.write("\(namespace)/pdf/SKILL.md", skillMarkdown(name: "pdf"))
            #expect(try skillctl.run(["publish", "--namespace", namespace, folder.path("\(namespace)/pdf")]).status == 0)
        }
        let ambiguous = try skillctl.run(["yank", "pdf@1.0", "--reason", "broken"])
        #expect(ambiguous.status == 2 && ambiguous.stderr.contains("acme/pdf"), "\(ambiguous.stderr)")
        #expect(try skillctl.run(["yank", "acme/pdf@1.0", "--reason", "broken"]).status == 0)
        #expect(try skillctl.run(["get", "other/pdf"]).status == 0)
        #expect(try skillctl.run(["get", "acme/pdf"]).status == 3)
        // The bare name now resolves to neither by latest, but is still ambiguous by name.
        #expect(try skillctl.run(["get", "pdf"]).status == 2)
    }
}
