/// Splits a byte stream into newline-delimited messages, holding at most
/// `maxLineBytes` of one line: a longer line is dropped up to its newline
/// and reported once, so no input can make the session hold unbounded memory.
public struct LineFramer {
    public enum Event: Equatable {
        /// One line, without its newline (nor a `\r` before it).
        case line([UInt8])
        /// A line longer than the limit, skipped whole.
        case tooLong
    }

    public let maxLineBytes: Int
    private var pending: [UInt8] = []
    private var discarding = false

    public init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

    /// The events `chunk` completes, in order.
    public mutating func feed(_ chunk: some Collection<UInt8>) -> [Event] {
        var events: [Event] = []
        var rest = chunk[...]
        while let newline = rest.firstIndex(of: 0x0A) {
            let piece = rest[..<newline]
            rest = rest[rest.index(after: newline)...]
            if discarding || pending.count + piece.count > maxLineBytes {
                events.append(.tooLong)
                discarding = false
                pending.removeAll(keepingCapacity: false)
                continue
            }
            pending += piece
            if pending.last == 0x0D { pending.removeLast() }
            if pending.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) { events.append(.line(pending)) }
            pending.removeAll(keepingCapacity: true)
        }
        if !discarding {
            if pending.count + rest.count > maxLineBytes {
                discarding = true
                pending.removeAll(keepingCapacity: false)
            } else {
                pending += rest
            }
        }
        return events
    }

    /// The last line when the stream ends without a newline.
    public mutating func finish() -> [Event] {
        defer { pending.removeAll(); discarding = false }
        if discarding { return [.tooLong] }
        return pending.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) ? [.line(pending)] : []
    }
}
