/// The words that mark a claim's provenance, and the label each means.
/// Matched case-insensitively; a database may add a pack's own words.
public struct LabelVocabulary: Sendable, Equatable {
    public private(set) var words: [String: ClaimLabel]

    public static let standard = LabelVocabulary(words: [
        "measured": .measured, "derived": .derived, "judgement": .judgement,
        "judgment": .judgement, "unverified": .unverified,
    ])

    public init(words: [String: ClaimLabel]) {
        self.words = Dictionary(uniqueKeysWithValues: words.map { ($0.key.lowercased(), $0.value) })
    }

    /// The label `word` names, ignoring case and surrounding spaces and colons.
    public func label(for word: Substring) -> ClaimLabel? {
        var trimmed = word
        while let first = trimmed.first, first == " " || first == ":" { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, last == " " || last == ":" { trimmed = trimmed.dropLast() }
        guard !trimmed.isEmpty, trimmed.count <= 40 else { return nil }
        return words[trimmed.lowercased()]
    }

    /// The label of marked-up text: a label word alone (`*Measured:*`), or
    /// followed by a parenthesized qualifier (`*Measured (UIKit):*`).
    public func label(ofMarkedUp text: Substring) -> ClaimLabel? {
        if let label = label(for: text) { return label }
        guard let open = text.firstIndex(of: "("), text[..<open].last == " " else { return nil }
        return label(for: text[..<open])
    }

    public mutating func add(_ word: String, meaning label: ClaimLabel) {
        words[word.lowercased()] = label
    }

    public mutating func remove(_ word: String) {
        words[word.lowercased()] = nil
    }
}
