/// Namespaces hold skills: a skill's name is unique within its namespace
/// only, so that two packs can both ship `pdf`. A namespace follows the
/// skill-name rules (1-64 of `a-z`, `0-9` and `-`).
public enum Namespace {
    /// Where a publish goes that names no namespace, and where the skills
    /// of a store from before namespaces were moved. Its skills are shown
    /// by their bare name, as they always were.
    public static let defaultName = "default"

    /// `text` when it is a namespace; else why not, in the words every
    /// command and route uses.
    public static func validated(_ text: String) throws(InvalidIdentity) -> String {
        if let problem = SkillName.problem(with: text) { throw InvalidIdentity(.namespace, text: text, reason: "it \(problem)") }
        return text
    }

    public static func isValid(_ text: String) -> Bool { SkillName.problem(with: text) == nil }
}
