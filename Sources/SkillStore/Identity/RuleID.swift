/// Rule ids as users type them: `R6` or `r6`.
public enum RuleID {
    /// The id as stored (`R6`), or nil when `text` is no rule id.
    public static func normalized(_ text: String) -> String? {
        isValid(text) ? text.uppercased() : nil
    }

    public static func isValid(_ text: String) -> Bool {
        guard let first = text.first, first == "R" || first == "r" else { return false }
        let digits = text.dropFirst()
        return !digits.isEmpty && digits.count < 6 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
