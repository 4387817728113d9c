/// Command-line words split into options and positionals, against the
/// options a command declares. Options may come before or after the command
/// name; `--name=value` and `--name value` both work; `--` ends options.
struct ParsedArguments {
    var command: String?
    var positionals: [String] = []
    /// By each option's name, whichever spelling was used.
    private(set) var flags: Set<String> = []
    private(set) var values: [String: String] = [:]
    /// The options that may be looked up: the global ones and the command's.
    private(set) var declared: [String: Option] = [:]

    /// Splits `words`. `optionsFor` gives the options a command declares,
    /// once its name is known (nil for an unknown command: its options are
    /// not judged, since the command itself is the mistake to report).
    init(_ words: [String], optionsFor: (String) -> [Option]?) throws(UsageError) {
        // By every spelling.
        var accepted: [String: Option] = [:]
        func accept(_ options: [Option]) {
            for option in options {
                declared[option.name] = option
                for spelling in option.spellings { accepted[spelling] = option }
            }
        }
        accept(GlobalOptions.all)
        var index = 0
        var onlyPositionals = false
        var commandIsDeclared = true
        // Words that look like options but are not yet known: decided once
        // the command name (and so its options) is known.
        var deferred: [(word: String, value: String?)] = []

        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                if command == nil {
                    command = word
                    if let options = optionsFor(word) { accept(options) } else { commandIsDeclared = false }
                } else {
                    positionals.append(word)
                }
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            let name: String
            var inlineValue: String?
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            } else {
                name = word
            }
            if let option = accepted[name], option.isFlag {
                guard inlineValue == nil || option.inlinePlaceholder != nil else {
                    throw UsageError("\(name) takes no value", command: command)
                }
                flags.insert(option.name)
                if let inlineValue { values[option.name] = inlineValue }
            } else if let option = accepted[name] {
                if let inlineValue {
                    values[option.name] = inlineValue
                } else {
                    values[option.name] = try Self.value(after: name, in: words, at: &index, command: command)
                }
            } else if command == nil {
                deferred.append((word, inlineValue))
            } else if commandIsDeclared {
                throw Self.unknownOption(name, accepted: accepted, command: command)
            }
        }
        // With no command, options that stand for a whole run (--version).
        if command == nil { accept(GlobalOptions.withoutCommand) }
        for (word, value) in deferred where commandIsDeclared {
            let name = value == nil ? word : String(word[..<word.firstIndex(of: "=")!])
            if let option = accepted[name], option.isFlag {
                flags.insert(option.name)
                if let value, option.inlinePlaceholder != nil { values[option.name] = value }
            } else if let option = accepted[name], let value {
                values[option.name] = value
            } else if accepted[name] != nil {
                throw UsageError("\(name) before the command name needs the form \(name)=VALUE", command: command)
            } else {
                throw Self.unknownOption(name, accepted: accepted, command: command)
            }
        }
    }

    /// "unknown option --verison; did you mean '--version'?"
    private static func unknownOption(_ name: String, accepted: [String: Option], command: String?) -> UsageError {
        // Sorted, so that a tie is broken the same way on every run.
        UsageError(
            "unknown option \(name)" + NearestSpelling.didYouMean(name, among: accepted.keys.sorted()), command: command)
    }

    private static func value(
        after name: String, in words: [String], at index: inout Int, command: String?
    ) throws(UsageError) -> String {
        guard index < words.count else { throw UsageError("\(name) needs a value", command: command) }
        defer { index += 1 }
        return words[index]
    }

    /// Whether the flag was given. Asking about an option the command does
    /// not declare is a mistake in skillctl, not in how it was called.
    func has(_ flag: Option) -> Bool {
        precondition(declared[flag.name] != nil && flag.isFlag, "\(flag.name) is not a flag declared by \(command ?? "skillctl")")
        return flags.contains(flag.name)
    }

    /// The value written after a flag's `=` (`--refuse-risky=critical`),
    /// or nil when the flag is absent or given alone.
    func inlineValue(_ flag: Option) -> String? {
        precondition(
            declared[flag.name] != nil && flag.inlinePlaceholder != nil,
            "\(flag.name) is not a flag with a value declared by \(command ?? "skillctl")")
        return values[flag.name]
    }

    /// The option's value, or nil when absent (the last one given wins).
    func value(_ option: Option) -> String? {
        precondition(
            declared[option.name] != nil && !option.isFlag, "\(option.name) is not an option declared by \(command ?? "skillctl")")
        return values[option.name]
    }
}
