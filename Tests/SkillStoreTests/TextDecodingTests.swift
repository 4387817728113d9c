import Testing
@testable import SkillStore
import struct SkillStore.SourceLocation

/// What SkillDocument.parse refuses before it reads any YAML: bytes that are
/// not UTF-8 text, and NUL. Each refusal names the line and column (counted
/// in characters) of the first bad byte, and its offset.
@Suite("TextDecoding (through SkillDocument.parse)")
struct TextDecodingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var location: SourceLocation
        var byte: UInt8
        var offset: Int
        var testDescription: String { name }
    }

    /// Line 1 is the fence; line 2 starts `name: é` (7 characters, 8 bytes),
    /// so a bad byte right after it is at 2:8, offset 12.
    private static let prefix = Array("---\nname: é".utf8)

    static let invalidUTF8: [Case] = [
        Case(name: "overlong '/' (C0 AF)", bytes: prefix + [0xC0, 0xAF], location: .init(line: 2, column: 8), byte: 0xC0, offset: 12),
        Case(name: "overlong 3-byte form (E0 80 AF)", bytes: prefix + [0xE0, 0x80, 0xAF], location: .init(line: 2, column: 8), byte: 0xE0, offset: 12),
        Case(name: "lone continuation byte (80)", bytes: prefix + [0x80, 0x61], location: .init(line: 2, column: 8), byte: 0x80, offset: 12),
        Case(name: "UTF-16 surrogate U+D800 (ED A0 80)", bytes: prefix + [0xED, 0xA0, 0x80], location: .init(line: 2, column: 8), byte: 0xED, offset: 12),
        Case(name: "truncated at end of file (E2 82)", bytes: prefix + [0xE2, 0x82], location: .init(line: 2, column: 8), byte: 0xE2, offset: 12),
        Case(name: "truncated mid-line (E2 82 'A')", bytes: prefix + [0xE2, 0x82, 0x41, 0x0A], location: .init(line: 2, column: 8), byte: 0xE2, offset: 12),
        Case(name: "past U+10FFFF (F4 90 80 80)", bytes: prefix + [0xF4, 0x90, 0x80, 0x80], location: .init(line: 2, column: 8), byte: 0xF4, offset: 12),
        Case(name: "never-valid byte (FF)", bytes: prefix + [0xFF], location: .init(line: 2, column: 8), byte: 0xFF, offset: 12),
        Case(name: "in the body, after a 4-byte character", bytes: Array("---\nname: a\ndescription: b\n---\n😀 x".utf8) + [0xC3, 0x28],
             location: .init(line: 5, column: 4), byte: 0xC3, offset: 37),
    ]

    @Test("invalid UTF-8 is refused at the first bad byte's line:column", arguments: invalidUTF8)
    func invalidUTF8Located(_ testCase: Case) {
        let error = #expect(throws: InputRefused.self) {
            try SkillDocument.parse(testCase.bytes, path: "SKILL.md")
        }
        let diagnostics = error?.diagnostics ?? []
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.code == "encoding")
        #expect(diagnostics.first?.location == testCase.location)
        let byte = String(testCase.byte, radix: 16, uppercase: true)
        #expect(diagnostics.first?.message
            == "invalid UTF-8 (byte 0x\(byte) at offset \(testCase.offset)); the file must be UTF-8 text")
    }

    @Test("a NUL byte is refused at its line:column, even in otherwise valid UTF-8")
    func nulLocated() {
        let bytes = Array("---\nname: a\ndescription: b\n---\nab".utf8) + [0x00] + Array("c\n".utf8)
        let error = #expect(throws: InputRefused.self) {
            try SkillDocument.parse(bytes, path: "pdf/SKILL.md")
        }
        #expect(error?.diagnostics == [Diagnostic(
            path: "pdf/SKILL.md", location: SourceLocation(line: 5, column: 3),
            message: "NUL byte at offset 33; the file must be text", code: "encoding")])
    }

    @Test("the first problem wins: a NUL before a bad byte is the one reported")
    func firstProblemWins() {
        let bytes = Array("---\n".utf8) + [0x00, 0xFF]
        let error = #expect(throws: InputRefused.self) { try SkillDocument.parse(bytes, path: "SKILL.md") }
        #expect(error?.diagnostics.first?.location == SourceLocation(line: 2, column: 1))
        #expect(error?.diagnostics.first?.message.hasPrefix("NUL byte at offset 4") == true)
    }

    @Test("a CR counts as a column: the line ends at the LF")
    func carriageReturnIsAColumn() {
        let bytes = Array("---\r\nab\r\nc".utf8) + [0xFF]
        let error = #expect(throws: InputRefused.self) { try SkillDocument.parse(bytes, path: "SKILL.md") }
        #expect(error?.diagnostics.first?.location == SourceLocation(line: 3, column: 2))
    }

    @Test("valid multi-byte text of every length is accepted")
    func validMultiByteText() throws {
        let text = "---\nname: a\ndescription: é € 😀 中\n---\nß ∑ 🎉\n"
        let document = try SkillDocument.parse(Array(text.utf8), path: "SKILL.md")
        #expect(document.description == "é € 😀 中")
        #expect(document.bodyText == "ß ∑ 🎉\n")
    }

    @Test("a bad byte on line 1 of a file with a BOM is located as an editor shows it, BOM not counted")
    func bomIsNotAColumn() {
        // The BOM is dropped before YAML and Markdown see the text, so their
        // columns do not count it; the encoding diagnostic should agree.
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("--".utf8) + [0xFF]
        let error = #expect(throws: InputRefused.self) { try SkillDocument.parse(bytes, path: "SKILL.md") }
        #expect(error?.diagnostics.first?.location == SourceLocation(line: 1, column: 3))
    }
}
