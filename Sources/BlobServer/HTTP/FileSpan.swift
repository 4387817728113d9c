import Foundation

/// Bytes that a response sends from an open file: a span of the blob
/// spool. The transport reads it with `pread` as it sends, so the bytes live
/// in the kernel's page cache rather than in the server's memory.
final class FileSpan: Sendable {
    let descriptor: Int32
    let offset: Int64
    let count: Int
    /// Keeps the file open while a response uses the span.
    let owner: (any Sendable)?

    init(descriptor: Int32, offset: Int64, count: Int, owner: (any Sendable)?) {
        self.descriptor = descriptor
        self.offset = offset
        self.count = count
        self.owner = owner
    }

    /// The part `range` of this span.
    func slice(_ range: Range<Int>) -> FileSpan {
        FileSpan(descriptor: descriptor, offset: offset + Int64(range.lowerBound), count: range.count, owner: owner)
    }

    /// Reads the span (for tests and for callers that need the bytes).
    func read() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            guard got > 0 else { break }
            done += got
        }
        return Array(bytes.prefix(done))
    }
}
