import Foundation
import Testing
import TestSupport

/// Stored text is untrusted: human output shows its control, bidirectional
/// and invisible format characters as `<U+XXXX>` escapes, while blobs and
/// JSON keep their bytes, and version labels refuse such characters.
@Suite struct UntrustedTextTests {
    static let escape = "\u{1B}"
    /// What the skill below holds, each as it must be shown.
    static let disguises: [(raw: String, shown: String)] = [
        ("\u{1B}[31m", "<U+001B>[31m"), ("\u{202E}", "<U+202E>"), ("\u{200B}", "<U+200B>"),
        ("\u{2066}", "<U+2066>"), ("\u{FEFF}", "<U+FEFF>"), ("\u{E0041}", "<U+E0041>"),
    ]

    /// A store holding `hostile-notes`, whose description and rule carry
    /// every disguise, colour escape included.
    static func hostileStore(in folder: TemporaryFolder) throws -> Skillctl {
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        // YAML's double-quoted escapes put the raw characters in the description.
        let description = "\"Kneads marzipan \\e[31mred\\e[0m \\u202Etxt.exe \\u200B\\u2066\\uFEFF\\U000E0041 safely.\""
        let body = "# Hostile\n\n## Rules\n\n1. **Knead marzipan \u{1B}[31mgently\u{1B}[0m \u{202E}cba \u{200B}\u{2066}\u{FEFF}\u{E0041}.**"
            + " Rest it after.\n"
        try folder.write("src/hostile-notes/SKILL.md", skillMarkdown(name: "hostile-notes", description: description, body: body))
        let publish = try skillctl.run(["publish", folder.path("src/hostile-notes")])
        #expect(publish.status == 0, "\(publish.stderr)")
        return skillctl
    }

    static func expectEscaped(_ text: String, _ context: String) {
        for disguise in disguises {
            #expect(!holds(text, disguise.raw), "\(context): raw \(disguise.shown) in \(text)")
            #expect(holds(text, disguise.shown), "\(context): no \(disguise.shown) in \(text)")
        }
    }

    /// Whether `text` holds `part` scalar for scalar: String.contains compares
    /// whole characters, and a format character may share one with its neighbour.
    static func holds(_ text: String, _ part: String) -> Bool {
        text.range(of: part, options: .literal) != nil
    }

    @Test func searchShowsStoredControlAndBidiCharactersAsEscapes() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.hostileStore(in: folder)
        let skillHit = try skillctl.run(["search", "marzipan", "--kind", "skill"])
        #expect(skillHit.status == 0, "\(skillHit.stderr)")
        Self.expectEscaped(skillHit.output, "search skill hit")
        #expect(skillHit.output.contains("[marzipan]"))
        let ruleHit = try skillctl.run(["search", "marzipan", "--kind", "rule"])
        Self.expectEscaped(ruleHit.output, "search rule hit")
    }

    @Test func tablesShowStoredTextEscaped() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.hostileStore(in: folder)
        let rules = try skillctl.run(["rules", "hostile-notes"])
        #expect(rules.status == 0, "\(rules.stderr)")
        Self.expectEscaped(rules.output, "rules")
        let claims = try skillctl.run(["claims", "hostile-notes"])
        #expect(claims.status == 0, "\(claims.stderr)")
        Self.expectEscaped(claims.output, "claims")
    }

    @Test func searchOnATerminalKeepsItsOwnBoldButNotTheStoredColour() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.hostileStore(in: folder)
        // script(1) runs the search on a pseudo-terminal, where matches are bold.
        let command = [Skillctl.executable.path, "--db", skillctl.database.path, "search", "marzipan", "--kind", "skill"]
            .map { "'\($0)'" }.joined(separator: " ")
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
            environment: ["NO_COLOR": nil, "SKILLSTORE_DB": nil])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.holds(result.output, "\u{1B}[1mmarzipan\u{1B}[0m"), "\(result.output)")
        #expect(!Self.holds(result.output, "\u{1B}[31m") && result.output.contains("<U+001B>[31m"), "\(result.output)")
        #expect(!Self.holds(result.output, "\u{202E}"))
    }

    @Test func blobsAndTheServedTextFormKeepTheirExactBytes() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.hostileStore(in: folder)
        let file = try Data(contentsOf: folder.url.appendingPathComponent("src/hostile-notes/SKILL.md"))
        let raw = try skillctl.run(["get", "hostile-notes", "--raw"])
        #expect(raw.stdout == file)
        let served = try skillctl.run(["get", "hostile-notes"])
        #expect(served.stdout.suffix(file.count) == file)
        let metadata = try JSONSerialization.jsonObject(with: skillctl.run(["get", "hostile-notes", "--json"]).stdout)
        let id = try #require((metadata as? [String: Any])?["id"] as? String)
        #expect(try skillctl.run(["cat", id]).stdout == file)
    }

    @Test func jsonEscapesControlCharactersAndLeavesBidiCharactersAsTheyAre() throws {
        let folder = try TemporaryFolder()
        let skillctl = try Self.hostileStore(in: folder)
        let result = try skillctl.run(["search", "marzipan", "--kind", "skill", "--json"])
        // JSON has its own escape for control characters; every other
        // character, bidirectional and invisible ones included, is its UTF-8.
        #expect(!Self.holds(result.output, Self.escape) && result.output.contains("\\u001b[31m"), "\(result.output)")
        #expect(!result.output.contains("<U+"))
        for disguise in Self.disguises.dropFirst() { #expect(Self.holds(result.output, disguise.raw), "\(disguise.shown)") }
        let hits = try SeedGraphTests.jsonArray(result)
        #expect(Self.holds(hits.first?["snippet"] as? String ?? "", "\u{1B}[31mred"))
    }

    @Test func anErrorQuotingStoredTextShowsItEscaped() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        try folder.write("src/tinted-label/SKILL.md", skillMarkdown(name: "tinted-label", extraFrontMatter: "version: \"1.0\\e[31m\""))
        let refused = try skillctl.run(["publish", folder.path("src/tinted-label")])
        #expect(refused.status == 4, "\(refused.stderr)")
        #expect(!Self.holds(refused.stderr, Self.escape) && refused.stderr.contains("'1.0<U+001B>[31m'"), "\(refused.stderr)")
    }

    @Test func aVersionLabelWithARightToLeftOverrideIsRefusedAtPublish() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        try folder.write("src/mirrored/SKILL.md", skillMarkdown(name: "mirrored", extraFrontMatter: "version: \"1.0-\\u202Ecba\""))
        let fromFrontMatter = try skillctl.run(["publish", folder.path("src/mirrored")])
        #expect(fromFrontMatter.status == 4, "\(fromFrontMatter.stderr)")
        #expect(fromFrontMatter.stderr.contains(
            "version label '1.0-<U+202E>cba' may not contain <U+202E>"), "\(fromFrontMatter.stderr)")
        #expect(fromFrontMatter.stderr.contains("[version-invalid]"))
        #expect(!Self.holds(fromFrontMatter.stderr, "\u{202E}"))

        try folder.write("src/plain/SKILL.md", skillMarkdown(name: "plain", extraFrontMatter: ""))
        let fromOption = try skillctl.run(["publish", "--version", "2.0\u{2067}", folder.path("src/plain")])
        #expect(fromOption.status != 0 && fromOption.stderr.contains("<U+2067>"), "\(fromOption.stderr)")
        #expect(try skillctl.run(["ls"]).output.isEmpty)
    }
}
