/// Command-line words split into options and positionals, against the set of
/// options a command accepts. Options may come before or after the command
/// name; `--name=value` and `--name value` both work; `--` ends options.
struct ParsedArguments {
    var command: String?
    var positionals: [String] = []
    private(set) var flags: Set<String> = []
    private(set) var values: [String: String] = [:]

    /// Options every command accepts.
    static let globalFlags: Set<String> = ["--json", "--help", "-h", "--quiet", "-q"]
    static let globalOptions: Set<String> = ["--db", "--server", "--token"]

    /// Splits `words`. `optionsFor` gives the flags and valued options of a
    /// command, once its name is known.
    init(_ words: [String], optionsFor: (String) -> (flags: Set<String>, options: Set<String>)?) throws(UsageError) {
        var flagsAllowed = Self.globalFlags
        var optionsAllowed = Self.globalOptions
        var index = 0
        var onlyPositionals = false
        // Words that look like options but are not yet known: decided once
        // the command name (and so its options) is known.
        var deferred: [(word: String, value: String?)] = []

        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                if command == nil {
                    command = word
                    if let extra = optionsFor(word) {
                        flagsAllowed.formUnion(extra.flags)
                        optionsAllowed.formUnion(extra.options)
                    }
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
            if flagsAllowed.contains(name) {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value", command: command) }
                flags.insert(name)
            } else if optionsAllowed.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    values[name] = try Self.value(after: name, in: words, at: &index, command: command)
                }
            } else if command == nil {
                deferred.append((word, inlineValue))
            } else {
                throw UsageError("unknown option \(name)", command: command)
            }
        }
        for (word, value) in deferred {
            let name = value == nil ? word : String(word[..<word.firstIndex(of: "=")!])
            if flagsAllowed.contains(name) {
                flags.insert(name)
            } else if optionsAllowed.contains(name), let value {
                values[name] = value
            } else if optionsAllowed.contains(name) {
                throw UsageError("\(name) before the command name needs the form \(name)=VALUE", command: command)
            } else {
                throw UsageError("unknown option \(name)", command: command)
            }
        }
    }

    private static func value(
        after name: String, in words: [String], at index: inout Int, command: String?
    ) throws(UsageError) -> String {
        guard index < words.count else { throw UsageError("\(name) needs a value", command: command) }
        defer { index += 1 }
        return words[index]
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { values[option] }
}
