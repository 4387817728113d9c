import Foundation

/// A private, append-only file of the blobs the server has served, each
/// verified against its digest when it was read from the database. Blobs
/// are sent from here (`FileSpan`), so they sit in the kernel's page cache,
/// as nginx's files do, not in the server's own memory. The file is
/// unlinked as soon as it is created: nothing else can open it, and it
/// vanishes when the server exits.
final class BlobSpool: @unchecked Sendable {
    // @unchecked: `end` is guarded by `lock`; `descriptor` never changes.
    let descriptor: Int32
    let limit: Int64
    private let lock = NSLock()
    private var end: Int64 = 0

    /// Creates the spool in `folder`, holding at most `limit` bytes.
    init(folder: String, limit: Int64) throws {
        var template = Array((folder as NSString).appendingPathComponent(".skillstore-spool-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw ServerError.spool("cannot create a blob spool in \(folder): \(String(cString: strerror(errno)))")
        }
        unlink(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        self.descriptor = descriptor
        self.limit = limit
    }

    deinit { close(descriptor) }

    /// Appends `bytes` and returns their span, or nil when the spool is full
    /// or the write fails (the caller then serves from memory).
    func append(_ bytes: [UInt8]) -> FileSpan? {
        let offset: Int64? = lock.withLock {
            guard end + Int64(bytes.count) <= limit else { return nil }
            defer { end += Int64(bytes.count) }
            return end
        }
        guard let offset else { return nil }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + written, bytes.count - written, off_t(offset) + off_t(written))
            }
            guard count > 0 else { return nil }
            written += count
        }
        return FileSpan(descriptor: descriptor, offset: offset, count: bytes.count, owner: self)
    }
}
