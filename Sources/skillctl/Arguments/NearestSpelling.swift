/// The declared name a mistyped one most likely meant, for "did you mean":
/// the closest by edit distance (a swap of two neighbouring letters counts
/// as one edit, as in `--verison`), when it is close enough to be a typo
/// rather than another word.
enum NearestSpelling {
    /// The candidate nearest to `typed`, or nil when none is within a typo's
    /// reach: one edit for words of 3 or 4 letters, two for longer ones, and
    /// none for shorter ones (`-x` is no typo of `-q`). Leading dashes are
    /// not letters. Ties go to the earlier candidate.
    static func suggestion(for typed: String, among candidates: [String]) -> String? {
        let letters = typed.drop { $0 == "-" }.count
        guard letters > 2 else { return nil }
        let reach = letters <= 4 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != typed {
            let distance = editDistance(typed, candidate)
            if distance <= reach, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Insertions, deletions, substitutions and swaps of neighbours
    /// (the optimal string alignment distance), over characters.
    static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left), b = Array(right)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Three rows: the one before the previous is needed for swaps.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// "; did you mean 'publish'?", or nothing: the end of an "unknown" message.
    static func didYouMean(_ typed: String, among candidates: [String]) -> String {
        suggestion(for: typed, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
