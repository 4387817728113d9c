import SkillStore

/// Typed values of options that several commands share.
extension ParsedArguments {
    /// The one positional argument a command takes (`what` names it in
    /// the usage error, say "DIR" or "blob ID").
    func onlyPositional(_ what: String, command: String) throws(UsageError) -> String {
        guard positionals.count == 1, let value = positionals.first else {
            throw UsageError("\(command) needs exactly one \(what)", command: command)
        }
        return value
    }

    /// `option`'s claim label (`judgment` is `judgement`), or nil when absent.
    func claimLabel(_ option: Option, command: String) throws(UsageError) -> ClaimLabel? {
        guard let text = value(option) else { return nil }
        guard let label = ClaimLabel(userText: text) else {
            throw UsageError("unknown label '\(text)'; use one of \(ClaimLabel.names)", command: command)
        }
        return label
    }

    /// A whole number option within `range`, or nil when absent.
    func integer(_ option: Option, in range: ClosedRange<Int>, command: String) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "\(option.name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'",
                command: command)
        }
        return number
    }
}
