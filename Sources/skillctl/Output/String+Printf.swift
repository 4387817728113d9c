import CLinux

extension String {
    /// `format` (holding one conversion of a double, such as `%.3g`)
    /// filled in with `value` as C's printf fills it in, in the C locale (a
    /// point before decimals).
    ///
    /// Not Foundation's `String(format:)`: its first use in a process sets
    /// up CoreFoundation's formatting, about 1 million instructions, a
    /// fifth of what printing a search's results costs; nor `withVaList`,
    /// whose first use casts the argument to a protocol at run time (a
    /// scan of the binary's conformance records, another 0.9 million)
    /// (docs/benchmarks.md). The C locale holds because nothing in skillctl
    /// calls `setlocale`.
    init(printf format: String, _ value: Double) {
        var text = [CChar](repeating: 0, count: 64)
        let needed = Int(skillstore_format_double(&text, text.count, format, value))
        if needed >= text.count {
            text = [CChar](repeating: 0, count: needed + 1)
            _ = skillstore_format_double(&text, text.count, format, value)
        }
        let length = Swift.max(0, Swift.min(needed, text.count - 1))
        self = String(decoding: text.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
