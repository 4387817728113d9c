extension Array {
    /// The first `count` elements in the order `comesFirst` gives: what
    /// `sorted(by: comesFirst).prefix(count)` gives when the order is
    /// total (no two elements tie; with ties, which of the tied comes
    /// first is not the sort's), without sorting the rest. A search tier
    /// may find 2,000 skills and keep 50, and sorting them all cost about
    /// 0.9 M instructions. Each element is compared with the last kept,
    /// and placed by bisection among them when it beats it.
    func first(_ count: Int, by comesFirst: (Element, Element) -> Bool) -> [Element] {
        guard count > 0 else { return [] }
        guard self.count > count * 2 else { return Array(sorted(by: comesFirst).prefix(count)) }
        var kept: [Element] = []
        kept.reserveCapacity(count + 1)
        for element in self {
            if kept.count == count, let last = kept.last, !comesFirst(element, last) { continue }
            var (low, high) = (0, kept.count)
            while low < high {
                let middle = (low + high) / 2
                if comesFirst(kept[middle], element) { low = middle + 1 } else { high = middle }
            }
            kept.insert(element, at: low)
            if kept.count > count { kept.removeLast() }
        }
        return kept
    }
}
