import Foundation
import Testing
import TestSupport

/// `skillctl check` end to end: each check code has a skill that triggers it,
/// and the finding is printed on standard output in the compiler form
/// `path:line:col: severity: message [code]`. Errors exit 1, warnings alone 0.
///
/// Every test has its own folder and database; skills are written below it
/// and named by relative paths, so each line starts with the path as given.
/// A skill from `skillMarkdown` has five lines of front-matter and a blank
/// line; bodies here start with "# Title" and a blank line, so their first
/// paragraph is line 9.
@Suite struct CheckCommandTests {
    // MARK: - Clean

    @Test("A clean skill prints nothing on standard output and exits 0")
    func cleanSkill() throws {
        let check = try CheckFixture()
        try check.skill("clean-skill", "Fold the cover back before opening it.\n")

        let result = try check.run(["check", "clean-skill"])

        #expect(result.status == 0)
        #expect(result.output == "")
        #expect(result.stderr.hasSuffix("0 errors, 0 warnings\n"), "\(result.stderr)")
    }

    // MARK: - Errors

    @Test("A link whose text time disagrees with its URL time is an error [time-mismatch]")
    func timeMismatch() throws {
        let check = try CheckFixture()
        try check.skill("timed-skill", "Watch [the fold at 1:10](https://video.example.org/v?t=90).\n")

        let result = try check.run(["check", "timed-skill"])

        #expect(result.status == 1)
        #expect(findings(result) == ["timed-skill/SKILL.md:9:7: error: [time-mismatch]"])
        #expect(result.output.contains("link text says 1:10 but its URL starts at 1:30 (90 s)"))
    }

    @Test("A link text time that agrees with its URL time is fine, for a range too")
    func timeAgrees() throws {
        let check = try CheckFixture()
        try check.skill("timed-skill", """
            Watch [the fold at 1:10](https://video.example.org/v?time=70). \
            Then [0:41 to 1:02](https://video.example.org/v?t=41). \
            Then [1:02:03](https://video.example.org/v?list=2&t=1h2m3s).

            """)

        let result = try check.run(["check", "timed-skill"])

        #expect(result.status == 0)
        #expect(findings(result) == [])
    }

    @Test("A relative link to a file the folder lacks is an error [bundle-link-missing]")
    func bundleLinkMissing() throws {
        let check = try CheckFixture()
        try check.skill("linked-skill", "See [the notes](references/notes.md) and [the tent](references/tent.md).\n")
        try check.folder.write("linked-skill/references/tent.md", "# Tent\n")

        let result = try check.run(["check", "linked-skill"])

        #expect(result.status == 1)
        #expect(findings(result) == ["linked-skill/SKILL.md:9:5: error: [bundle-link-missing]"])
        #expect(result.output.contains("'references/notes.md'"))
    }

    @Test("Two rules with the same id are an error at the second [rule-duplicate]")
    func ruleDuplicate() throws {
        let check = try CheckFixture()
        try check.skill("dup-skill", "## Rules\n\n1. **R1** Fold first.\n2. **R1** Open last.\n")

        let result = try check.run(["check", "dup-skill"])

        #expect(result.status == 1)
        #expect(findings(result) == ["dup-skill/SKILL.md:12:1: error: [rule-duplicate]"])
        #expect(result.output.contains("rule R1 is already defined at line 11"))
    }

    // MARK: - Front-matter

    @Test("A YAML syntax error in the front-matter is an error at its file line [yaml]")
    func yamlError() throws {
        let check = try CheckFixture()
        try check.folder.write("bad-yaml/SKILL.md", skillMarkdown(name: "bad-yaml", description: "a: b #c"))

        let result = try check.run(["check", "bad-yaml"])

        #expect(result.status == 1)
        #expect(findings(result) == ["bad-yaml/SKILL.md:3:15: error: [yaml]"])
    }

