extension Array where Element == String {
    /// The strings with `separator` between each, as the standard library's
    /// `joined(separator:)` returns them.
    ///
    /// Declared on `Array` so that it is chosen over the standard library's
    /// wherever SkillStore or skillctl joins an array of strings: that one is
    /// generic code the compiler does not specialise, and its first call in a
    /// run makes the Swift runtime resolve the array's associated types by
    /// scanning every protocol-conformance record of the binary, a cost each
    /// short command (`--help`, a table, a search) paid once
    /// (docs/benchmarks.md, Start-up and Search).
    package func joined(separator: String) -> String {
        var text = ""
        for (index, part) in enumerated() {
            if index > 0 { text += separator }
            text += part
        }
        return text
    }

    /// The strings one after another, as `joined()` returns them.
    package func joined() -> String { joined(separator: "") }
}
