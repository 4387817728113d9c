import CCurl
import Foundation

/// Runs one HTTP request at a time on libcurl's easy API and collects its
/// answer, abandoning it once the answer passes `limit` bytes (announced or
/// received). libcurl is loaded by the first request, not at start-up, so
/// that local commands never load it.
final class BoundedTransfers: @unchecked Sendable {
    // @unchecked: the handle is only used with `handleLock` held.
    let limit: Int
    private let handleLock = NSLock()
    private var handle: UnsafeMutableRawPointer?

    init(limit: Int) { self.limit = limit }

    deinit { if let handle { ccurl_easy_cleanup(handle) } }

    /// One request: the method, the whole URL, its headers and body.
    struct Request {
        var url: String
        var method = "GET"
        var headers: [(String, String)] = []
        var body: Data?
    }

    /// A final answer (after any redirect): its status, headers and body.
    struct Answer {
        let status: Int
        let headers: [(String, String)]
        let body: Data

        /// The value of the header `name` (case-insensitive), nil when absent.
        func header(_ name: String) -> String? {
            headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
        }
    }

    /// The answer passed the limit; the transfer was abandoned.
    struct AnswerTooLarge: Error {}

    /// No answer: the reason, in libcurl's words (the same words URLSession
    /// gave, since it ran on libcurl too).
    struct TransferFailed: Error, CustomStringConvertible {
        let description: String
    }

    func run(_ request: Request) throws -> Answer {
        if let failure = ccurl_load() {
            throw TransferFailed(description: "libcurl, which talking to a server needs, cannot be loaded (\(String(cString: failure)))")
        }
        return try handleLock.withLock {
            // One handle for every request keeps the connection open between
            // the pages of a list.
            if handle == nil { handle = ccurl_easy_init() }
            guard let handle else { throw TransferFailed(description: "libcurl could not make a handle") }
            ccurl_easy_reset(handle)
            return try perform(request, on: handle)
        }
    }

    /// What the callbacks fill in while libcurl runs a transfer.
    private final class Collected {
        let limit: Int
        var body = Data()
        var headers: [(String, String)] = []
        /// Header bytes of every answer of the transfer (redirects included),
        /// held to the same limit as the body: a hostile server cannot grow
        /// the client's memory through headers either.
        var headerBytes = 0
        var tooLarge = false
        init(limit: Int) { self.limit = limit }
    }

    private func perform(_ request: Request, on handle: UnsafeMutableRawPointer) throws -> Answer {
        let collected = Collected(limit: limit)
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        var headerList: UnsafeMutablePointer<curl_slist>?
        // An empty Expect stops libcurl from waiting for "100 Continue"
        // before a large body, as URLSession did not wait either.
        for (name, value) in request.headers + [("Expect", "")] {
            headerList = ccurl_slist_append(headerList, value.isEmpty ? "\(name):" : "\(name): \(value)")
        }
        defer { ccurl_slist_free_all(headerList) }
        // POST and PUT always send a body, if only an empty one.
        let body = request.body ?? (["POST", "PUT"].contains(request.method) ? Data() : nil)

        // libcurl copies string options, so the C strings need not outlive the calls.
        func set(_ option: CURLoption, _ text: String) { _ = text.withCString { ccurl_setopt_pointer(handle, option, $0) } }
        set(CURLOPT_URL, request.url)
        set(CURLOPT_PROTOCOLS_STR, "http,https")
        set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        if request.method != "GET" && request.method != "POST" { set(CURLOPT_CUSTOMREQUEST, request.method) }
        _ = ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        _ = ccurl_setopt_long(handle, CURLOPT_MAXREDIRS, 16)
        // URLSession's 120 s request timeout is a time without progress, not
        // a bound on the whole transfer.
        _ = ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT, Self.idleTimeout)
        _ = ccurl_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
        _ = ccurl_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, Self.idleTimeout)
        // libcurl refuses an answer that announces more; the body callback
        // counts the rest.
        _ = ccurl_setopt_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit))
        _ = ccurl_setopt_list(handle, CURLOPT_HTTPHEADER, headerList)
        _ = ccurl_setopt_callback(handle, CURLOPT_WRITEFUNCTION, Self.receiveBody)
        _ = ccurl_setopt_callback(handle, CURLOPT_HEADERFUNCTION, Self.receiveHeader)
        // Never a NULL body pointer, even for an empty body: NULL would make
        // libcurl read the body from standard input.
        let bodyBuffer = body.map { $0.isEmpty ? Data([0]) : $0 } ?? Data()
        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errors in
            bodyBuffer.withUnsafeBytes { bodyBytes in
                withExtendedLifetime(collected) {
                    let context = Unmanaged.passUnretained(collected).toOpaque()
                    _ = ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
                    _ = ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
                    _ = ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errors.baseAddress)
                    if let body {
                        // A body makes the request a POST unless CUSTOMREQUEST says otherwise.
                        _ = ccurl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                        _ = ccurl_setopt_pointer(handle, CURLOPT_POSTFIELDS, bodyBytes.baseAddress)
                    }
                    let code = ccurl_easy_perform(handle)
                    // The buffers end with this closure; the handle outlives it.
                    _ = ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, nil)
                    return code
                }
            }
        }
        if collected.tooLarge || code == CURLE_FILESIZE_EXCEEDED { throw AnswerTooLarge() }
        guard code == CURLE_OK else {
            let detail = errorBuffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            if code == CURLE_OPERATION_TIMEDOUT { throw TransferFailed(description: "The request timed out.") }
            throw TransferFailed(description: detail.isEmpty ? String(cString: ccurl_easy_strerror(code)) : detail)
        }
        var status = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return Answer(status: status, headers: collected.headers, body: collected.body)
    }

    private static let idleTimeout = 120

    private static let receiveBody: curl_write_callback = { bytes, size, count, context in
        let collected = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard collected.body.count + length <= collected.limit else {
            collected.tooLarge = true
            return 0  // anything but `length` makes libcurl stop the transfer
        }
        if let bytes { collected.body.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length) }
        return length
    }

    /// One header line. A status line starts a new answer (after a redirect
    /// or "100 Continue"), so only the final answer's headers are kept.
    private static let receiveHeader: curl_write_callback = { bytes, size, count, context in
        let collected = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        collected.headerBytes += length
        guard collected.headerBytes <= collected.limit else {
            collected.tooLarge = true
            return 0  // anything but `length` makes libcurl stop the transfer
        }
        guard let bytes else { return length }
        let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            collected.headers = []
            collected.body = Data()
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            collected.headers.append((name, value))
        }
        return length
    }
}