    @Test("With --strict, name problems are errors where the name is [name-invalid] [name-folder-mismatch] [name-missing]")
    func nameErrors() throws {
        let check = try CheckFixture()
        try check.folder.write("bad-name/SKILL.md", skillMarkdown(name: "Bad_Name"))
        try check.folder.write("moved-skill/SKILL.md", skillMarkdown(name: "other-skill"))
        try check.folder.write("no-name/SKILL.md", "---\ndescription: Has no name.\nversion: \"1.0\"\n---\n\n# Title\n")

        let result = try check.run(["check", "--strict", "bad-name", "moved-skill", "no-name"])

        #expect(result.status == 1)
        #expect(findings(result) == [
            "bad-name/SKILL.md:2:7: error: [name-invalid]",
            "moved-skill/SKILL.md:2:7: error: [name-folder-mismatch]",
            "no-name/SKILL.md:1:1: error: [name-missing]",
        ])
    }

    // MARK: - Anchors

    @Test("A fragment naming no heading of a bundle file is a warning [anchor-unresolved]; --strict makes it an error")
    func anchorUnresolvedInABundleFile() throws {
        let check = try CheckFixture()
        try check.skill("tent-skill", "Set up [the tent](references/tent.md#setup), then [open it](references/tent.md#Opening-the-lid).\n")
        try check.folder.write("tent-skill/references/tent.md", "# Tent\n\n## Opening the lid\n\nLift it.\n")

        let result = try check.run(["check", "tent-skill"])
        #expect(result.status == 0)
        #expect(findings(result) == ["tent-skill/SKILL.md:9:8: warning: [anchor-unresolved]"])
        #expect(result.output.contains("'references/tent.md' has no heading for #setup"))

        let strict = try check.run(["check", "--strict", "tent-skill"])
        #expect(strict.status == 1)
        #expect(findings(strict) == ["tent-skill/SKILL.md:9:8: error: [anchor-unresolved]"])
    }

    @Test("A fragment naming no heading of SKILL.md itself is a warning, with or without the file name")
    func anchorUnresolvedInTheSkillItself() throws {
        let check = try CheckFixture()
        try check.skill("self-skill", """
            See [the rules](#ruels) and [the rules again](SKILL.md#ruels) and [the real ones](#rules).

            ## Rules

            1. Fold first.

            """)

        let result = try check.run(["check", "self-skill"])

        #expect(result.status == 0)
        #expect(findings(result) == [
            "self-skill/SKILL.md:9:5: warning: [anchor-unresolved]",
            "self-skill/SKILL.md:9:29: warning: [anchor-unresolved]",
        ])
    }

    @Test("A fragment naming no section of a stored plain-text source is a warning [anchor-unresolved]")
    func anchorUnresolvedInAStoredSource() throws {
        let check = try CheckFixture()
        try check.folder.write("guide.txt", """
            Folding guide

            Vertical controls

            The controls sit on the right side.

            Bottom bar

            The bar holds the menu.

            """)
        let published = try check.run(["publish", "--source", "https://example.org/guide", "guide.txt"])
        #expect(published.status == 0, "\(published.stderr)")
        try check.skill("sourced-skill", """
            The controls sit on the side ([guide](https://example.org/guide#Vertical-controls)). \
            The hinge is loud ([guide](https://example.org/guide#Hinge-noise)).

            """)

        let result = try check.run(["check", "sourced-skill"])
        // "[guide](...#Hinge-noise)" opens in column 105.
        #expect(result.status == 0)
        #expect(findings(result) == ["sourced-skill/SKILL.md:9:105: warning: [anchor-unresolved]"])
        #expect(result.output.contains("https://example.org/guide has no section for #Hinge-noise"))

        let strict = try check.run(["check", "--strict", "sourced-skill"])
        #expect(strict.status == 1)
        #expect(findings(strict) == ["sourced-skill/SKILL.md:9:105: error: [anchor-unresolved]"])
    }

    @Test("A time fragment (#t=70) on a stored source is a time, not a section name")
    func timeFragmentIsNotAnAnchor() throws {
        let check = try CheckFixture()
        try check.folder.write("video.txt", "Fold demo\n\nOpening\n\nThe lid opens.\n")
        #expect(try check.run(["publish", "--source", "https://video.example.org/v", "video.txt"]).status == 0)
        try check.skill("video-skill", "Watch [the lid open](https://video.example.org/v#t=70).\n")

        let result = try check.run(["check", "--strict", "video-skill"])

        #expect(result.status == 0)
        #expect(findings(result) == [])
    }

    // MARK: - Links

    @Test("A skill named in backticks that the store lacks is a warning [skill-unresolved]; a plain word is not")
    func skillUnresolved() throws {
        let check = try CheckFixture()
        try check.publishFirstSkill()
        try check.skill("linker-skill", "Use `missing-skill` to fold, `first-skill` to open, and a `frame` to box.\n")

        let result = try check.run(["check", "linker-skill"])

        #expect(result.status == 0)
        #expect(findings(result) == ["linker-skill/SKILL.md:9:6: warning: [skill-unresolved]"])
        #expect(result.output.contains("names skill 'missing-skill', which is not in the store"))
    }

    @Test("Skills on disk checked together see each other: a skill named by another of the run is not unresolved")
    func skillsCheckedTogetherSeeEachOther() throws {
        let check = try CheckFixture()
        try check.publishFirstSkill()
        // "R7" starts in column 47.
        try check.skill("alpha-skill", "Use `beta-skill` in R1, then `gamma-skill` in R7.\n")
        try check.skill("beta-skill", "## Rules\n\n1. Fold.\n")
        try check.skill("gamma-skill", "After `alpha-skill`, fold.\n")

        let together = try check.run(["check", "alpha-skill", "beta-skill", "gamma-skill"])

        #expect(together.status == 0, "\(together.stderr)")
        // gamma-skill has no R7: that link is still reported, against the skill of this run.
        #expect(findings(together) == ["alpha-skill/SKILL.md:9:47: warning: [rule-unresolved]"])
        #expect(together.output.contains("links to gamma-skill#R7, but 'gamma-skill' has no rule R7"))

        // Alone, the same skill's link is unresolved, as before.
        let alone = try check.run(["check", "gamma-skill"])
        #expect(findings(alone) == ["gamma-skill/SKILL.md:9:8: warning: [skill-unresolved]"])
    }

    @Test("A pack checked as one argument sees its own skills, and findings keep the order of the arguments")
    func aPackSeesItsOwnSkills() throws {
        let check = try CheckFixture()
        try check.publishFirstSkill()
        try check.skill("pack/one-skill", "Then use `two-skill`, rule R1.\n")
        try check.skill("pack/two-skill", "## Rules\n\n1. Fold.\n")
        try check.skill("lone-skill", "Fold [the notes](references/notes.md).\n")

        let result = try check.run(["check", "lone-skill", "pack"])

        #expect(result.status == 1)
        #expect(findings(result) == ["lone-skill/SKILL.md:9:6: error: [bundle-link-missing]"])
    }

    @Test("A rule link to a skill not yet published is a warning [rule-unresolved]; publishing it resolves the link")
    func ruleUnresolvedUntilTheTargetIsPublished() throws {
        let check = try CheckFixture()
        try check.publishFirstSkill()
        // "`target-skill`" is columns 8-21; R4 starts in column 26.
        try check.skill("linker-skill", "Follow `target-skill` in R4 when folding.\n")

        let before = try check.run(["check", "linker-skill"])
        #expect(before.status == 0)
        #expect(findings(before) == [
            "linker-skill/SKILL.md:9:9: warning: [skill-unresolved]",
            "linker-skill/SKILL.md:9:26: warning: [rule-unresolved]",
        ])
        #expect(before.output.contains("links to target-skill#R4, but 'target-skill' is not in the store"))

        try check.skill("src/target-skill", "## Rules\n\n1. One.\n2. Two.\n3. Three.\n4. Four.\n")
        #expect(try check.run(["publish", "src/target-skill"]).status == 0)

        let after = try check.run(["check", "linker-skill"])
        #expect(after.status == 0)
        #expect(findings(after) == [])
    }

    @Test("A rule link to a rule the published target lacks is a warning [rule-unresolved]")
    func ruleUnresolvedInAPublishedSkill() throws {
        let check = try CheckFixture()
        try check.skill("src/target-skill", "## Rules\n\n1. One.\n2. Two.\n")
        #expect(try check.run(["publish", "src/target-skill"]).status == 0)
        try check.skill("linker-skill", "Follow `target-skill` in R2 and R9 when folding.\n")

        let result = try check.run(["check", "linker-skill"])

        #expect(result.status == 0)
        #expect(findings(result) == ["linker-skill/SKILL.md:9:33: warning: [rule-unresolved]"])
        #expect(result.output.contains("links to target-skill#R9, but 'target-skill' has no rule R9"))
    }

    @Test("A link to a rule the skill itself lacks is a warning [rule-unresolved]; one it has is fine")
    func ruleUnresolvedInTheSkillItself() throws {
        let check = try CheckFixture()
        try check.publishFirstSkill()
        try check.skill("self-skill", "Our own R9 covers it, and R1 too.\n\n## Rules\n\n1. Fold first.\n")

        let result = try check.run(["check", "self-skill"])

        #expect(result.status == 0)
        #expect(findings(result) == ["self-skill/SKILL.md:9:9: warning: [rule-unresolved]"])
        #expect(result.output.contains("R9"))
    }

    @Test("Without a database, links are not checked, and standard error says so")
    func noDatabaseNoLinkChecks() throws {
        let check = try CheckFixture()
        try check.skill("linker-skill", "Use `missing-skill` and our own R9.\n")

        let result = try check.run(["check", "linker-skill"])

        #expect(result.status == 0)
        #expect(findings(result) == [])
        #expect(result.stderr.contains("no database at"))
        #expect(!FileManager.default.fileExists(atPath: check.skillctl.database.path), "check must not create a store")
    }

    // MARK: - Labels

    @Test("A label the legend does not declare is a warning [label-undeclared]; declaring it clears it")
    func labelUndeclared() throws {
        let check = try CheckFixture()
        try check.skill("derived-skill", "The fold takes 3 s (*derived*).\n")
        try check.skill("declared-skill", "*Derived* means worked out from other numbers.\n\nThe fold takes 3 s (*derived*).\n")

        let result = try check.run(["check", "derived-skill", "declared-skill"])

        #expect(result.status == 0)
        #expect(findings(result) == ["derived-skill/SKILL.md:9:1: warning: [label-undeclared]"])
        #expect(result.output.contains("uses the label 'derived', which the skill's legend does not declare"))
    }

    @Test("Measured claims without metadata.verified are a warning [measured-without-environment]")
    func measuredWithoutEnvironment() throws {
        let check = try CheckFixture()
        let body = "*Measured* means we timed it on a device.\n\nThe fold takes 3 s (*measured*).\n"
        try check.skill("unplaced-skill", body)
        try check.folder.write("placed-skill/SKILL.md", skillMarkdown(
            name: "placed-skill",
            extraFrontMatter: "version: \"1.0\"\nmetadata:\n  verified: Pixel Fold, Android 15, May 2025",
            body: "# Title\n\n" + body))

        let result = try check.run(["check", "unplaced-skill", "placed-skill"])

        #expect(result.status == 0)
        #expect(findings(result) == ["unplaced-skill/SKILL.md:11:1: warning: [measured-without-environment]"])
        #expect(result.output.contains("set metadata.verified"))
    }

    // MARK: - Output formats

    @Test("--json prints an array of objects with path, location, severity, message and code")
    func jsonOutput() throws {
        let check = try CheckFixture()
        try check.skill("timed-skill", "Watch [the fold at 1:10](https://video.example.org/v?t=90) (*derived*).\n")

        let result = try check.run(["check", "timed-skill", "--json"])

        #expect(result.status == 1)
        let objects = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        // In file order: the sentence (9:1) before its link (9:7).
        #expect(objects.map { $0["code"] as? String } == ["label-undeclared", "time-mismatch"])
        #expect(objects.map { $0["severity"] as? String } == ["warning", "error"])
        let mismatch = try #require(objects.last)
        #expect(Set(mismatch.keys) == ["path", "location", "severity", "message", "code"])
        #expect(mismatch["path"] as? String == "timed-skill/SKILL.md")
        let location = try #require(mismatch["location"] as? [String: Any])
        #expect(location["line"] as? Int == 9)
        #expect(location["column"] as? Int == 7)
        #expect((mismatch["message"] as? String)?.contains("1:10") == true)
    }

    @Test("--json for a clean skill is an empty array")
    func jsonOutputWhenClean() throws {
        let check = try CheckFixture()
        try check.skill("clean-skill", "Fold the cover back.\n")

        let result = try check.run(["check", "clean-skill", "--json"])

        #expect(result.status == 0)
        let objects = try JSONSerialization.jsonObject(with: result.stdout) as? [Any]
        #expect(objects?.isEmpty == true)
    }

    @Test("--sarif prints a SARIF 2.1.0 log from the skillctl driver")
    func sarifOutput() throws {
        let check = try CheckFixture()
        try check.skill("timed-skill", "Watch [the fold at 1:10](https://video.example.org/v?t=90) (*derived*).\n")

        let result = try check.run(["check", "timed-skill", "--sarif"])

        #expect(result.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let tool = try #require(runs[0]["tool"] as? [String: Any])
        let driver = try #require(tool["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "skillctl")
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["label-undeclared", "time-mismatch"])
        #expect(results.map { $0["level"] as? String } == ["warning", "error"])
        let mismatch = try #require(results.last)
        let message = try #require(mismatch["message"] as? [String: Any])
        #expect((message["text"] as? String)?.contains("1:10") == true)
        let locations = try #require(mismatch["locations"] as? [[String: Any]])
        let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
        let artifact = try #require(physical["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "timed-skill/SKILL.md")
        let region = try #require(physical["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 9)
        #expect(region["startColumn"] as? Int == 7)
    }

    @Test("--json and --sarif together are a usage error (exit 2)")
    func jsonAndSarifTogether() throws {
        let check = try CheckFixture()
        try check.skill("clean-skill", "Fold the cover back.\n")

        let result = try check.run(["check", "clean-skill", "--json", "--sarif"])

        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.stderr.contains("--sarif and --json cannot be combined"))
    }

    // MARK: - Published skills

    @Test("check NAME checks the published skill, with paths under its name")
    func checkAPublishedSkill() throws {
        let check = try CheckFixture()
        try check.skill("src/stored-skill", "The fold takes 3 s (*derived*). See [the notes](references/notes.md#setup).\n")
        try check.folder.write("src/stored-skill/references/notes.md", "# Notes\n\n## Opening\n")
        #expect(try check.run(["publish", "src/stored-skill"]).status == 0)

        // No file or folder is called "stored-skill" here: the name is the store's.
        for target in ["stored-skill", "stored-skill@1.0"] {
            let result = try check.run(["check", target])
            #expect(result.status == 0, "\(target): \(result.stderr)")
            #expect(findings(result) == [
                "stored-skill/SKILL.md:9:1: warning: [label-undeclared]",
                "stored-skill/SKILL.md:9:37: warning: [anchor-unresolved]",
            ], "\(target)")
        }
    }
}

