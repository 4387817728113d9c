/// A positional argument of a command, as its usage line shows it.
struct Argument: Sendable {
    /// `PATH`, `NAME[@LABEL]`, or a literal word such as `create`.
    let placeholder: String
    /// Shown as `[PLACEHOLDER]`.
    let optional: Bool
    /// Shown as `PLACEHOLDER...`.
    let repeats: Bool

    init(_ placeholder: String, optional: Bool = false, repeats: Bool = false) {
        self.placeholder = placeholder
        self.optional = optional
        self.repeats = repeats
    }

    var usage: String {
        let text = placeholder + (repeats ? "..." : "")
        return optional ? "[\(text)]" : text
    }
}
