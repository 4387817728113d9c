/// What a shell offers for an option's value or a positional argument,
/// read from the placeholder the help shows, so that a declaration is all
/// it takes: `--to DIR` completes folders, `PATH` files, `create|list`
/// those words.
enum ValueCompletion: Equatable, Sendable {
    /// A value only the user knows (a label, a URL, a query): nothing offered.
    case anything
    case files
    case directories
    /// One of these literal words.
    case words([String])

    /// From a placeholder such as `PATH`, `DIR`, `NAME[@LABEL]|ID` or `bash|zsh|fish`.
    init(placeholder: String) {
        let alternatives = placeholder.split(separator: "|").map(String.init)
        if alternatives.contains("DIR") {
            self = .directories
        } else if alternatives.contains(where: Self.pathPlaceholders.contains) {
            self = .files
        } else if !alternatives.isEmpty, alternatives.allSatisfy(Self.isLiteral) {
            self = .words(alternatives)
        } else {
            self = .anything
        }
    }

    /// The placeholders that name a file: `DEST` is `serve --access-log`'s
    /// file (or `-`, or `off`).
    static let pathPlaceholders: Set<String> = ["PATH", "FILE", "DEST"]

    /// A word typed as it is shown (`create`), not a placeholder (`NAME`):
    /// placeholders are written in capitals.
    private static func isLiteral(_ text: String) -> Bool {
        !text.isEmpty && !text.contains(where: \.isUppercase)
    }

    /// The completion of a position where several usage forms put different
    /// arguments (`token create|list|revoke`, `publish PATH...` or `publish
    /// --source URL FILE`): words only when every form shows a word there,
    /// files when any form takes a path.
    static func merging(_ completions: [ValueCompletion]) -> ValueCompletion? {
        guard !completions.isEmpty else { return nil }
        if completions.contains(.files) { return .files }
        if completions.contains(.directories) { return .directories }
        var words: [String] = []
        for completion in completions {
            guard case .words(let more) = completion else { return .anything }
            for word in more where !words.contains(word) { words.append(word) }
        }
        return .words(words)
    }
}

extension Option {
    /// How its value completes: its choices when it declares them, else
    /// what its placeholder says; nil for a flag.
    var valueCompletion: ValueCompletion? {
        guard let placeholder else { return nil }
        return choices.map(ValueCompletion.words) ?? ValueCompletion(placeholder: placeholder)
    }
}

extension Argument {
    var valueCompletion: ValueCompletion { ValueCompletion(placeholder: placeholder) }
}
