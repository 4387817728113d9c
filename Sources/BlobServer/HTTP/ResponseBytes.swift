import Foundation

/// Bytes that a response sends, owned by one allocation that the transport
/// can hand to the C library without copying; immutable once made, so one
/// buffer (a cached blob) can back any number of responses at once.
final class ResponseBytes: @unchecked Sendable {
    let pointer: UnsafeRawBufferPointer

    init(_ bytes: some Collection<UInt8>) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        buffer.copyBytes(from: bytes)
        pointer = UnsafeRawBufferPointer(rebasing: buffer[0..<bytes.count])
    }

    /// The bytes of `span`, read from its file; nil if the read falls short.
    init?(reading span: FileSpan) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(span.count, 1), alignment: 1)
        var done = 0
        while done < span.count {
            let got = pread(span.descriptor, buffer.baseAddress! + done, span.count - done, off_t(span.offset) + off_t(done))
            guard got > 0 else { break }
            done += got
        }
        guard done == span.count else {
            buffer.deallocate()
            return nil
        }
        pointer = UnsafeRawBufferPointer(rebasing: buffer[0..<span.count])
    }

    var count: Int { pointer.count }
    var array: [UInt8] { Array(pointer) }

    deinit { pointer.deallocate() }
}
