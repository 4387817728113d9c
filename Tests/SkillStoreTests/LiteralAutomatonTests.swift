import Testing
@testable import SkillStore

/// The automaton that reads each scanned line once must report exactly what
/// searching for each pattern on its own would: the first occurrence of
/// every pattern, and the first one standing alone as a word.
@Suite struct LiteralAutomatonTests {
    /// What one search per pattern finds: pattern id to (first, first word).
    static func searchedOneByOne(_ patterns: [String], in text: String) -> [Int32: (Int, Int?)] {
        let line = ScanLine(number: 1, text: text, context: .code)
        var found: [Int32: (Int, Int?)] = [:]
        for (id, pattern) in patterns.enumerated() {
            if let first = line.find(pattern) { found[Int32(id)] = (first, line.findWord(pattern)) }
        }
        return found
    }

    static func hits(_ automaton: LiteralAutomaton, in text: String) -> [Int32: (Int, Int?)] {
        var found: [Int32: (Int, Int?)] = [:]
        for hit in automaton.hits(in: ScanLine.fold(text)) {
            found[hit.pattern] = (Int(hit.first), hit.firstWord < 0 ? nil : Int(hit.firstWord))
        }
        return found
    }

    static func expectSame(_ patterns: [String], _ text: String) {
        let automaton = LiteralAutomaton(patterns: patterns)
        let expected = searchedOneByOne(patterns, in: text)
        let actual = hits(automaton, in: text)
        #expect(Set(actual.keys) == Set(expected.keys), "\(text)")
        for (id, (first, word)) in expected {
            #expect(actual[id]?.0 == first && actual[id]?.1 == word, "\(patterns[Int(id)]) in \(text)")
        }
    }

    @Test func overlappingAndNestedPatternsAreAllFound() {
        // "she" ends where "he" does; "hers" runs past "her"; a failure link
        // must carry the match from one branch of the trie to the other.
        Self.expectSame(["he", "she", "his", "hers", "her", "s"], "ushers and his shed: hers")
    }

    @Test func aPatternFoundFirstInsideAWordIsStillFoundAloneLater() {
        let automaton = LiteralAutomaton(patterns: ["rm", "nc"])
        let hits = automaton.hits(in: ScanLine.fold("perform; rm -rf x | ncat nc"))
        let rm = hits.first { $0.pattern == 0 }, nc = hits.first { $0.pattern == 1 }
        #expect(rm?.first == 5 && rm?.firstWord == 9)
        #expect(nc?.first == 20 && nc?.firstWord == 25)
    }

    @Test func patternsAreMatchedOnTheFoldedLine() {
        // Upper case and a zero-width space do not hide `curl`.
        let automaton = LiteralAutomaton(patterns: ["curl"])
        #expect(automaton.hits(in: ScanLine.fold("CU\u{200B}RL http://x")).map(\.first) == [0])
    }

    @Test func everyVocabularyListFindsWhatSearchingFinds() {
        // Lines made of the vocabulary itself, joined so that patterns
        // overlap, touch words and repeat; the scanner's own automaton.
        let lines = ScanVocabulary.everyList.flatMap { list in
            [list.joined(separator: " "), list.joined(), list.reversed().joined(separator: "_"), "x" + list.joined(separator: "x")]
        }
        let patterns = ScanVocabulary.everyList.flatMap { $0 }
        for text in lines {
            let line = ScanLine(number: 1, text: text, context: .code)
            for list in ScanVocabulary.everyList {
                let set = ScanPatternSet(list)
                let first = list.compactMap { line.find($0) }.min()
                let word = list.compactMap { line.findWord($0) }.min()
                #expect(line.firstOf(set) == first && line.firstWord(set) == word, "\(list) in \(text)")
            }
        }
        Self.expectSame(Array(Set(patterns)).sorted(), lines.prefix(40).joined(separator: " "))
    }
}
