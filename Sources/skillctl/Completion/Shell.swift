/// The shells `skillctl completions` writes a script for.
enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The completion script, generated from the commands' declarations.
    func completionScript(for commands: [CommandCompletion] = CommandCompletion.all) -> String {
        switch self {
        case .bash: BashCompletionScript(commands: commands).text
        case .zsh: ZshCompletionScript(commands: commands).text
        case .fish: FishCompletionScript(commands: commands).text
        }
    }

    /// `text` as one single-quoted word of a POSIX shell (bash, zsh).
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
