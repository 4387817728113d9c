/// One option a command accepts, declared once: the parser accepts it, the
/// help lists it, and the command reads it back through this value
/// (`arguments.value(PublishCommand.version)`).
struct Option: Hashable, Sendable {
    /// `--version`.
    let name: String
    /// A short spelling, such as `-q` for `--quiet`.
    let alias: String?
    /// What the value stands for in the help (`LABEL`); nil for a flag.
    let placeholder: String?
    /// One sentence for the options list; wrapped to the terminal's width there.
    let help: String
    /// For a flag that may also carry a value written `--name=VALUE`
    /// (`--refuse-risky[=SEVERITY]`): what the value stands for.
    var inlinePlaceholder: String? = nil
    /// The only values it takes, when they are a fixed list (`--agent`'s
    /// agent names): what shell completion offers for it.
    var choices: [String]? = nil

    var isFlag: Bool { placeholder == nil }

    /// Every spelling the parser accepts.
    var spellings: [String] { [name] + (alias.map { [$0] } ?? []) }

    /// An option that takes no value.
    static func flag(_ name: String, alias: String? = nil, _ help: String) -> Option {
        Option(name: name, alias: alias, placeholder: nil, help: help)
    }

    /// `--progress`, for the commands that report progress on a terminal.
    static let progress = flag(
        "--progress", "report progress on standard error even when it is not a terminal (it is shown on a terminal anyway)")

    /// A flag that may carry a value, only as `--name=VALUE`: alone, it
    /// stands for its default value (a following word stays an argument).
    static func flag(_ name: String, inlineValue placeholder: String, _ help: String) -> Option {
        Option(name: name, alias: nil, placeholder: nil, help: help, inlinePlaceholder: placeholder)
    }

    /// An option followed by a value: `--name VALUE` or `--name=VALUE`.
    static func value(_ name: String, _ placeholder: String, choices: [String]? = nil, _ help: String) -> Option {
        Option(name: name, alias: nil, placeholder: placeholder, help: help, choices: choices)
    }

    /// The same option with its help sentence written for another command
    /// (`verify --agent` names DIR where `pull --agent` names `--to`).
    func withHelp(_ help: String) -> Option {
        Option(name: name, alias: alias, placeholder: placeholder, help: help, inlinePlaceholder: inlinePlaceholder, choices: choices)
    }

    /// `--version LABEL`, `--json`: how a usage line shows it.
    var usage: String { placeholder.map { "\(name) \($0)" } ?? inlinePlaceholder.map { "\(name)[=\($0)]" } ?? name }

    /// `-q, --quiet`, `--db PATH`: how the options list shows it.
    var heading: String { (alias.map { "\($0), " } ?? "") + usage }

    // An option is its name: two declarations of `--label` are one option to the parser.
    static func == (left: Option, right: Option) -> Bool { left.name == right.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
