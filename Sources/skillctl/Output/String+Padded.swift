extension String {
    /// The string followed by spaces up to `width` characters, as columns
    /// are measured (`count`); a longer string is returned whole.
    ///
    /// Not Foundation's `padding(toLength:withPad:startingAt:)`: that one
    /// bridges through NSString at each call (about 6% of a short command's
    /// CPU, docs/benchmarks.md), counts UTF-16 units where the columns count
    /// characters, and cuts a string longer than the width.
    func padded(to width: Int) -> String {
        let missing = width - count
        return missing > 0 ? self + String(repeating: " ", count: missing) : self
    }
}
