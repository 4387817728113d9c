/// What a shell needs to know of one command to complete its words, taken
/// from its declarations: its options, and what each positional argument
/// completes to across its usage forms.
struct CommandCompletion: Sendable {
    let name: String
    let summary: String
    /// The command's own options (the global ones are everyone's).
    let options: [Option]
    /// Argument N completes as `arguments[N]`; later ones as `remaining`.
    let arguments: [ValueCompletion]
    /// For arguments past the listed ones: set when a form's last argument
    /// repeats (`PATH...`), nil when the command takes no more.
    let remaining: ValueCompletion?

    init(_ command: any Command.Type) {
        name = command.name
        summary = command.summary
        options = command.options
        let forms = command.usageForms.map { form in
            form.words.compactMap { word -> Argument? in
                if case .argument(let argument) = word { argument } else { nil }
            }
        }
        let longest = forms.map(\.count).max() ?? 0
        arguments = (0..<longest).map { index in
            ValueCompletion.merging(forms.compactMap { $0.indices.contains(index) ? $0[index].valueCompletion : nil })
                ?? .anything
        }
        remaining = ValueCompletion.merging(forms.compactMap { form in
            form.last.flatMap { $0.repeats ? $0.valueCompletion : nil }
        })
    }

    /// Every command skillctl has, in the order of its help.
    static var all: [CommandCompletion] { CommandLineTool.commands.map(CommandCompletion.init) }

    /// How argument `index` (from 0) completes; nil past the last one.
    func argument(_ index: Int) -> ValueCompletion? {
        arguments.indices.contains(index) ? arguments[index] : remaining
    }
}
