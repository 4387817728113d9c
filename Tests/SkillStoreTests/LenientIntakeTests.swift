import Foundation
import Testing
@testable import SkillStore
import TestSupport

/// Lenient intake: what the Agent Skills rules ask but real skills break,
/// and which leaves the skill identifiable, is accepted with a warning
/// (code and file line:column); strict parsing refuses the same file with
/// the code it always had. What cannot be read safely is refused either way.
@Suite("Lenient intake")
struct LenientIntakeTests {
    private static let path = "folder/SKILL.md"

    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var folder: String?
        /// `line:column code` of the warning when lenient.
        var warning: String
        /// `line:column code` of the refusal when strict.
        var refusal: String
        var testDescription: String { warning }
    }

    static let longDescription = String(repeating: "d", count: 1025)
    static let longCompatibility = String(repeating: "c", count: 501)

    static let cases: [Case] = [
        Case(text: "---\nname: qdrant-vector-search\ndescription: Finds vectors.\n---\n", folder: "rag-qdrant",
             warning: "2:7 name-folder-mismatch", refusal: "2:7 name-folder-mismatch"),
        Case(text: "---\nname: long-one\ndescription: \(longDescription)\n---\n", folder: nil,
             warning: "3:14 description-too-long", refusal: "3:14 description-too-long"),
        Case(text: "---\nname: meta\ndescription: d\nmetadata: 3\n---\n", folder: nil,
             warning: "4:11 metadata-not-map", refusal: "4:11 metadata-invalid"),
        Case(text: "---\nname: compat\ndescription: d\ncompatibility: \(longCompatibility)\n---\n", folder: nil,
             warning: "4:16 compatibility-too-long", refusal: "4:16 compatibility-too-long"),
        Case(text: "---\nname: compat\ndescription: d\ncompatibility: [macos, linux]\n---\n", folder: nil,
             warning: "4:16 value-type-unexpected", refusal: "4:16 compatibility-invalid"),
        Case(text: "---\nname: numbered\ndescription: 12\n---\n", folder: nil,
             warning: "3:14 value-type-unexpected", refusal: "3:14 description-invalid"),
        Case(text: "---\nname: quiet\n---\n\n# Quiet\n\nSays little.\n", folder: nil,
             warning: "1:1 description-missing", refusal: "1:1 description-missing"),
        Case(text: "---\nname: Daily Paper Roast\ndescription: d\n---\n", folder: nil,
             warning: "2:7 name-not-an-id", refusal: "2:7 name-invalid"),
        Case(text: "# Title\n\nFirst paragraph.\n", folder: "my-skill",
             warning: "1:1 front-matter-missing", refusal: "1:1 front-matter-missing"),
        Case(text: "---\nname: dj\ndescription: Checks Django: migrations, tests.\n---\n", folder: nil,
             warning: "3:27 value-colon-unquoted", refusal: "3:27 yaml"),
    ]

    /// A plain value holding `: ` is read as the text it says, each such
    /// line with its warning; a value that could mean something else stays
    /// a YAML error.
    @Test("an unquoted colon in a value is read as text when nothing else could be meant")
    func unquotedColonIsText() throws {
        func parse(_ text: String) throws -> SkillDocument {
            try SkillDocument.parse(Array(text.utf8), path: Self.path, folderName: "dj")
        }
        let read = try parse("---\r\nname: dj\r\ndescription: Use \"x\": a\\b:  c \r\nlicense: MIT: see LICENSE\r\n---\r\n# T\r\n")
        #expect(read.description == "Use \"x\": a\\b:  c")
        #expect(read.frontMatter["license"]?.scalarText == "MIT: see LICENSE")
        #expect(codes(read.warnings) == ["3:21 value-colon-unquoted", "4:13 value-colon-unquoted"])
        // A value starting with a character YAML reserves.
        let reserved = try parse("---\nname: dj\ndescription: @Observable state: `@State` too\n---\n")
        #expect(reserved.description == "@Observable state: `@State` too")
        #expect(codes(reserved.warnings) == ["3:14 value-indicator-unquoted"])
        #expect(try parse("---\nname: dj\ndescription: `swift build` runs\n---\n").description == "`swift build` runs")
        // An apostrophe, a bracket or a `#` in text before it opens nothing.
        let after = try parse("---\nname: dj\nlicense: It's MIT [see below] #1\ndescription: Checks: it's fine\n---\n")
        #expect(after.description == "Checks: it's fine")
        // Nor does a double quote inside a plain value (inches, not a string).
        let inches = try parse("---\nname: dj\nlicense: a 12\" pipe\ndescription: Checks: it's fine\n---\n")
        #expect(inches.description == "Checks: it's fine")
        // Ending in a colon, and a colon after a tab.
        #expect(try parse("---\nname: dj\ndescription: Steps:\n---\n").description == "Steps:")
        #expect(try parse("---\nname: dj\ndescription: Steps:\tone\n---\n").description == "Steps:\tone")

        for text in [
            "---\nname: dj\ndescription: Checks: migrations\n  and tests\n---\n",  // continued on the next line
            "---\nname: dj\ndescription: Checks: migrations # a comment\n---\n",
            "---\nname: dj\nmetadata:\n  note: a: b\n---\n",  // not at the top level
            "---\nname: dj\ndescription: 'Checks': migrations\n---\n",
            "---\nname: dj\ndescription: [a]: b\n---\n",
            // Inside a flow collection spanning lines, not a key of the top level.
            "---\nname: dj\nmetadata: {a: 1,\nb: @x, c: 2\n}\n---\n",
            "---\n{description: d,\nname: @x, license: y}\n---\n",
            "---\n{name: flowa,\ndescription: @Observable helper, version: 9.9.9\n}\n---\n",
            "---\n{name: flowc, description: hi,\nlicense: `x`, name: evil\n}\n---\n",
            // A line break libyaml reads that other readers may not.
            "---\nname: dj\ndescription: a: b\rname: evil\n---\n",
            "---\nname: dj\n# c\u{2028}\ndescription: a: b\n---\n",
            // A quote or comment sign with a combining mark on it is still one.
            "---\nname: dj\ndescription: \"\u{301}a\" : b\n---\n",
            "---\nname: dj\ndescription: a: b #\u{301} secret\n---\n",
        ] {
            let refused = #expect(throws: InputRefused.self, "\(text)") { try parse(text) }
            #expect(refused?.diagnostics.map(\.code) == ["yaml"], "\(text)")
        }
    }

    private func codes(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.location.map(String.init(describing:)) ?? "-") \($0.code)" }
    }

    @Test("accepted with its warning, refused when strict", arguments: cases)
    func acceptedWithWarningRefusedWhenStrict(_ testCase: Case) throws {
        let bytes = Array(testCase.text.utf8)
        let document = try SkillDocument.parse(bytes, path: Self.path, folderName: testCase.folder)
        #expect(codes(document.warnings) == [testCase.warning])
        #expect(document.warnings.allSatisfy { $0.severity == .warning && $0.path == Self.path })

        let refused = #expect(throws: InputRefused.self) {
            try SkillDocument.parse(bytes, path: Self.path, folderName: testCase.folder, strict: true)
        }
        #expect(codes(refused?.diagnostics ?? []) == [testCase.refusal])
    }

    @Test("the front-matter name wins over its folder")
    func frontMatterNameWins() throws {
        let text = "---\nname: qdrant-vector-search\ndescription: Finds vectors.\n---\n"
        let document = try SkillDocument.parse(Array(text.utf8), path: Self.path, folderName: "rag-qdrant")
        #expect(document.name == "qdrant-vector-search")
        #expect(document.declaredName == nil)
        #expect(document.warnings.first?.message == "name 'qdrant-vector-search' does not match its folder 'rag-qdrant'; the name is used")
    }

    @Test("a name that is no id is published under its derived id, the declared name kept")
    func derivedIDKeepsTheDeclaredName() throws {
        let text = "---\nname: dyad:add-models\ndescription: d\n---\n"
        let document = try SkillDocument.parse(Array(text.utf8), path: Self.path, folderName: "dyad:add-models")
        #expect(document.name == "dyad-add-models")
        #expect(document.declaredName == "dyad:add-models")
        // The folder carries the declared name exactly, so only the id is news.
        #expect(codes(document.warnings) == ["2:7 name-not-an-id"])
    }

    @Test("a missing description is the body's first paragraph; without one, its first heading")
    func descriptionFromTheBody() throws {
        let paragraph = try SkillDocument.parse(
            Array("---\nname: quiet\n---\n\n# Quiet\n\nSays *little*,\nslowly.\n\nMore.\n".utf8), path: Self.path)
        #expect(paragraph.description == "Says little, slowly.")
        let heading = try SkillDocument.parse(Array("---\nname: quiet\ndescription: ''\n---\n\n# Quiet things\n".utf8), path: Self.path)
        #expect(heading.description == "Quiet things")
        #expect(codes(heading.warnings) == ["3:14 description-missing"])
    }

    @Test("without front-matter, the folder names the skill and the first paragraph describes it")
    func frontMatterMissing() throws {
        let text = "# Context Manager\n\nKeeps the context small.\n\nMore text.\n"
        let document = try SkillDocument.parse(Array(text.utf8), path: "CONTEXT-MANAGER/SKILL.md", folderName: "CONTEXT-MANAGER")
        #expect(document.name == "context-manager")
        #expect(document.description == "Keeps the context small.")
        #expect(document.bodyFirstLine == 1)
        #expect(document.declaredVersion == nil)
        #expect(document.warnings.map(\.description) == [
            "CONTEXT-MANAGER/SKILL.md:1:1: warning: no YAML front-matter; the name 'context-manager' comes from the "
                + "folder and the description from the first paragraph [front-matter-missing]"
        ])
    }

    @Test("a name that gives no id falls back to the folder's; with neither, refused")
    func nameFallsBackToTheFolder() throws {
        let text = "---\nname: '!!!'\ndescription: d\n---\n"
        let document = try SkillDocument.parse(Array(text.utf8), path: Self.path, folderName: "My Folder")
        #expect(document.name == "my-folder")
        #expect(codes(document.warnings) == ["2:7 name-not-an-id", "2:7 name-folder-mismatch"])

        let refused = #expect(throws: InputRefused.self) {
            try SkillDocument.parse(Array(text.utf8), path: Self.path, folderName: "???")
        }
        #expect(codes(refused?.diagnostics ?? []) == ["2:7 name-invalid"])
        let nameless = #expect(throws: InputRefused.self) {
            try SkillDocument.parse(Array("# Title\n".utf8), path: "SKILL.md")
        }
        #expect(codes(nameless?.diagnostics ?? []) == ["1:1 name-missing"])
    }

    @Test("the derived id: ASCII lowercased, runs outside a-z0-9 one hyphen, trimmed, at most 64", arguments: [
        ("Daily Paper Roast", "daily-paper-roast"),
        ("dyad:add-models", "dyad-add-models"),
        ("CONTEXT-MANAGER", "context-manager"),
        ("  --Ünïcode  Skill--", "n-code-skill"),
        ("a__b..c", "a-b-c"),
        (String(repeating: "a", count: 63) + " b c", String(repeating: "a", count: 63)),
        (String(repeating: "x", count: 70), String(repeating: "x", count: 64)),
        ("valid-name", "valid-name"),
    ])
    func derivedID(_ declared: String, _ id: String) {
        #expect(SkillName.derivedID(from: declared) == id)
        #expect(SkillName.isValid(id))
    }

    @Test("nothing of the name left gives no id", arguments: ["", "!!!", "日本語", "---"])
    func noDerivedID(_ declared: String) {
        #expect(SkillName.derivedID(from: declared) == nil)
    }

    @Test("still refused when lenient: what cannot be read safely", arguments: [
        ("---\nname: a\ndescription: &d b\nother: *d\n---\n", "yaml"),
        ("---\nname: a\nname: b\ndescription: c\n---\n", "yaml"),
        ("---\nname: [a\n---\n", "yaml"),
        ("---\nname: a\ndescription: b\n", "front-matter-unterminated"),
    ])
    func unsafeYAMLIsStillRefused(_ text: String, _ code: String) {
        let refused = #expect(throws: InputRefused.self) { try SkillDocument.parse(Array(text.utf8), path: Self.path) }
        #expect(refused?.diagnostics.first?.code.hasPrefix(code) == true, "\(refused?.diagnostics ?? [])")
    }

    @Test("still refused when lenient: NUL bytes and invalid UTF-8")
    func unreadableBytesAreStillRefused() {
        for bytes in [Array("# Title\n\u{0}\n".utf8), [0x23, 0x20, 0xFF, 0x0A]] {
            #expect(throws: InputRefused.self) { try SkillDocument.parse(bytes, path: Self.path) }
        }
    }
}
