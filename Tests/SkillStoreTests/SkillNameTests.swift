import Testing
@testable import SkillStore

/// Skill names: 1-64 characters of a-z, 0-9 and '-', no hyphen at either end
/// and no two in a row.
@Suite("SkillName")
struct SkillNameTests {
    @Test("valid names", arguments: [
        "a", "pdf", "pdf-tools", "a1", "1a", "0", "duo-ergonomics", "x-y-z",
        String(repeating: "a", count: 64),
        String(repeating: "ab-", count: 21) + "a",
    ])
    func valid(name: String) {
        #expect(SkillName.isValid(name))
        #expect(SkillName.problem(with: name) == nil)
    }

    @Test("64 characters is the longest name; 65 is refused")
    func lengthBoundary() {
        #expect(SkillName.isValid(String(repeating: "n", count: 64)))
        #expect(SkillName.problem(with: String(repeating: "n", count: 65))
            == "is 65 characters; at most 64 are allowed")
    }

    @Test("invalid names, each with the reason given", arguments: [
        ("", "is empty"),
        ("PDF", "may hold only lowercase letters a-z, digits and hyphens"),
        ("pdf_tools", "may hold only lowercase letters a-z, digits and hyphens"),
        ("pdf tools", "may hold only lowercase letters a-z, digits and hyphens"),
        ("pdf.tools", "may hold only lowercase letters a-z, digits and hyphens"),
        ("café", "may hold only lowercase letters a-z, digits and hyphens"),
        ("ｐｄｆ", "may hold only lowercase letters a-z, digits and hyphens"),
        ("pdf/tools", "may hold only lowercase letters a-z, digits and hyphens"),
        ("-pdf", "may not start or end with a hyphen"),
        ("pdf-", "may not start or end with a hyphen"),
        ("-", "may not start or end with a hyphen"),
        ("pdf--tools", "may not contain two hyphens in a row"),
    ])
    func invalid(name: String, reason: String) {
        #expect(!SkillName.isValid(name))
        #expect(SkillName.problem(with: name) == reason)
    }

    @Test("characters are checked first, so a length is always counted in characters")
    func charactersBeforeLength() {
        #expect(SkillName.problem(with: String(repeating: "A", count: 65)) == "may hold only lowercase letters a-z, digits and hyphens")
        #expect(SkillName.problem(with: String(repeating: "é", count: 33)) == "may hold only lowercase letters a-z, digits and hyphens")
        #expect(SkillName.problem(with: String(repeating: "a", count: 65)) == "is 65 characters; at most 64 are allowed")
    }
}
