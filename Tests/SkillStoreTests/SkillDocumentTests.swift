import Testing
@testable import SkillStore
import struct SkillStore.SourceLocation

/// How a SKILL.md file becomes a `SkillDocument`: the front-matter split, the
/// Agent Skills rules applied strictly (each refusal by its code and file
/// line:column), and the locations the caller sees. Lenient intake has
/// its own suite.
@Suite("SkillDocument.parse")
struct SkillDocumentTests {
    private static let path = "pdf-tools/SKILL.md"

    private func parse(_ text: String, folderName: String? = nil) throws(InputRefused) -> SkillDocument {
        try SkillDocument.parse(Array(text.utf8), path: Self.path, folderName: folderName, strict: true)
    }

    /// The refusals for `text` as `line:column code`, or [] if it parses.
    private func refusals(_ text: String, folderName: String? = nil) -> [String] {
        do {
            _ = try parse(text, folderName: folderName)
            return []
        } catch {
            return error.diagnostics.map { "\($0.location.map(String.init(describing:)) ?? "-") \($0.code)" }
        }
    }

    private func at(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(line: line, column: column)
    }

    private static let minimal = """
        ---
        name: pdf-tools
        description: Reads and fills PDF forms.
        ---

        # PDF tools

        Use it for forms.

        """

    // MARK: - Split and locations

    @Test("a minimal SKILL.md gives its name, description, body and the line the body starts on")
    func minimalDocument() throws {
        let document = try parse(Self.minimal)
        #expect(document.name == "pdf-tools")
        #expect(document.description == "Reads and fills PDF forms.")
        #expect(document.bodyText == "\n# PDF tools\n\nUse it for forms.\n")
        #expect(document.bodyFirstLine == 5)
        #expect(document.declaredVersion == nil)
    }

    @Test("front-matter locations are file locations: line 1 is the opening '---'")
    func frontMatterLocationsAreFileLines() throws {
        let document = try parse(Self.minimal)
        #expect(document.frontMatter.location == at(2, 1))
        #expect(document.frontMatter["name"]?.location == at(2, 7))
        #expect(document.frontMatter["description"]?.location == at(3, 14))
        guard case .map(let entries) = document.frontMatter.value else {
            Issue.record("front-matter is not a map")
            return
        }
        #expect(entries.map(\.keyLocation) == [at(2, 1), at(3, 1)])
    }

    @Test("body node lines are file line numbers, not body line numbers")
    func bodyLinesAreFileLines() throws {
        let document = try parse(Self.minimal)
        #expect(document.body.children.map(\.kind) == [.heading(level: 1), .paragraph])
        #expect(document.body.children.map(\.start) == [at(6, 1), at(8, 1)])
        #expect(document.body.children.first?.children.first?.start == at(6, 3))
    }

    @Test("a BOM and CRLF line ends read exactly as the LF file: same values, same locations")
    func bomAndCRLFMatchLF() throws {
        let lf = try parse(Self.minimal)
        let crlfText = "\u{FEFF}" + Self.minimal.split(separator: "\n", omittingEmptySubsequences: false)
            .joined(separator: "\r\n")
        #expect(crlfText.utf8.starts(with: [0xEF, 0xBB, 0xBF, 0x2D]))
        let crlf = try parse(crlfText)

        #expect(crlf.name == lf.name)
        #expect(crlf.description == lf.description)
        #expect(crlf.frontMatter == lf.frontMatter)
        #expect(crlf.body == lf.body)
        #expect(crlf.bodyText == lf.bodyText)
        #expect(crlf.bodyFirstLine == lf.bodyFirstLine)
    }

    @Test("a file with CRLF only, or a BOM only, parses like the LF file",
          arguments: ["crlf", "bom"])
    func crlfOrBomAlone(variant: String) throws {
        let text = variant == "bom"
            ? "\u{FEFF}" + Self.minimal
            : Self.minimal.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        let document = try parse(text)
        let lf = try parse(Self.minimal)
        #expect(document.frontMatter == lf.frontMatter)
        #expect(document.body == lf.body)
    }

    @Test("the front-matter may close with '...', and fence lines may end in spaces or tabs")
    func fenceVariants() throws {
        let dots = try parse("---\nname: a\ndescription: b\n...\nbody\n")
        #expect(dots.name == "a")
        #expect(dots.bodyText == "body\n")
        #expect(dots.bodyFirstLine == 5)

        let padded = try parse("--- \t\nname: a\ndescription: b\n---  \nbody\n")
        #expect(padded.bodyText == "body\n")
    }

    @Test("a file that is only front-matter has an empty body")
    func emptyBody() throws {
        let document = try parse("---\nname: a\ndescription: b\n---")
        #expect(document.bodyText == "")
        #expect(document.bodyFirstLine == 5)
        #expect(document.body.children.isEmpty)
    }

