import SkillStore

/// `NAME` or `NAME@LABEL`, the one positional argument of get and the graph commands.
struct SkillReference {
    var name: String
    var label: String?
    /// `#R6` after the name, where a command accepts it.
    var rule: String?

    init(_ positionals: [String], command: String, allowsRule: Bool = false) throws(UsageError) {
        guard positionals.count == 1, var text = positionals.first else {
            throw UsageError("\(command) needs exactly one SKILL (NAME or NAME@LABEL)", command: command)
        }
        if let hash = text.firstIndex(of: "#") {
            guard allowsRule else { throw UsageError("\(command) takes a skill, not a rule address", command: command) }
            let id = String(text[text.index(after: hash)...])
            guard let normalized = RuleID.normalized(id) else {
                throw UsageError("'\(id)' after '#' is not a rule id; write it as R6", command: command)
            }
            rule = normalized
            text = String(text[..<hash])
        }
        if let at = text.firstIndex(of: "@") {
            name = String(text[..<at])
            label = String(text[text.index(after: at)...])
            if label == "" { throw UsageError("'\(text)' has an empty label after '@'", command: command) }
        } else {
            name = text
        }
        do {
            _ = try SkillName.validated(name)
        } catch {
            throw UsageError(error, command: command)
        }
    }
}
