import Foundation
import Testing
@testable import SkillStore
import TestSupport

/// A lenient publish records its warnings with the version, in the same
/// transaction; a strict one refuses as before and leaves nothing. Nested
/// skill folders are skills of their own and files of their parent.
@Suite("Lenient publish and nested skills")
struct LenientPublishTests {
    @Test("warnings and the declared name are recorded with the version and read back")
    func warningsAreRecordedWithTheVersion() throws {
        let fixture = try StoreFixture()
        try fixture.write("Daily Paper Roast/SKILL.md", "---\nname: Daily Paper Roast\ndescription: Roasts papers.\nmetadata: yes\n---\n\n# Roast\n")

        let report = try fixture.publish([fixture.folder.path])

        let result = try #require(report.results.first)
        #expect(result.name == "daily-paper-roast")
        #expect(result.warnings?.map(\.code) == ["name-not-an-id", "metadata-not-map"])
        let version = try fixture.store.version(of: "daily-paper-roast")
        #expect(version.declaredName == "Daily Paper Roast")
        #expect(version.warnings == [
            Diagnostic(path: "SKILL.md", location: SourceLocation(line: 2, column: 7), severity: .warning,
                       message: "name 'Daily Paper Roast' is not a skill id (it may hold only lowercase letters a-z, "
                           + "digits and hyphens); published as 'daily-paper-roast'",
                       code: "name-not-an-id"),
            Diagnostic(path: "SKILL.md", location: SourceLocation(line: 4, column: 11), severity: .warning,
                       message: "'metadata' is not a map", code: "metadata-not-map"),
        ])
        #expect(try fixture.store.versions(of: "daily-paper-roast").first?.warnings?.count == 2)
    }

    @Test("a second skill of the same name in one publish is named by the folders above it; strict refuses it")
    func aDuplicateNameIsNamedApartByItsFolders() throws {
        let fixture = try StoreFixture()
        try fixture.write("skills/autoplan/SKILL.md", "---\nname: autoplan\ndescription: One.\n---\n\nOne.\n")
        try fixture.write("skills/gstack/autoplan/SKILL.md", "---\nname: autoplan\ndescription: Two.\n---\n\nTwo.\n")
        try fixture.write("more/gstack/autoplan/SKILL.md", "---\nname: autoplan\ndescription: Three.\n---\n\nThree.\n")

        #expect {
            try fixture.publish([fixture.folder.path]) { $0.strict = true }
        } throws: { error in
            (error as? InputRefused)?.diagnostics.map(\.code) == ["name-duplicate", "name-duplicate"]
        }

        let report = try fixture.publish([fixture.folder.path])
        // Nearest the root first, so skills/autoplan keeps the name; each
        // other one is named by the first folder up that the first one does
        // not have there (gstack), else by as few folders above it as make
        // it unique.
        #expect(report.results.map(\.name) == ["autoplan", "gstack-autoplan", "skills-gstack-autoplan"])
        #expect(try fixture.store.version(of: "autoplan").description == "One.")
        let renamed = try fixture.store.version(of: "gstack-autoplan")
        #expect(renamed.declaredName == "autoplan")
        #expect(renamed.warnings?.map(\.code) == ["name-duplicate"])
        #expect(renamed.description == "Three.")
        #expect(try fixture.store.version(of: "skills-gstack-autoplan").description == "Two.")
        // The same pack again names them the same way.
        #expect(try fixture.publish([fixture.folder.path]).results.map(\.status) == [.unchanged, .unchanged, .unchanged])
    }

    @Test("copies kept deeper in a pack are named apart by the folder they differ in, else by their place in it")
    func backedUpCopiesAreNamedApart() throws {
        // The pack's own skill, and copies that repeat the folders nearest
        // it under dated folders: the three folders above each are alike.
        let places = [
            "backups/2025-10-19/plugins/docs/skills/pdf", "backups/2025-11-08/plugins/docs/skills/pdf",
        ] + ["01", "02", "03", "04", "05"].map { "backups/2026-\($0)/old/plugins/docs/skills/pdf" } + ["plugins/docs/skills/pdf"]
        func publish(below root: String) throws -> (StoreFixture, PublishReport) {
            let fixture = try StoreFixture()
            for (index, place) in places.enumerated() {
                try fixture.write("\(root)/\(place)/SKILL.md", "---\nname: pdf\ndescription: Copy \(index).\n---\n\nText.\n")
            }
            return (fixture, try fixture.publish([fixture.temporary.path(root)]))
        }
        let (fixture, report) = try publish(below: "pack")
        // Nearest the root first: the pack's own keeps the name, whatever
        // the order of the folders' names.
        #expect(try fixture.store.version(of: "pdf").description == "Copy 7.")
        let digest = BlobDigest(of: Array("backups/2026-05/old/plugins/docs/skills/pdf".utf8)).hex.prefix(8)
        #expect(report.results.map(\.name) == [
            "pdf", "2025-10-19-pdf", "2025-11-08-pdf",
            "old-pdf", "skills-pdf", "docs-skills-pdf", "plugins-docs-skills-pdf", "pdf-\(digest)",
        ])
        #expect(try fixture.store.version(of: SkillKey(namespace: Namespace.defaultName, name: "pdf-\(digest)")).description == "Copy 6.")
        let messages = try report.results.dropFirst().map { try #require($0.warnings?.first?.message) }
        #expect(messages[0].hasSuffix(
            "published as '2025-10-19-pdf', named by the nearest folder above it that is not above the other"))
        #expect(messages[3].hasSuffix("published as 'skills-pdf', named by the folders above it"))
        #expect(messages[6].hasSuffix("named by its place in the pack ('backups/2026-05/old/plugins/docs/skills/pdf')"))

        // The same pack checked out elsewhere names them alike.
        let (_, again) = try publish(below: "another/checkout")
        #expect(again.results.map(\.name) == report.results.map(\.name))
    }

    @Test("a copy's folders are cut short, not its name, to fit 64 characters; a 64-character name takes the digest")
    func aLongFolderIsCutNotTheName() throws {
        let fixture = try StoreFixture()
        let name = "conducting-browser-compatibility-tests"  // 38 characters
        let long = String(repeating: "x", count: 63)
        try fixture.write("pack/skills/\(name)/SKILL.md", "---\nname: \(name)\ndescription: One.\n---\n\nText.\n")
        try fixture.write("pack/browser-compatibility-tester-20251019/skills/\(name)/SKILL.md",
                          "---\nname: \(name)\ndescription: Two.\n---\n\nText.\n")
        try fixture.write("pack/a/\(long)/SKILL.md", "---\nname: \(long)\ndescription: One.\n---\n\nText.\n")
        try fixture.write("pack/b/c/\(long)/SKILL.md", "---\nname: \(long)\ndescription: Two.\n---\n\nText.\n")
        let report = try fixture.publish([fixture.temporary.path("pack")])
        #expect(report.refused.isEmpty)
        let names = report.results.map(\.name)
        #expect(names.contains("browser-compatibility-tes-\(name)"), "\(names)")
        #expect(names.allSatisfy { $0.utf8.count <= 64 && SkillName.problem(with: $0) == nil }, "\(names)")
        let digest = BlobDigest(of: Array("b/c/\(long)".utf8)).hex.prefix(8)
        #expect(names.contains(String(long.prefix(55)) + "-" + digest), "\(names)")
    }

    @Test("a clean version has no warnings and no declared name, so its JSON is unchanged")
    func cleanVersionJSONIsUnchanged() throws {
        let fixture = try StoreFixture()
        try fixture.publish([try fixture.skill("clean-skill")])
        let version = try fixture.store.version(of: "clean-skill")
        #expect(version.warnings == nil)
        #expect(version.declaredName == nil)
        let json = String(decoding: try JSONEncoder().encode(version), as: UTF8.self)
        #expect(!json.contains("warnings") && !json.contains("declaredName"))
    }

    @Test("a strict publish refuses with today's codes and writes nothing")
    func strictPublishRefuses() throws {
        let fixture = try StoreFixture()
        try fixture.write("rag-qdrant/SKILL.md", SkillMarkdown.minimal("qdrant-vector-search"))
        try fixture.write("plain/SKILL.md", "# Plain\n\nNo front-matter.\n")

        #expect {
            try fixture.publish([fixture.folder.path]) { $0.strict = true }
        } throws: { error in
            (error as? InputRefused)?.diagnostics.map(\.code).sorted() == ["front-matter-missing", "name-folder-mismatch"]
        }
        #expect(try fixture.store.skills().isEmpty)

        let report = try fixture.publish([fixture.folder.path])
        #expect(report.results.map(\.name).sorted() == ["plain", "qdrant-vector-search"])
        #expect(try fixture.store.version(of: "plain").warnings?.map(\.code) == ["front-matter-missing"])
        #expect(try fixture.store.version(of: "plain").description == "No front-matter.")
    }

    @Test("a SKILL.md below another skill's folder is a skill, and stays a file of the outer one")
    func nestedSkills() throws {
        let fixture = try StoreFixture()
        try fixture.skill("outer")
        try fixture.write("outer/references/notes.md", "# Notes\n")
        try fixture.write("outer/skills/inner/SKILL.md", SkillMarkdown.minimal("inner"))
        try fixture.write("outer/skills/inner/deeper/SKILL.md", SkillMarkdown.minimal("deeper"))
        try fixture.write("outer/.git/hidden/SKILL.md", SkillMarkdown.minimal("hidden"))

        let sources = try SkillSource.discover([fixture.temporary.path("outer")])
        #expect(sources.map { $0.folderName } == ["outer", "inner", "deeper"])

        try fixture.publish([fixture.temporary.path("outer")])
        #expect(try fixture.store.skills().map(\.name) == ["deeper", "inner", "outer"])
        #expect(try fixture.store.version(of: "outer").files.map(\.path) == [
            "SKILL.md", "references/notes.md", "skills/inner/SKILL.md", "skills/inner/deeper/SKILL.md",
        ])
        #expect(try fixture.store.version(of: "inner").files.map(\.path) == ["SKILL.md", "deeper/SKILL.md"])
    }

    @Test("hidden folders are searched only when no skill sits outside them, and .git never")
    func hiddenFoldersAreSearchedWhenNothingElseHoldsASkill() throws {
        let fixture = try StoreFixture()
        try fixture.write("only-hidden/.claude/skills/tidy/SKILL.md", SkillMarkdown.minimal("tidy"))
        try fixture.write("only-hidden/.git/stray/SKILL.md", SkillMarkdown.minimal("stray"))
        try fixture.write("mixed/plain/SKILL.md", SkillMarkdown.minimal("plain"))
        try fixture.write("mixed/.gemini/skills/copy/SKILL.md", SkillMarkdown.minimal("copy"))

        #expect(try SkillSource.discover([fixture.temporary.path("only-hidden")]).map(\.folderName) == ["tidy"])
        #expect(try SkillSource.discover([fixture.temporary.path("mixed")]).map(\.folderName) == ["plain"])
    }

    @Test("a skill without front-matter keeps its graph when graphs are extracted again")
    func graphOfAFrontMatterlessSkillIsExtractedAgain() throws {
        let fixture = try StoreFixture()
        try fixture.write("plain-rules/SKILL.md", "# Plain\n\nNo front-matter.\n\n## Rules\n\n1. **Keep it short.** Short rules are read.\n")
        try fixture.publish([fixture.temporary.path("plain-rules")])
        try fixture.store.database.query("DELETE FROM rules")
        try fixture.store.database.query("UPDATE versions SET graph_version = 0")

        let reopened = try SkillStore(path: fixture.databasePath)
        #expect(try reopened.database.query("SELECT rule_id FROM rules").map { $0.string("rule_id") } == ["R1"])
    }
}
