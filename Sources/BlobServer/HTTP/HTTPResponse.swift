import Foundation
import SkillStoreAPI

/// Bytes that a response sends, owned by one allocation that the transport
/// can hand to the C library without copying; immutable once made, so one
/// buffer (a cached blob) can back any number of responses at once.
public final class ResponseBytes: @unchecked Sendable {
    public let pointer: UnsafeRawBufferPointer

    public init(_ bytes: some Collection<UInt8>) {
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

    public var count: Int { pointer.count }
    public var array: [UInt8] { Array(pointer) }

    deinit { pointer.deallocate() }
}

/// Bytes that a response sends from an open file: a span of the blob
/// spool. The transport reads it with `pread` as it sends, so the bytes live
/// in the kernel's page cache rather than in the server's memory.
public final class FileSpan: Sendable {
    public let descriptor: Int32
    public let offset: Int64
    public let count: Int
    /// Keeps the file open while a response uses the span.
    let owner: (any Sendable)?

    public init(descriptor: Int32, offset: Int64, count: Int, owner: (any Sendable)?) {
        self.descriptor = descriptor
        self.offset = offset
        self.count = count
        self.owner = owner
    }

    /// The part `range` of this span.
    public func slice(_ range: Range<Int>) -> FileSpan {
        FileSpan(descriptor: descriptor, offset: offset + Int64(range.lowerBound), count: range.count, owner: owner)
    }

    /// Reads the span (for tests and for callers that need the bytes).
    public func read() -> [UInt8] {
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

/// A transport's prepared form of a response that never changes, kept
/// with it so that it is built once. Opaque to the routes.
public final class ReusableResponse: @unchecked Sendable {
    // @unchecked: `handle` and `release` are guarded by `lock`.
    private let lock = NSLock()
    private var handle: OpaquePointer?
    private var release: ((OpaquePointer) -> Void)?

    public init() {}

    /// The prepared handle, made by `make` (with how to free it) the first time.
    func handle(orMake make: () -> (OpaquePointer, (OpaquePointer) -> Void)?) -> OpaquePointer? {
        lock.withLock {
            if let handle { return handle }
            guard let (made, free) = make() else { return nil }
            handle = made
            release = free
            return made
        }
    }

    deinit {
        if let handle, let release { release(handle) }
    }
}

/// A response as the routes make it. The transport adds Date and
/// Content-Length; for HEAD it sends the headers only.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// In order; a name may repeat.
    public var headers: [(String, String)]
    public var body: ResponseBytes
    /// The part of `body` to send (a Range request sends a slice of a blob).
    public var bodyRange: Range<Int>
    /// When set, the bytes sent instead of `body`.
    public var file: FileSpan?
    /// The route pattern that answered, for metrics (`/api/v1/blob/{id}`).
    public var route: String = "unmatched"
    /// Set on a response that is always the same (a blob's 200): the
    /// transport prepares it once and sends it again and again (not for a
    /// body in a file, which is read as it is sent).
    public var reusable: ReusableResponse?
    /// For a 500: what went wrong, for the operator's log (never sent).
    public var internalError: String?

    public init(status: Int, headers: [(String, String)] = [], body: ResponseBytes, range: Range<Int>? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        bodyRange = range ?? 0..<body.count
    }

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.init(status: status, headers: headers, body: ResponseBytes(body))
    }

    /// A response whose body is read from a file as it is sent.
    public init(status: Int, headers: [(String, String)] = [], file: FileSpan) {
        self.init(status: status, headers: headers, body: Self.noBytes)
        self.file = file
    }

    private static let noBytes = ResponseBytes([UInt8]())

    /// How many body bytes a GET sends.
    public var bodyCount: Int { file?.count ?? bodyRange.count }

    public func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }

    /// The bytes sent for a GET.
    public var bodyBytes: [UInt8] { file?.read() ?? Array(body.pointer[bodyRange]) }

    public static func json(_ value: some Encodable, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json")] + headers,
            body: Array(APIJSON.encode(value)) + [0x0A])
    }

    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }
}
