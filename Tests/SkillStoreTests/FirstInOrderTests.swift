import Testing
@testable import SkillStore

/// `Array.first(_:by:)` keeps what sorting everything and keeping the
/// first would, for a total order, while sorting only what it keeps.
@Suite struct FirstInOrderTests {
    @Test func givesTheSortedPrefixForEveryCountAndLength() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 2, 5, 49, 50, 101, 400, 2_000] {
            // Distinct values, with ties on the first key broken by the second (as bm25, then version).
            let items = (0..<length).map { (score: Double(Int.random(in: 0..<40, using: &generator)), id: $0) }.shuffled()
            let order: ((score: Double, id: Int), (score: Double, id: Int)) -> Bool = { ($0.score, -$0.id) > ($1.score, -$1.id) }
            for count in [0, 1, 3, 50, length, length + 7] {
                let kept = items.first(count, by: order)
                let expected = Array(items.sorted(by: order).prefix(count))
                #expect(kept.map(\.id) == expected.map(\.id), "length \(length), count \(count)")
            }
        }
    }

    @Test func keepsTheWholeListWhenItIsShort() {
        #expect([3, 1, 2].first(10, by: <) == [1, 2, 3])
        #expect([Int]().first(3, by: <).isEmpty)
        #expect([5, 4].first(0, by: <).isEmpty)
    }
}
