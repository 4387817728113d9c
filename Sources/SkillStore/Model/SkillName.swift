/// Skill names follow the Agent Skills rules: 1-64 characters of `a-z`,
/// `0-9` and `-`, with no leading, trailing or doubled hyphen.
public enum SkillName {
    /// Why `name` is not a valid skill name, or nil if it is.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if !name.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) {
            return "may hold only lowercase letters a-z, digits and hyphens"
        }
        // Only ASCII is left, so bytes are characters.
        if name.utf8.count > FrontMatterRules.maxNameLength {
            return "is \(name.utf8.count) characters; at most \(FrontMatterRules.maxNameLength) are allowed"
        }
        if name.hasPrefix("-") || name.hasSuffix("-") { return "may not start or end with a hyphen" }
        if zip(name.utf8, name.utf8.dropFirst()).contains(where: { $0 == 0x2D && $1 == 0x2D }) {
            return "may not contain two hyphens in a row"
        }
        return nil
    }

    public static func isValid(_ name: String) -> Bool { problem(with: name) == nil }
}
