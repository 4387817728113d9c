import SkillStore

/// `[NAMESPACE/]NAME[@LABEL]`, the one positional argument of get and the
/// graph commands.
struct SkillReference {
    var address: SkillAddress
    /// `#R6` after the name, where a command accepts it.
    var rule: String?

    var name: String { address.name }
    var label: String? { address.label }

    init(_ positionals: [String], command: String, allowsRule: Bool = false) throws(UsageError) {
        guard positionals.count == 1, var text = positionals.first else {
            throw UsageError("\(command) needs exactly one SKILL ([NAMESPACE/]NAME or [NAMESPACE/]NAME@LABEL)", command: command)
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
        do {
            address = try SkillAddress(parsing: text)
        } catch {
            throw UsageError(error, command: command)
        }
    }
}
