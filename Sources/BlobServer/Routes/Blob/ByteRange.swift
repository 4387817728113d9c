import Foundation

/// A `Range` header over a body of `size` bytes (RFC 9110 14.1.2). One
/// range is served; a list of several, or a unit other than bytes, is
/// answered with the whole body, as the RFC allows.
enum ByteRange: Equatable {
    case whole
    case range(Range<Int>)
    case unsatisfiable

    static func parse(_ header: String, size: Int) -> ByteRange {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = value.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        /// A byte position; digits beyond what Int holds read as "past any
        /// end" (RFC 9110 allows any length of digits).
        func number(_ text: String) -> Int? {
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(text) ?? Int.max / 2
        }
        if first.isEmpty {
            // -n: the last n bytes
            guard let count = number(last) else { return .whole }
            guard count > 0, size > 0 else { return .unsatisfiable }
            return .range(max(0, size - count)..<size)
        }
        guard let start = number(first) else { return .whole }
        let end: Int
        if last.isEmpty {
            end = size - 1
        } else {
            guard let value = number(last), value >= start else { return .whole }  // invalid: ignored
            end = min(value, size - 1)
        }
        guard start < size else { return .unsatisfiable }
        return .range(start..<(end + 1))
    }
}
