extension Array {
    /// The first `count` elements in the order `comesFirst` gives: what
    /// `sorted(by: comesFirst).prefix(count)` gives when the order is
    /// total (no two elements tie; with ties, or an order that is not one,
    /// such as one comparing NaN, which elements are kept may differ too),
    /// without sorting the rest. A search tier may find 2,000 skills and
    /// keep 50, and sorting them all cost about 0.9 M instructions. Until
    /// `count` are kept each element is placed among them by bisection;
    /// then only one that beats the last kept is.
    func first(_ count: Int, by comesFirst: (Element, Element) -> Bool) -> [Element] {
        guard count > 0 else { return [] }
        guard self.count / 2 > count else { return Array(sorted(by: comesFirst).prefix(count)) }
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