    @Test("a '---' later in the body is body text, not a second fence")
    func laterFencesAreBody() throws {
        let document = try parse("---\nname: a\ndescription: b\n---\ntext\n\n---\nmore\n")
        #expect(document.bodyText == "text\n\n---\nmore\n")
        #expect(document.body.children.map(\.kind) == [.paragraph, .thematicBreak, .paragraph])
    }

    // MARK: - Split refusals

    @Test("no opening '---' on line 1 is front-matter-missing at 1:1", arguments: [
        "# Title\n", "\n---\nname: a\ndescription: b\n---\n", "--- name: a\n", "", "----\nname: a\n---\n",
    ])
    func frontMatterMissing(text: String) {
        #expect(refusals(text) == ["1:1 front-matter-missing"])
    }

    @Test("an opening '---' never closed is front-matter-unterminated at 1:1", arguments: [
        "---\nname: a\ndescription: b\n", "---", "---\n",
    ])
    func frontMatterUnterminated(text: String) {
        #expect(refusals(text) == ["1:1 front-matter-unterminated"])
    }

    @Test("a YAML error is reported at its file line: the YAML text starts on line 2")
    func yamlErrorsAtFileLines() throws {
        #expect(refusals("---\nname: a: b\n---\n") == ["2:8 yaml"])
        #expect(refusals("---\nname: a\ndescription: b\nname: c\n---\n") == ["4:1 yaml"])
        #expect(refusals("---\nname: a\ndescription: *x\n---\n") == ["3:14 yaml"])

        let error = #expect(throws: InputRefused.self) { try parse("---\nname: a\nname: b\n---\n") }
        #expect(error?.description == "pdf-tools/SKILL.md:3:1: error: duplicate key 'name' [yaml]")
    }

    @Test("front-matter that is not a map is front-matter-shape", arguments: [
        ("---\n- a\n- b\n---\n", "2:1 front-matter-shape"),
        ("---\njust text\n---\n", "2:1 front-matter-shape"),
        // An empty front-matter is null, located on the closing fence.
        ("---\n---\n", "2:1 front-matter-shape"),
    ])
    func frontMatterShape(text: String, expected: String) {
        #expect(refusals(text) == [expected])
    }

    // MARK: - name

    @Test("name is required; a missing name is reported at 1:1")
    func nameMissing() {
        #expect(refusals("---\ndescription: b\n---\n") == ["1:1 name-missing"])
    }

    @Test("name must be a valid skill name, reported at its value", arguments: [
        "PDF", "pdf_tools", "-pdf", "pdf-", "pdf--tools", "\"\"",
    ])
    func nameInvalid(name: String) {
        #expect(refusals("---\nname: \(name)\ndescription: b\n---\n") == ["2:7 name-invalid"])
    }

    @Test("name must be a string: numbers, booleans, lists and null are refused",
          arguments: ["123", "true", "[a]", "~"])
    func nameNotAString(value: String) {
        #expect(refusals("---\nname: \(value)\ndescription: b\n---\n") == ["2:7 name-invalid"])
    }

    @Test("a quoted number-like name is a string, and valid")
    func quotedNumericName() throws {
        #expect(try parse("---\nname: \"123\"\ndescription: b\n---\n").name == "123")
    }

    @Test("name must equal the folder it was published from, when there is one")
    func nameMatchesFolder() throws {
        #expect(try parse(Self.minimal, folderName: "pdf-tools").name == "pdf-tools")
        #expect(refusals(Self.minimal, folderName: "pdf") == ["2:7 name-folder-mismatch"])
    }

    // MARK: - description

    @Test("description is required, and may not be blank")
    func descriptionMissing() {
        #expect(refusals("---\nname: a\n---\n") == ["1:1 description-missing"])
        #expect(refusals("---\nname: a\ndescription: \"  \\t \"\n---\n") == ["3:14 description-missing"])
        #expect(refusals("---\nname: a\ndescription: \"\"\n---\n") == ["3:14 description-missing"])
    }

    @Test("description must be a string", arguments: ["42", "false", "[a, b]", "{a: 1}", "~"])
    func descriptionInvalid(value: String) {
        #expect(refusals("---\nname: a\ndescription: \(value)\n---\n") == ["3:14 description-invalid"])
    }

    @Test("description holds at most 1024 characters, counted as characters, not bytes")
    func descriptionLength() throws {
        let ascii1024 = String(repeating: "d", count: 1024)
        #expect(try parse("---\nname: a\ndescription: \(ascii1024)\n---\n").description == ascii1024)

        let accented1024 = String(repeating: "é", count: 1024)
        #expect(try parse("---\nname: a\ndescription: \(accented1024)\n---\n").description.count == 1024)

        let ascii1025 = String(repeating: "d", count: 1025)
        #expect(refusals("---\nname: a\ndescription: \(ascii1025)\n---\n") == ["3:14 description-too-long"])
    }

