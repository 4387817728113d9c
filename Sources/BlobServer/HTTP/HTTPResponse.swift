import Foundation
import SkillStoreAPI

/// A response as the routes make it. The transport adds Date and
/// Content-Length; for HEAD it sends the headers only.
public struct HTTPResponse: Sendable {
    var status: Int
    /// In order; a name may repeat.
    var headers: [(String, String)]
    var body: ResponseBytes
    /// The part of `body` to send (a Range request sends a slice of a blob).
    var bodyRange: Range<Int>
    /// When set, the bytes sent instead of `body`.
    var file: FileSpan?
    /// The route pattern that answered, for metrics (`/api/v1/blob/{id}`).
    var route: String = "unmatched"
    /// Set on a response that is always the same (a blob's 200): the
    /// transport prepares it once and sends it again and again (not for a
    /// body in a file, which is read as it is sent).
    var reusable: ReusableResponse?
    /// For a 500: what went wrong, for the operator's log (never sent).
    var internalError: String?

    init(status: Int, headers: [(String, String)] = [], body: ResponseBytes, range: Range<Int>? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        bodyRange = range ?? 0..<body.count
    }

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.init(status: status, headers: headers, body: ResponseBytes(body))
    }

    /// A response whose body is read from a file as it is sent.
    init(status: Int, headers: [(String, String)] = [], file: FileSpan) {
        self.init(status: status, headers: headers, body: Self.noBytes)
        self.file = file
    }

    private static let noBytes = ResponseBytes([UInt8]())

    /// How many body bytes a GET sends.
    var bodyCount: Int { file?.count ?? bodyRange.count }

    func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }

    /// The bytes sent for a GET.
    var bodyBytes: [UInt8] { file?.read() ?? Array(body.pointer[bodyRange]) }

    static func json(_ value: some Encodable, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json")] + headers,
            body: Array(APIJSON.encode(value)) + [0x0A])
    }

    /// JSON text already written, as `APIJSON` writes it (`SearchEntryJSON`).
    static func json(text: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: text + [0x0A])
    }

    static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }
}
