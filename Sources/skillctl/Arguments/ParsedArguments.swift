/// Command-line words split into options and positionals, against the
/// options a command declares. Options may come before or after the command
/// name; `--name=value` and `--name value` both work; `--` ends options.
///
/// Kept in arrays searched in order, not in sets and dictionaries: there are
/// a few dozen options at most, and the first use of a `Set<String>` or a
/// `[String: Option]` in a run makes the Swift runtime build their generic
/// metadata and look up `String: Hashable` by scanning every conformance
/// record of the binary: together with `Array.joined(separator:)`, 0.7 ms of
/// the CPU time of `skillctl --help` (docs/benchmarks.md, Start-up).
struct ParsedArguments {
    var command: String?
    var positionals: [String] = []
    /// By each option's name, whichever spelling was used.
    private(set) var flags: [String] = []
    /// Option names and their values, one entry per name: the last value given.
    private(set) var values: [(name: String, value: String)] = []
    /// Every value given, in order, for an option that may repeat.
    private var everyValue: [(name: String, value: String)] = []
    /// The names of the options that may be looked up: the global ones and the command's.
    private(set) var declared: [String] = []

    /// For a command that takes options only: a usage error naming the
    /// command when a word that is not an option was given.
    func refusePositionals(command: String) throws(UsageError) {
        guard positionals.isEmpty else {
            throw UsageError("\(command) takes no arguments, only options (given: \(positionals[0]))", command: command)
        }
    }

    /// Splits `words`. `optionsFor` gives the options a command declares,
    /// once its name is known (nil for an unknown command: its options are
    /// not judged, since the command itself is the mistake to report).
    init(_ words: [String], optionsFor: (String) -> [Option]?) throws(UsageError) {
        // By every spelling; a later declaration of a spelling wins.
        var accepted = AcceptedSpellings()
        func accept(_ options: [Option]) {
            for option in options {
                if !declared.contains(option.name) { declared.append(option.name) }
                for spelling in option.spellings { accepted.entries.append((spelling, option)) }
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
                insertFlag(option.name)
                if let inlineValue { setValue(inlineValue, for: option.name) }
            } else if let option = accepted[name] {
                if let inlineValue {
                    setValue(inlineValue, for: option.name)
                } else {
                    setValue(try Self.value(after: name, in: words, at: &index, command: command), for: option.name)
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
                insertFlag(option.name)
                if let value, option.inlinePlaceholder != nil { setValue(value, for: option.name) }
            } else if let option = accepted[name], let value {
                setValue(value, for: option.name)
            } else if accepted[name] != nil {
                throw UsageError("\(name) before the command name needs the form \(name)=VALUE", command: command)
            } else {
                throw Self.unknownOption(name, accepted: accepted, command: command)
            }
        }
    }

    /// "unknown option --verison; did you mean '--version'?"
    private static func unknownOption(_ name: String, accepted: AcceptedSpellings, command: String?) -> UsageError {
        // Sorted, so that a tie is broken the same way on every run.
        UsageError(
            "unknown option \(name)" + NearestSpelling.didYouMean(name, among: accepted.sortedSpellings), command: command)
    }

    private mutating func insertFlag(_ name: String) {
        if !flags.contains(name) { flags.append(name) }
    }

    private mutating func setValue(_ value: String, for name: String) {
        everyValue.append((name, value))
        if let index = values.firstIndex(where: { $0.name == name }) {
            values[index].value = value
        } else {
            values.append((name, value))
        }
    }

    private func storedValue(_ name: String) -> String? {
        values.first { $0.name == name }?.value
    }

    /// The spellings the parser accepts so far, each with its option.
    private struct AcceptedSpellings {
        var entries: [(spelling: String, option: Option)] = []

        subscript(spelling: String) -> Option? {
            entries.last { $0.spelling == spelling }?.option
        }

        /// Each spelling once, sorted.
        var sortedSpellings: [String] {
            var unique: [String] = []
            for spelling in entries.map(\.spelling).sorted() where unique.last != spelling { unique.append(spelling) }
            return unique
        }
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
        precondition(declared.contains(flag.name) && flag.isFlag, "\(flag.name) is not a flag declared by \(command ?? "skillctl")")
        return flags.contains(flag.name)
    }

    /// The value written after a flag's `=` (`--refuse-risky=critical`),
    /// or nil when the flag is absent or given alone.
    func inlineValue(_ flag: Option) -> String? {
        precondition(
            declared.contains(flag.name) && flag.inlinePlaceholder != nil,
            "\(flag.name) is not a flag with a value declared by \(command ?? "skillctl")")
        return storedValue(flag.name)
    }

    /// The option's value, or nil when absent (the last one given wins).
    func value(_ option: Option) -> String? {
        precondition(
            declared.contains(option.name) && !option.isFlag, "\(option.name) is not an option declared by \(command ?? "skillctl")")
        return storedValue(option.name)
    }

    /// Every value of an option that may be given more than once
    /// (`--allowed-host a --allowed-host b`), in order; empty when absent.
    func values(_ option: Option) -> [String] {
        precondition(
            declared.contains(option.name) && !option.isFlag, "\(option.name) is not an option declared by \(command ?? "skillctl")")
        return everyValue.filter { $0.name == option.name }.map(\.value)
    }
}