    // MARK: - compatibility and metadata

    @Test("compatibility, when present, is a string of at most 500 characters")
    func compatibility() throws {
        let base = "---\nname: a\ndescription: b\ncompatibility: "
        #expect(throws: Never.self) { try parse(base + String(repeating: "c", count: 500) + "\n---\n") }
        #expect(refusals(base + String(repeating: "c", count: 501) + "\n---\n") == ["4:16 compatibility-too-long"])
        #expect(refusals(base + "[macos, linux]\n---\n") == ["4:16 compatibility-invalid"])
        #expect(refusals(base + "12\n---\n") == ["4:16 compatibility-invalid"])
    }

    @Test("metadata, when present, is a map")
    func metadata() throws {
        let document = try parse("---\nname: a\ndescription: b\nmetadata:\n  owner: docs\n---\n")
        #expect(document.frontMatter["metadata"]?["owner"] == YAMLNode(value: .string("docs"), location: at(5, 10)))
        #expect(refusals("---\nname: a\ndescription: b\nmetadata: 3\n---\n") == ["4:11 metadata-invalid"])
        #expect(refusals("---\nname: a\ndescription: b\nmetadata: [a]\n---\n") == ["4:11 metadata-invalid"])
    }

    @Test("every rule broken is reported at once, in rule order")
    func allProblemsAtOnce() {
        let text = """
            ---
            name: Bad_Name
            description: "  "
            compatibility: [x]
            metadata: 3
            ---
            """
        #expect(refusals(text) == [
            "2:7 name-invalid", "3:14 description-missing", "4:16 compatibility-invalid", "5:11 metadata-invalid",
        ])
    }

    @Test("a diagnostic reads like a compiler's: path:line:col: error: message [code]")
    func diagnosticText() {
        let error = #expect(throws: InputRefused.self) {
            try parse("---\nname: PDF\ndescription: b\n---\n")
        }
        #expect(error?.description
            == "pdf-tools/SKILL.md:2:7: error: name 'PDF' may hold only lowercase letters a-z, digits and hyphens [name-invalid]")
    }

    // MARK: - Body refusals

    @Test("a body nested too deep is markdown-depth, at its file line")
    func markdownDepth() {
        let text = "---\nname: a\ndescription: b\n---\n" + String(repeating: ">", count: 300) + " deep\n"
        #expect(refusals(text) == ["5:200 markdown-depth"])
    }

    // MARK: - Version and other keys

    @Test("declaredVersion is `version`, else `metadata.version`; numbers keep their text", arguments: [
        ("version: 1.10", "1.10"),
        ("version: \"2.0\"", "2.0"),
        ("version: 3", "3"),
        ("version: v1.2-beta", "v1.2-beta"),
        ("metadata:\n  version: 1.10", "1.10"),
        ("metadata:\n  version: 2.0.1", "2.0.1"),
        ("version: 4.0\nmetadata:\n  version: 9", "4.0"),
        ("metadata:\n  owner: docs", nil),
        ("version: ~\nmetadata:\n  version: 7", "7"),
    ] as [(String, String?)])
    func declaredVersion(lines: String, expected: String?) throws {
        let document = try parse("---\nname: a\ndescription: b\n\(lines)\n---\n")
        #expect(document.declaredVersion == expected)
    }

    @Test("an empty version string declares no version")
    func emptyVersion() throws {
        let document = try parse("---\nname: a\ndescription: b\nversion: \"\"\n---\n")
        #expect(document.declaredVersion == nil)
    }

    @Test("keys the rules do not know are kept with their values and file locations")
    func otherKeysKept() throws {
        let document = try parse("""
            ---
            name: a
            description: b
            license: Apache-2.0
            allowed-tools: [Read, Bash]
            x-custom:
              nested: true
            ---
            """)
        #expect(document.frontMatter["license"] == YAMLNode(value: .string("Apache-2.0"), location: at(4, 10)))
        #expect(document.frontMatter["allowed-tools"]?.jsonText() == #"["Read","Bash"]"#)
        #expect(document.frontMatter["x-custom"]?["nested"]?.value == .bool(true))
        #expect(document.frontMatter.jsonText()
            == #"{"allowed-tools":["Read","Bash"],"description":"b","license":"Apache-2.0","name":"a","x-custom":{"nested":true}}"#)
    }

    // MARK: - Known bugs

    @Test("a YAML document marker inside the front-matter is refused, not read in place of the first document")
    func secondDocumentInFrontMatter() {
        // `--- # comment` is not a fence line (it has more than spaces after
        // the dashes) but libyaml reads it as the start of a second document.
        let text = "---\nname: pdf-tools\ndescription: b\n--- # second\nname: other\ndescription: c\n---\n"
        #expect(throws: InputRefused.self) { try parse(text) }
    }
}
