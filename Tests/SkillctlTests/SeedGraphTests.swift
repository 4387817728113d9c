import Foundation
import Testing
import TestSupport

/// The knowledge graph of the seed pack, read back through skillctl as a user
/// would: rules and their titles, claims and their labels, the legend, talk
/// times, guideline anchors, cross-links between skills, and claim-level diffs.
@Suite(.enabled(if: Seeds.available, Seeds.skipReason)) struct SeedGraphTests {
    /// The guideline page the seed skills cite, stored as a source document.
    static let guidelineURL = "https://developer.apple.com/design/human-interface-guidelines/designing-for-iphone-duo"
    static let seedSkills = ["duo-ergonomics", "duo-navigation", "duo-postures"]
    static let labelWords = ["measured", "derived", "judgement", "unverified"]

    // MARK: - Rules and claims

    @Test func ergonomicsHasTenRulesAndItsRulesCarryTheirLabels() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.storeWithSeeds(in: folder)

        let rules = try Self.jsonArray(skillctl.run(["rules", "duo-ergonomics", "--json"]))
        #expect(rules.map { $0["id"] as? String } == (1...10).map { "R\($0)" })
        let r6 = rules.first { $0["id"] as? String == "R6" }
        #expect(r6?["title"] as? String == "Nothing interactive on the fold.")
        #expect(r6?["address"] as? String == "duo-ergonomics#R6")

        let r4 = try Self.jsonArray(skillctl.run(["claims", "duo-ergonomics", "--rule", "R4", "--json"]))
        #expect(r4.contains { $0["label"] as? String == "judgement" })
        #expect(r4.allSatisfy { $0["rule"] as? String == "R4" })

        // R2: a judgement sentence, with a measured parenthetical inside it
        // that is a claim of its own.
        let r2 = try Self.jsonArray(skillctl.run(["claims", "duo-ergonomics", "--rule", "R2", "--json"]))
        let measuredFragment = "Share and Delete at the bar's foot, closed"
        let judgement = r2.filter { $0["label"] as? String == "judgement" }
        #expect(judgement.count == 1)
        #expect(judgement.first.map { Self.text($0).contains(measuredFragment) } == true)
        let measured = r2.filter { $0["label"] as? String == "measured" }
        #expect(measured.map(Self.text) == [measuredFragment])
    }

    @Test func aLabelledBulletIsAClaimAndLegendSentencesAreNot() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.storeWithSeeds(in: folder)

        let ergonomics = try Self.jsonArray(skillctl.run(["claims", "duo-ergonomics", "--json"]))
        let bullet = ergonomics.filter { Self.text($0).hasPrefix("Measured closed: with") }
        #expect(bullet.count == 1)
        #expect(bullet.first?["label"] as? String == "measured")

        // "*Measured* means ..." defines the vocabulary; it claims nothing.
        for skill in Self.seedSkills {
            let claims = try Self.jsonArray(skillctl.run(["claims", skill, "--json"]))
            #expect(!claims.isEmpty)
            for word in Self.labelWords {
                let legendLike = claims.filter { Self.text($0).lowercased().contains("\(word) means ") }
                #expect(legendLike.isEmpty, "\(skill): legend sentence listed as a claim: \(legendLike.map(Self.text))")
            }
        }
    }

    /// No command prints a skill's legend, so it shows through check: a label
    /// the legend does not declare is reported as label-undeclared.
    @Test func theLegendDeclaresTheLabelsEachSkillUses() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.storeWithSeeds(in: folder)

        // duo-ergonomics uses all four labels and declares all four.
        let ergonomicsLabels = try Self.labelsUsed(by: "duo-ergonomics", skillctl)
        #expect(ergonomicsLabels.isSuperset(of: Self.labelWords))
        let ergonomics = try Self.diagnostics(skillctl.run(["check", "duo-ergonomics", "--json"], in: folder.url))
        #expect(ergonomics.filter { $0["code"] as? String == "label-undeclared" }.isEmpty)

        // duo-navigation uses measured and unverified, and declares them.
        #expect(try Self.labelsUsed(by: "duo-navigation", skillctl) == ["measured", "unverified"])
        let navigation = try Self.diagnostics(skillctl.run(["check", "duo-navigation", "--json"], in: folder.url))
        #expect(navigation.filter { $0["code"] as? String == "label-undeclared" }.isEmpty)

        // ... and only them: derived and judgement added to a copy are undeclared.
        try Self.copySeed("duo-navigation", to: "copy/duo-navigation", in: folder) {
            $0 + "\n*Derived* from two numbers of a test fixture.\n\nThe spacing here is the fixture's choice (*judgement*).\n"
        }
        let copy = try Self.diagnostics(skillctl.run(["check", folder.path("copy/duo-navigation"), "--json"]))
        let undeclaredInCopy = copy.filter { $0["code"] as? String == "label-undeclared" }
        #expect(undeclaredInCopy.count == 2)
        #expect(undeclaredInCopy.contains { Self.message($0).contains("'derived'") })
        #expect(undeclaredInCopy.contains { Self.message($0).contains("'judgement'") })

        // duo-postures writes "(derived; unverified)" but its legend names
        // only measured and unverified: exactly one warning, on that line.
        let derivedLine = try Self.lineNumbers(in: "duo-postures", containing: "derived").first
        let postures = try Self.diagnostics(skillctl.run(["check", "duo-postures", "--json"], in: folder.url))
        let undeclared = postures.filter { $0["code"] as? String == "label-undeclared" }
        #expect(undeclared.count == 1)
        #expect(undeclared.first?["severity"] as? String == "warning")
        #expect(undeclared.first.map(Self.message)?.contains("'derived'") == true)
        #expect(undeclared.first.map(Self.line) == derivedLine)
    }

    @Test func posturesNegatedLabelsAndTableCellLabels() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.storeWithSeeds(in: folder)
        let claims = try Self.jsonArray(skillctl.run(["claims", "duo-postures", "--json"]))

        // "Not yet measured: ..." says the opposite of measured.
        let notYet = claims.filter { Self.text($0).hasPrefix("Not yet measured:") }
        #expect(notYet.count == 1)
        #expect(notYet.first?["label"] as? String == "unlabelled")
        #expect(notYet.first.map { ($0["labels"] as? [String] ?? []).contains("measured") } == false)

        // The Tent row's cell ends "(...; unverified)": a bare label word in a table cell.
        let tent = claims.filter { ($0["context"] as? String)?.hasPrefix("Tent") == true }
        #expect(!tent.isEmpty)
        #expect(tent.contains { $0["label"] as? String == "unverified" })
    }

    // MARK: - Talk times

    @Test func everyTalkLinkTimeAgreesWithItsURL() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))

        for skill in Self.seedSkills {
            let check = try skillctl.run(["check", Seeds.path(skill), "--json"])
            let diagnostics = try Self.diagnostics(check)
            #expect(!diagnostics.isEmpty, "\(skill): \(check.stderr)")
            #expect(diagnostics.filter { $0["code"] as? String == "time-mismatch" }.isEmpty, "\(skill)")
        }

        // A copy whose bundle files exist checks clean of errors ...
        try Self.copySeed("duo-ergonomics", to: "clean/duo-ergonomics", in: folder, stubBundle: true)
        let clean = try skillctl.run(["check", folder.path("clean/duo-ergonomics"), "--json"])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(try Self.diagnostics(clean).filter { $0["severity"] as? String == "error" }.isEmpty)

        // ... until one URL time no longer matches its text.
        let editedLine = try #require(try Self.lineNumbers(in: "duo-ergonomics", containing: "time=70").first)
        try Self.copySeed("duo-ergonomics", to: "edited/duo-ergonomics", in: folder, stubBundle: true) {
            Self.replacingFirst("time=70", with: "time=71", in: $0)
        }
        let edited = try skillctl.run(["check", folder.path("edited/duo-ergonomics"), "--json"])
        #expect(edited.status == 1)
        let errors = try Self.diagnostics(edited).filter { $0["severity"] as? String == "error" }
        #expect(errors.map { $0["code"] as? String } == ["time-mismatch"])
        #expect(errors.first.map(Self.line) == editedLine)
    }

    // MARK: - Guideline anchors

    @Test func guidelineAnchorsResolveToSectionsOfThePublishedSource() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.storeWithSeeds(in: folder)
        let source = try skillctl.run([
            "publish", "--json", "--source", Self.guidelineURL, Seeds.path("sources/designing-for-iphone-duo.txt"),
        ])
        #expect(source.status == 0, "\(source.stderr)")
        let stored = try JSONSerialization.jsonObject(with: source.stdout) as? [String: Any]
        #expect(stored?["id"] as? String == "4a1a2367759dbf8c")
        #expect((stored?["sections"] as? Int ?? 0) > 0)

        // The five anchors the seeds use, all of which must name a section.
        let anchors = ["Vertical-controls", "Device-poses", "Best-practices", "Reserved-regions", "Arrangement-views"]
        let seedText = try Self.seedSkills.map { try Self.seedText($0) }.joined()
        for anchor in anchors {
            #expect(seedText.contains("\(Self.guidelineURL)#\(anchor)"), "the seeds no longer cite #\(anchor)")
        }
        let check = try Self.diagnostics(skillctl.run(["check"] + Self.seedSkills.map { Seeds.path($0) } + ["--json"]))
        let unresolved = check.filter { $0["code"] as? String == "anchor-unresolved" }
        #expect(unresolved.isEmpty, "\(unresolved.map(Self.message))")

        // A reviewer sees the section a citation points at.
        let provenance = try skillctl.run(["provenance", "duo-ergonomics#R2", "--json"])
        #expect(provenance.status == 0, "\(provenance.stderr)")
        let view = try JSONSerialization.jsonObject(with: provenance.stdout) as? [String: Any]
        let citations = (view?["items"] as? [[String: Any]] ?? []).flatMap { $0["citations"] as? [[String: Any]] ?? [] }
        let verticalControls = citations.filter { $0["fragment"] as? String == "Vertical-controls" }
        #expect(!verticalControls.isEmpty)
        for citation in verticalControls {
            #expect(citation["section"] as? String == "Vertical controls")
            #expect(!((citation["section_opening"] as? String) ?? "").isEmpty)
        }
    }

    @Test func aMadeUpAnchorIsAWarningAndAnErrorWhenStrict() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let source = try skillctl.run([
            "publish", "--source", Self.guidelineURL, Seeds.path("sources/designing-for-iphone-duo.txt"),
        ])
        #expect(source.status == 0, "\(source.stderr)")

        let anchorLine = try #require(try Self.lineNumbers(in: "duo-ergonomics", containing: "#Vertical-controls").first)
        try Self.copySeed("duo-ergonomics", to: "copy/duo-ergonomics", in: folder, stubBundle: true) {
            Self.replacingFirst("#Vertical-controls", with: "#No-such-section", in: $0)
        }
        let path = folder.path("copy/duo-ergonomics")

        let lenient = try skillctl.run(["check", path, "--json"])
        #expect(lenient.status == 0, "\(lenient.stderr)")
        let warnings = try Self.diagnostics(lenient).filter { $0["code"] as? String == "anchor-unresolved" }
        #expect(warnings.count == 1)
        #expect(warnings.first?["severity"] as? String == "warning")
        #expect(warnings.first.map(Self.line) == anchorLine)
        #expect(warnings.first.map(Self.message)?.contains("No-such-section") == true)

        let strict = try skillctl.run(["check", path, "--strict", "--json"])
        #expect(strict.status == 1)
        let errors = try Self.diagnostics(strict).filter { $0["severity"] as? String == "error" }
        #expect(errors.map { $0["code"] as? String } == ["anchor-unresolved"])
        #expect(errors.first.map(Self.line) == anchorLine)
    }

    // MARK: - Bundle files and cross-links

    @Test func danglingBundleFilesAndSkillLinksResolveOnceTheTargetIsPublished() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.storeWithSeeds(in: folder)
        let paths = Self.seedSkills.map { Seeds.path($0) }

        let before = try skillctl.run(["check"] + paths + ["--json"])
        #expect(before.status == 1)
        let diagnostics = try Self.diagnostics(before)

        // Every relative link into references/ is missing from the seed folders.
        for skill in Self.seedSkills {
            let linkLines = try Self.bundleLinks(in: skill).map(\.line)
            let reported = diagnostics.filter {
                $0["code"] as? String == "bundle-link-missing" && Self.path($0).hasSuffix("\(skill)/SKILL.md")
            }
            #expect(reported.compactMap(Self.line).sorted() == linkLines.sorted(), "\(skill)")
            #expect(reported.allSatisfy { $0["severity"] as? String == "error" })
        }
        let ergonomics = diagnostics.filter { Self.path($0).hasSuffix("duo-ergonomics/SKILL.md") }
        #expect(ergonomics.contains {
            $0["code"] as? String == "bundle-link-missing" && Self.message($0).contains("'references/measured.md'")
        })

        // Skills outside the pack, and the rules of one of them.
        let unresolvedSkills = ergonomics.filter { $0["code"] as? String == "skill-unresolved" }.map(Self.message)
        for name in ["duo-layout", "duo-patterns", "duo-design-review"] {
            #expect(unresolvedSkills.contains { $0.contains("'\(name)'") }, "\(name)")
        }
        #expect(!unresolvedSkills.contains { $0.contains("'duo-navigation'") })
        let unresolvedRules = ergonomics.filter { $0["code"] as? String == "rule-unresolved" }.map(Self.message)
        #expect(unresolvedRules.count == 3)
        for rule in ["R4", "R7", "R13"] {
            #expect(unresolvedRules.contains { $0.contains("duo-design-review#\(rule)") }, "\(rule)")
        }

        // Publishing the target later resolves the links already stored.
        try folder.write("fixture/duo-design-review/SKILL.md", Self.designReviewFixture)
        let publish = try skillctl.run(["publish", "--version", "fixture", folder.path("fixture/duo-design-review")])
        #expect(publish.status == 0, "\(publish.stderr)")

        let after = try Self.diagnostics(skillctl.run(["check"] + paths + ["--json"]))
        let stillUnresolved = after.filter {
            ["skill-unresolved", "rule-unresolved"].contains($0["code"] as? String)
                && Self.message($0).contains("duo-design-review")
        }
        #expect(stillUnresolved.isEmpty, "\(stillUnresolved.map(Self.message))")
        #expect(after.contains { $0["code"] as? String == "skill-unresolved" && Self.message($0).contains("'duo-layout'") })

        let links = try skillctl.run(["links", "duo-ergonomics", "--json"])
        let outgoing = (try JSONSerialization.jsonObject(with: links.stdout) as? [String: Any])?["outgoing"] as? [[String: Any]] ?? []
        let ruleLinks = outgoing.filter { $0["kind"] as? String == "rule" }
        #expect(ruleLinks.map { $0["to"] as? String } == ["duo-design-review#R4", "duo-design-review#R7", "duo-design-review#R13"])
        #expect(ruleLinks.allSatisfy { $0["resolved"] as? Bool == true })
    }

    // MARK: - Diff

    @Test func diffReportsARelabelledClaimAndARemovedCitation() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let first = try skillctl.run(["publish", "--version", "a", Seeds.path("duo-postures")])
        #expect(first.status == 0, "\(first.stderr)")

        // One claim goes from unverified to measured (the Tent row's bare
        // label word), and a parenthetical of two links loses its talk link
        // (link text and all), so no other claim changes.
        let lines = try Self.seedLines("duo-postures")
        let secondTalk = try #require(try Self.markdownLinks(in: "duo-postures").first { link in
            link.url.contains("tech-talks/") && lines[link.line - 1].contains("), [\(link.text)](\(link.url)))")
        })
        let tentIndex = try #require(lines.firstIndex { $0.hasPrefix("| Tent |") })
        #expect(lines[tentIndex].components(separatedBy: "; unverified)").count == 2)
        var edited = lines
        edited[tentIndex] = lines[tentIndex].replacingOccurrences(of: "; unverified)", with: "; measured)")
        edited[secondTalk.line - 1] = lines[secondTalk.line - 1]
            .replacingOccurrences(of: ", [\(secondTalk.text)](\(secondTalk.url)))", with: ")")
        #expect(zip(lines, edited).filter { $0 != $1 }.count == 2)
        try folder.write("b/duo-postures/SKILL.md", edited.joined(separator: "\n"))
        let second = try skillctl.run(["publish", "--version", "b", folder.path("b/duo-postures")])
        #expect(second.status == 0, "\(second.stderr)")

        let diff = try skillctl.run(["diff", "duo-postures", "a", "b", "--json"])
        #expect(diff.status == 1)
        let changes = try Self.jsonArray(diff)
        #expect(changes.count == 2, "\(changes)")
        let relabelled = changes.filter { $0["kind"] as? String == "claim-relabelled" }
        #expect(relabelled.count == 1)
        #expect(relabelled.first?["detail"] as? String == "unverified -> measured")
        #expect(relabelled.first.map(Self.line) == tentIndex + 1)
        let removed = changes.filter { $0["kind"] as? String == "citation-removed" }
        #expect(removed.count == 1)
        #expect(removed.first?["detail"] as? String == secondTalk.url)
        #expect(removed.first.map(Self.line) == secondTalk.line)

        let same = try skillctl.run(["diff", "duo-postures", "a", "a", "--json"])
        #expect(same.status == 0)
        #expect(try Self.jsonArray(same).isEmpty)
    }

    // MARK: - SARIF

    @Test func sarifOutputIsValidAndLocatesEveryResult() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let result = try skillctl.run(["check", Seeds.path("duo-postures"), "--sarif"])
        #expect(result.status == 1)
        let sarif = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let runs = sarif["runs"] as? [[String: Any]] ?? []
        let results = runs.first?["results"] as? [[String: Any]] ?? []
        #expect(!results.isEmpty)
        for item in results {
            #expect(!((item["ruleId"] as? String) ?? "").isEmpty)
            let location = (item["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let startLine = (location?["region"] as? [String: Any])?["startLine"] as? Int
            #expect((startLine ?? 0) >= 1, "\(item)")
        }
    }

    // MARK: - Helpers

    /// A store holding the three seed skills, in `folder`.
    static func storeWithSeeds(in folder: TemporaryFolder) throws -> Skillctl {
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let result = try skillctl.run(["publish", "--version", "seed"] + seedSkills.map { Seeds.path($0) })
        #expect(result.status == 0, "\(result.stderr)")
        return skillctl
    }

    /// A skill with 13 numbered rules, written for these tests.
    static let designReviewFixture = skillMarkdown(
        name: "duo-design-review", description: "Reviews screenshots against a numbered list of checks, for tests.",
        body: "# duo-design-review\n\nA fixture that other skills point at by rule id.\n\n## Rules\n\n"
            + (1...13).map { "\($0). **Check \($0).** Look at each screenshot for problem \($0).\n" }.joined())

    static func jsonArray(_ result: Skillctl.Result) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: result.stdout)
        return try #require(value as? [[String: Any]], "not a JSON array: \(result.output) \(result.stderr)")
    }

    static func diagnostics(_ result: Skillctl.Result) throws -> [[String: Any]] { try jsonArray(result) }

    static func labelsUsed(by skill: String, _ skillctl: Skillctl) throws -> Set<String> {
        Set(try jsonArray(skillctl.run(["claims", skill, "--json"])).flatMap { $0["labels"] as? [String] ?? [] })
    }

    static func text(_ item: [String: Any]) -> String { item["text"] as? String ?? "" }
    static func message(_ item: [String: Any]) -> String { item["message"] as? String ?? "" }
    static func path(_ item: [String: Any]) -> String { item["path"] as? String ?? "" }
    static func line(_ item: [String: Any]) -> Int? {
        (item["location"] as? [String: Any])?["line"] as? Int ?? item["line"] as? Int
    }

    static func seedText(_ skill: String) throws -> String {
        try String(contentsOfFile: Seeds.path("\(skill)/SKILL.md"), encoding: .utf8)
    }

    static func seedLines(_ skill: String) throws -> [String] {
        try seedText(skill).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// 1-based numbers of the seed's lines that contain `fragment`.
    static func lineNumbers(in skill: String, containing fragment: String) throws -> [Int] {
        try seedLines(skill).enumerated().filter { $0.element.contains(fragment) }.map { $0.offset + 1 }
    }

    /// Inline Markdown links `[text](url)` of a seed, as the test reads them.
    static func markdownLinks(in skill: String) throws -> [(line: Int, text: String, url: String)] {
        let pattern = try NSRegularExpression(pattern: #"\[([^\]\[]*)\]\(([^)\s]+)\)"#)
        return try seedLines(skill).enumerated().flatMap { offset, line in
            pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)).map { match in
                let text = String(line[Range(match.range(at: 1), in: line)!])
                let url = String(line[Range(match.range(at: 2), in: line)!])
                return (line: offset + 1, text: text, url: url)
            }
        }
    }

    /// Links to files of the skill's own bundle (`references/...`).
    static func bundleLinks(in skill: String) throws -> [(line: Int, file: String, anchor: String?)] {
        try markdownLinks(in: skill).filter { $0.url.hasPrefix("references/") }.map { link in
            let parts = link.url.split(separator: "#", maxSplits: 1).map(String.init)
            return (line: link.line, file: parts[0], anchor: parts.count > 1 ? parts[1] : nil)
        }
    }

    static func replacingFirst(_ target: String, with replacement: String, in text: String) -> String {
        guard let range = text.range(of: target) else { return text }
        return text.replacingCharacters(in: range, with: replacement)
    }

    /// Copies a seed skill to `relative` in `folder`, edited; with `stubBundle`,
    /// also writes the bundle files it links to (one heading per anchor), so
    /// the copy has no bundle-link-missing errors.
    static func copySeed(_ skill: String, to relative: String, in folder: TemporaryFolder, stubBundle: Bool = false,
                         editing edit: ((String) -> String)? = nil) throws {
        let original = try seedText(skill)
        let edited = edit?(original) ?? original
        if edit != nil && edited == original { Issue.record("the edit of \(skill) changed nothing") }
        try folder.write("\(relative)/SKILL.md", edited)
        guard stubBundle else { return }
        var anchors: [String: [String]] = [:]
        for link in try bundleLinks(in: skill) {
            anchors[link.file, default: []] += link.anchor.map { [$0] } ?? []
        }
        for (file, fileAnchors) in anchors {
            let headings = fileAnchors.map { "## \($0.replacingOccurrences(of: "-", with: " "))\n\nA stub section.\n\n" }
            try folder.write("\(relative)/\(file)", "# Stub\n\nWritten by the tests.\n\n" + headings.joined())
        }
    }
}
