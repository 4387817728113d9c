import SkillStore

struct LabelsCommand: Command {
    static let name = "labels"
    static let summary = "Show or change the words that mark a claim's provenance in this database."
    static let discussion = """
        Lists the label words and the label each means. A pack with its own
        vocabulary can add words (--add tested=measured); every stored graph is
        then extracted again with the new words. LABEL is one of measured,
        derived, judgement, unverified. Words are matched case-insensitively.
        """
    static let add = Option.value("--add", "WORD=LABEL", "make WORD mean LABEL")
    static let remove = Option.value("--remove", "WORD", "stop reading WORD as a label")
    static let options = [add, remove]

    let add: (word: String, label: ClaimLabel)?
    let remove: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.refusePositionals(command: Self.name)
        remove = arguments.value(Self.remove)
        guard let text = arguments.value(Self.add) else {
            add = nil
            return
        }
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        let labels: [ClaimLabel] = [.measured, .derived, .judgement, .unverified]
        guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(" "),
              let label = ClaimLabel(rawValue: parts[1].lowercased()), labels.contains(label)
        else {
            throw UsageError(
                "--add takes WORD=LABEL with LABEL one of \(labels.map(\.rawValue).joined(separator: ", "))",
                command: Self.name)
        }
        add = (parts[0], label)
    }

    struct Entry: Encodable {
        var word: String
        var label: String
    }

    func run(_ context: Context) throws -> ExitCode {
        let store = add == nil && remove == nil ? try context.openForReading() : try context.openForWriting()
        if let add { try store.setLabelWord(add.word, meaning: add.label) }
        if let remove { try store.removeLabelWord(remove) }
        let entries = try store.labelVocabulary().words.sorted { $0.key < $1.key }
            .map { Entry(word: $0.key, label: $0.value.rawValue) }
        if context.json {
            context.output.json(entries)
        } else {
            context.output.table(entries.map { [$0.word, $0.label] })
        }
        return .success
    }
}
