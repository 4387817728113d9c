/// Skill names follow the Agent Skills rules: 1-64 characters of `a-z`,
/// `0-9` and `-`, with no leading, trailing or doubled hyphen.
public enum SkillName {
    /// Why `name` is not a valid skill name, or nil if it is.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "is empty" }
        // One pass over the bytes gathers what the checks below need: this
        // runs on every word in backticks of every skill published.
        var allowed = true
        var doubledHyphen = false
        var previous: UInt8 = 0
        for byte in name.utf8 {
            if !((byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D) { allowed = false }
            if byte == 0x2D && previous == 0x2D { doubledHyphen = true }
            previous = byte
        }
        if !allowed { return "may hold only lowercase letters a-z, digits and hyphens" }
        // Only ASCII is left, so bytes are characters.
        let count = name.utf8.count
        if count > FrontMatterRules.maxNameLength {
            return "is \(count) characters; at most \(FrontMatterRules.maxNameLength) are allowed"
        }
        if name.utf8.first == 0x2D || previous == 0x2D { return "may not start or end with a hyphen" }
        if doubledHyphen { return "may not contain two hyphens in a row" }
        return nil
    }

    public static func isValid(_ name: String) -> Bool { problem(with: name) == nil }

    /// `text` when it is a skill name; else why not, in the words every
    /// command and route uses.
    public static func validated(_ text: String) throws(InvalidIdentity) -> String {
        if let problem = problem(with: text) { throw InvalidIdentity(.skillName, text: text, reason: "it \(problem)") }
        return text
    }
}