// MARK: - Support

/// A folder with its own database (created only when something is published)
/// and skills written below it.
private final class CheckFixture {
    let folder: TemporaryFolder
    let skillctl: Skillctl

    init() throws {
        folder = try TemporaryFolder()
        skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
    }

    /// Writes `<path>/SKILL.md` for a skill named after the last path component,
    /// whose body is "# Title", a blank line and `body` (which starts on line 9).
    func skill(_ path: String, _ body: String) throws {
        let name = (path as NSString).lastPathComponent
        try folder.write("\(path)/SKILL.md", skillMarkdown(name: name, body: "# Title\n\n" + body))
    }

    /// Publishes an unrelated skill, so that the store exists.
    func publishFirstSkill() throws {
        try skill("src/first-skill", "Fold the cover back.\n")
        let result = try run(["publish", "src/first-skill"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Runs skillctl in the fixture folder.
    func run(_ arguments: [String]) throws -> Skillctl.Result {
        try skillctl.run(arguments, in: folder.url)
    }
}

/// Each diagnostic line of standard output without its message:
/// `path:line:col: severity: [code]`.
private func findings(_ result: Skillctl.Result) -> [String] {
    result.output.split(separator: "\n").map { line in
        guard let severity = [": error: ", ": warning: "].compactMap({ line.range(of: $0) }).first,
              let code = line.range(of: " [", options: .backwards)
        else { return String(line) }
        return String(line[..<severity.upperBound]) + String(line[code.lowerBound...].dropFirst())
    }
}
