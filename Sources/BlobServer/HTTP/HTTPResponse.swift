import Foundation

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

    public var count: Int { pointer.count }
    public var array: [UInt8] { Array(pointer) }

    deinit { pointer.deallocate() }
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
    /// The route pattern that answered, for metrics (`/api/v1/blob/{id}`).
    public var route: String = "unmatched"
    /// Set on a response that is always the same (a blob's 200): the
    /// transport prepares it once and sends it again and again.
    public var reusable: ReusableResponse?

    public init(status: Int, headers: [(String, String)] = [], body: ResponseBytes, range: Range<Int>? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        bodyRange = range ?? 0..<body.count
    }

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.init(status: status, headers: headers, body: ResponseBytes(body))
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }

    /// The bytes sent for a GET.
    public var bodyBytes: [UInt8] { Array(body.pointer[bodyRange]) }

    public static func json(_ value: some Encodable, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json")] + headers,
            body: Array(APIJSON.encode(value)) + [0x0A])
    }

    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }
}

/// The API's JSON: the same shapes and snake_case keys as `skillctl --json`,
/// sorted keys, compact.
public enum APIJSON {
    public static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        guard let data = try? encoder.encode(value) else { preconditionFailure("API values are always encodable") }
        return data
    }

    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(type, from: data)
    }
}
