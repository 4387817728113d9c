/// A list of literal patterns a rule asks a line about, resolved once to
/// their ids in `ScanVocabulary.automaton`, whose single pass over the line
/// has already found them: asking costs the patterns the line holds, not
/// the patterns in the list.
struct ScanPatternSet: Sendable {
    let patterns: [String]
    /// One bit per automaton pattern id: whether it belongs to this list.
    private let members: [UInt64]
    /// Patterns missing from the automaton (a list left out of
    /// `ScanVocabulary.everyList`), searched one by one so findings stay right.
    let unindexed: [String]

    init(_ patterns: [String]) {
        self.patterns = patterns
        let automaton = ScanVocabulary.automaton
        var members = [UInt64](repeating: 0, count: (automaton.patterns.count + 63) / 64)
        var unindexed: [String] = []
        for pattern in patterns {
            if let id = automaton.id(of: pattern) {
                members[Int(id) >> 6] |= 1 << UInt64(id & 63)
            } else if !pattern.isEmpty {
                unindexed.append(pattern)
            }
        }
        assert(unindexed.isEmpty, "patterns not in ScanVocabulary.everyList: \(unindexed)")
        self.members = members
        self.unindexed = unindexed
    }

    func contains(_ id: Int32) -> Bool { members[Int(id) >> 6] & (1 << UInt64(id & 63)) != 0 }
}
