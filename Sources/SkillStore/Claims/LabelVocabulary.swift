/// The words that mark a claim's provenance, and the label each means.
/// Matched case-insensitively; a database may add a pack's own words.
public struct LabelVocabulary: Sendable, Equatable {
    public private(set) var words: [String: ClaimLabel] {
        didSet { wordLengths = Self.lengths(of: words) }
    }
    /// Bit n is set when some word is n bytes long. Most text looked up is
    /// not a label at all, and its length alone says so.
    private var wordLengths: UInt64

    static let standard = LabelVocabulary(words: [
        "measured": .measured, "derived": .derived, "judgement": .judgement,
        "judgment": .judgement, "unverified": .unverified,
    ])

    init(words: [String: ClaimLabel]) {
        let lowered = Dictionary(uniqueKeysWithValues: words.map { ($0.key.lowercased(), $0.value) })
        self.words = lowered
        wordLengths = Self.lengths(of: lowered)
    }

    /// The label `word` names, ignoring case and surrounding spaces and colons.
    public func label(for word: Substring) -> ClaimLabel? {
        var contiguous = word
        return contiguous.withUTF8 { bytes in
            Self.bytesAreCharacters(bytes) ? asciiLabel(for: bytes) : unicodeLabel(for: word)
        }
    }

    /// `label(for:)` of UTF-8 text.
    func label(forUTF8 bytes: ArraySlice<UInt8>) -> ClaimLabel? {
        bytes.withUnsafeBufferPointer { buffer in
            Self.bytesAreCharacters(buffer)
                ? asciiLabel(for: buffer) : unicodeLabel(for: Substring(String(decoding: buffer, as: UTF8.self)))
        }
    }

    private func unicodeLabel(for word: Substring) -> ClaimLabel? {
        var trimmed = word
        while let first = trimmed.first, first == " " || first == ":" { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, last == " " || last == ":" { trimmed = trimmed.dropLast() }
        guard !trimmed.isEmpty, trimmed.count <= 40 else { return nil }
        return words[trimmed.lowercased()]
    }

    /// ASCII without carriage returns ("\r\n" is one Character): each byte
    /// is a Character, and lower-casing one is a byte's arithmetic.
    private static func bytesAreCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// `unicodeLabel(for:)` of text that `bytesAreCharacters` accepts, reading bytes, not Characters.
    private func asciiLabel(for bytes: UnsafeBufferPointer<UInt8>) -> ClaimLabel? {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x3A { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x3A { end -= 1 }
        let count = end - start
        guard count > 0, count <= 40, wordLengths & (1 << count) != 0 else { return nil }
        return words[ByteText.lowercasedString(bytes[start..<end])]
    }

    private static func lengths(of words: [String: ClaimLabel]) -> UInt64 {
        words.keys.reduce(0) { lengths, word in word.utf8.count < 64 ? lengths | 1 << word.utf8.count : lengths }
    }

    /// The label of marked-up text: a label word alone (`*Measured:*`), or
    /// followed by a parenthesized qualifier (`*Measured (UIKit):*`).
    public func label(ofMarkedUp text: Substring) -> ClaimLabel? {
        if let label = label(for: text) { return label }
        // No byte `(`, no Character `(`: most marked-up text is not a label, and skips the Character scan.
        guard text.utf8.contains(0x28), let open = text.firstIndex(of: "("), text[..<open].last == " " else { return nil }
        return label(for: text[..<open])
    }

    public mutating func add(_ word: String, meaning label: ClaimLabel) {
        words[word.lowercased()] = label
    }

    public mutating func remove(_ word: String) {
        words[word.lowercased()] = nil
    }
}
