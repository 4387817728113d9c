import Foundation

extension String {
    /// `format` filled in as C's printf fills it in, in the C locale (a
    /// point before decimals), for the numbers a command prints (`%.3g`).
    ///
    /// Not Foundation's `String(format:)`: its first use in a process sets
    /// up CoreFoundation's formatting, about 1 million instructions, a
    /// fifth of what printing a search's results costs (docs/benchmarks.md).
    /// The C locale holds because nothing in skillctl calls `setlocale`.
    init(printf format: String, _ arguments: CVarArg...) {
        var text = [CChar](repeating: 0, count: 128)
        let needed = Int(withVaList(arguments) { vsnprintf(&text, text.count, format, $0) })
        if needed >= text.count {
            text = [CChar](repeating: 0, count: needed + 1)
            _ = withVaList(arguments) { vsnprintf(&text, text.count, format, $0) }
        }
        let length = Swift.max(0, Swift.min(needed, text.count - 1))
        self = String(decoding: text.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
