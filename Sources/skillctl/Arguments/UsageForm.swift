/// One way to call a command, as one usage line of its help. Most commands
/// have one form, made from their declared arguments and options; those
/// called in several ways (`publish --source`, `token create|list|revoke`)
/// declare their forms from the same `Option` and `Argument` values.
struct UsageForm: Sendable {
    enum Word: Sendable {
        case argument(Argument)
        /// An option this form needs.
        case required(Option)
        case optional(Option)
        /// Options that exclude each other: `[--raw | --json]`.
        case oneOf([Option])
        /// Anything else the line shows, such as `< query.txt`.
        case text(String)
    }

    var words: [Word]

    init(_ words: [Word]) { self.words = words }

    /// The arguments, then every option in brackets.
    init(arguments: [Argument], options: [Option]) {
        words = arguments.map(Word.argument) + options.map(Word.optional)
    }

    /// The options this form names.
    var options: [Option] {
        words.flatMap { word -> [Option] in
            switch word {
            case .required(let option), .optional(let option): [option]
            case .oneOf(let options): options
            case .argument, .text: []
            }
        }
    }

    /// `skillctl NAME ...`, wrapped under its first word after the name.
    func line(command: String, prefix: String, width: Int) -> String {
        let pieces = words.map { word in
            switch word {
            case .argument(let argument): argument.usage
            case .required(let option): option.usage
            case .optional(let option): "[\(option.usage)]"
            case .oneOf(let options): "[\(options.map(\.usage).joined(separator: " | "))]"
            case .text(let text): text
            }
        }
        let start = "\(prefix)skillctl \(command)"
        return HelpText.wrap(pieces, first: start, indent: start.count + 1, width: width, keepingWords: true)
    }
}
