import CMicroHTTPD
import Foundation
import Synchronization

/// The HTTP/1.1 transport: owns the libmicrohttpd daemon, turns C requests
/// into `HTTPRequest`s and `HTTPResponse`s back into C responses. It knows
/// nothing of routes. The only file that imports CMicroHTTPD.
public final class HTTPServer: @unchecked Sendable {
    // @unchecked: `daemon`, `listening` and `quiescedSockets` are written in
    // `start` and `stop` only;
    // everything the C threads touch is a Mutex or immutable.

    public struct Configuration: Sendable {
        /// An IPv4 or IPv6 address (`::1` or `[::1]`), or `localhost`
        /// (`ListeningAddress`); never a name to resolve.
        public var host = "127.0.0.1"
        /// 0 picks a free port (read it from `port` after `start`).
        public var port: UInt16 = 8080
        /// Network threads (libmicrohttpd's pool, each with its own epoll set).
        public var threads = ProcessInfo.processInfo.activeProcessorCount
        /// Threads for slow routes (search, publish), off the network threads.
        public var workers = max(2, ProcessInfo.processInfo.activeProcessorCount)
        /// Seconds a connection may stay idle (including one that never sends a byte).
        public var idleTimeout = 30
        public var connectionLimit = 1024
        /// Bytes for a request's line and headers, per connection
        /// (libmicrohttpd clears this much for every request).
        public var headerLimit = 16 * 1024
        /// Bytes of request body; more is answered 413 and nothing is read further.
        public var maxBody = 64 * 1024 * 1024
        /// Whether requests carry the client's address (for an access log);
        /// formatting it costs every request a little.
        var recordsClientAddress = true
        public init() {}
    }

    /// One finished request, for the access log and the metrics.
    struct Completion: Sendable {
        var method: String
        var path: String
        var route: String
        var status: Int
        var bytes: Int
        var seconds: Double
        var remoteAddress: String
        /// False when the connection ended before the response was sent.
        var completed: Bool
        /// For a 500, what went wrong (`HTTPResponse.internalError`).
        var internalError: String?
    }

    let configuration: Configuration
    private let responder: any Responder
    private let onCompletion: @Sendable (Completion) -> Void
    private var daemon: OpaquePointer?
    private let workers: WorkerPool
    /// Requests begun and not yet finished; `stop` waits for them.
    private let inFlight = Atomic<Int>(0)
    /// Connections suspended for a worker and not yet back in the access
    /// handler: libmicrohttpd aborts if stopped while any is suspended.
    private let suspended = Atomic<Int>(0)
    /// Set by `stop`: jobs still queued answer 503 instead of running.
    private let stopping = Atomic<Bool>(false)
    /// Listening sockets handed back by `MHD_quiesce_daemon`, closed by `stop`.
    private var quiescedSockets: [Int32] = []
    /// Where `start` bound (the port chosen when the configuration said 0).
    private var listening: (address: ListeningAddress, port: UInt16)?

    public convenience init(_ configuration: Configuration, responder: any Responder) {
        self.init(configuration, responder: responder, onCompletion: { _ in })
    }

    /// `onCompletion` is called once per request, finished or aborted.
    init(
        _ configuration: Configuration, responder: any Responder,
        onCompletion: @escaping @Sendable (Completion) -> Void
    ) {
        self.configuration = configuration
        self.responder = responder
        self.onCompletion = onCompletion
        workers = WorkerPool(threads: configuration.workers)
    }

    /// The workers are stopped here too: `stop` leaves them alone on a
    /// server that never started (a start refused: port in use), whose
    /// threads would otherwise wait for jobs as long as the process lives.
    deinit {
        stop(grace: 0)
        workers.stop()
    }

    /// The port the server listens on, 0 when it does not.
    public var port: UInt16 { daemon == nil ? 0 : listening?.port ?? 0 }

    /// `http://127.0.0.1:8080`, `http://[::1]:8080`: where clients reach the
    /// server (the configured port before `start`).
    public var url: String {
        let host = ListeningAddress(configuration.host)?.urlHost ?? configuration.host
        return "http://\(host):\(listening?.port ?? configuration.port)"
    }

    /// Binds and starts serving on the daemon's own threads. A port another
    /// socket listens on is refused (`ServerError.cannotListen`), never shared.
    public func start() throws {
        precondition(daemon == nil, "start called twice")
        guard let address = ListeningAddress(configuration.host) else {
            throw ServerError.badAddress(configuration.host)
        }
        let listener = try ListeningSocket(address, port: configuration.port)
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
        flags |= MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue | MHD_USE_TURBO.rawValue
        if address.family == .ipv6 { flags |= MHD_USE_IPv6.rawValue }
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(listener.descriptor), ptr_value: nil),
            MHD_OptionItem(option: .THREAD_POOL_SIZE, value: max(1, configuration.threads), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: max(1, configuration.idleTimeout), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: max(1, configuration.connectionLimit), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: max(4096, configuration.headerLimit), ptr_value: nil),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = options.withUnsafeMutableBufferPointer { items in
            skillstore_mhd_start(
                flags, listener.port, accessHandler, context, completionHandler, context, nil, items.baseAddress)
        }
        // On failure the socket is not closed here: libmicrohttpd closes a
        // socket it was handed on most of its failure paths, and closing it
        // twice could close another file that took its number.
        guard daemon != nil else {
            throw ServerError.cannotListen(
                address.authority(port: listener.port), reason: "libmicrohttpd could not start (its message is above)")
        }
        listening = (address, listener.port)
    }

    /// Stops accepting connections, lets the requests in flight finish (for
    /// at most `grace` seconds), then closes every connection. Requests still
    /// waiting for a worker then get 503; one a worker is running is waited
    /// for (up to 30 s more), since libmicrohttpd cannot stop while a
    /// connection is suspended.
    public func stop(grace: Double = 10) {
        guard let daemon else { return }
        let listening = MHD_quiesce_daemon(daemon)
        if listening >= 0 { quiescedSockets.append(listening) }
        var deadline = Date().addingTimeInterval(grace)
        while inFlight.load(ordering: .relaxed) > 0 && Date() < deadline { usleep(10_000) }
        stopping.store(true, ordering: .sequentiallyConsistent)
        deadline = Date().addingTimeInterval(30)
        while suspended.load(ordering: .sequentiallyConsistent) > 0 && Date() < deadline { usleep(10_000) }
        if suspended.load(ordering: .sequentiallyConsistent) == 0 {
            // Let the answers just given (503s, late finishers) go out.
            deadline = Date().addingTimeInterval(2)
            while inFlight.load(ordering: .relaxed) > 0 && Date() < deadline { usleep(5_000) }
            MHD_stop_daemon(daemon)
        }  // else: left running rather than aborting the process
        self.daemon = nil
        for socket in quiescedSockets { close(socket) }
        quiescedSockets = []
        workers.stop()
    }

    var openConnections: Int { daemon.map { Int(skillstore_mhd_connections($0)) } ?? 0 }

    // MARK: - Called from libmicrohttpd's threads

    fileprivate func handle(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
        uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
        state pointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let raw = pointer.pointee else {
            // First call: only the headers are known. Answering now would make
            // libmicrohttpd close the connection, so just set up the state.
            let state = RequestState(request: Self.request(
                connection, url: url, method: method, withAddress: configuration.recordsClientAddress))
            inFlight.add(1, ordering: .relaxed)
            pointer.pointee = Unmanaged.passRetained(state).toOpaque()
            // Answering now makes libmicrohttpd close the connection after,
            // so only refusals are answered here. First the request itself
            // (a Host the server does not answer to), whatever it carries.
            if let refusal = responder.admit(state.request) {
                state.response = refusal
                return queue(refusal, on: connection)
            }
            // A body is refused before a byte of it is read: over the limit,
            // or not wanted by its route (a publish without a valid token).
            let length = state.request.header("content-length").flatMap(Int.init)
            if let length, length > configuration.maxBody {
                state.response = tooLargeResponse()
                return queue(state.response!, on: connection)
            }
            if length ?? 0 > 0 || state.request.header("transfer-encoding") != nil {
                if let refusal = responder.preflight(&state.request) {
                    state.response = refusal
                    return queue(refusal, on: connection)
                }
                // A route that takes less than the server: its cap, for a
                // chunked body, which announces no length.
                state.bodyLimit = responder.bodyLimit(for: state.request).flatMap {
                    $0.bytes < configuration.maxBody ? $0 : nil
                }
            }
            return .YES
        }
        let state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            uploadSize.pointee = 0
            if state.response != nil { return .YES }  // already answered; the rest is dropped
            state.bodyBytes += count
            if state.bodyBytes > configuration.maxBody {
                // A chunked body that grew past the limit: answer now. (With
                // libmicrohttpd 0.9 the answer is refused mid-body and the
                // connection closed instead, which still stops the reading.)
                state.request.body = []
                state.response = tooLargeResponse()
                return queue(state.response!, on: connection)
            }
            if let limit = state.bodyLimit, state.bodyBytes > limit.bytes {
                // Past its route's cap: nothing more is kept, and the route's
                // 413 answers once the body ends (libmicrohttpd 0.9 cannot
                // queue an answer in the middle of a body; the server's
                // limit above still ends one that goes on).
                state.request.body = []
                state.overLimit = limit.refusal
                return .YES
            }
            if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
                    state.request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                }
            }
            return .YES
        }
        if state.wasSuspended {
            // A worker finished and libmicrohttpd resumed the connection.
            state.wasSuspended = false
            suspended.subtract(1, ordering: .sequentiallyConsistent)
            return queue(state.response!, on: connection)
        }
        if state.response != nil { return .YES }  // answered early; libmicrohttpd is finishing
        if let refusal = state.overLimit {
            state.response = refusal
            return queue(refusal, on: connection)
        }
        if let response = responder.quickResponse(to: state.request) {
            state.response = response
            return queue(response, on: connection)
        }
        state.wasSuspended = true
        suspended.add(1, ordering: .sequentiallyConsistent)
        MHD_suspend_connection(connection)
        let responder = self.responder
        let handle = SuspendedConnection(handle: connection)
        workers.run { [self] in
            if stopping.load(ordering: .sequentiallyConsistent) {
                var response = ErrorResponder.response(for: HTTPError(
                    503, "SHUTTING_DOWN", "the server is stopping; try again", headers: [("Retry-After", "5")]))
                response.route = "shutdown"
                state.response = response
            } else {
                state.response = responder.respond(to: state.request)
            }
            MHD_resume_connection(handle.handle)
        }
        return .YES
    }

    private func tooLargeResponse() -> HTTPResponse {
        var response = ErrorResponder.response(for: HTTPError(
            413, "PAYLOAD_TOO_LARGE", "the request body is over the server's limit of \(configuration.maxBody) bytes"))
        response.route = "body-limit"
        return response
    }

    fileprivate func complete(state pointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, termination: MHD_RequestTerminationCode) {
        guard let pointer, let raw = pointer.pointee else { return }
        pointer.pointee = nil
        let state = Unmanaged<RequestState>.fromOpaque(raw).takeRetainedValue()
        inFlight.subtract(1, ordering: .relaxed)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - state.started) / 1e9
        let response = state.response
        onCompletion(Completion(
            method: state.request.method, path: state.request.path, route: response?.route ?? "unanswered",
            status: response?.status ?? 0,
            bytes: state.request.method == "HEAD" ? 0 : (response?.bodyCount ?? 0),
            seconds: elapsed, remoteAddress: state.request.remoteAddress,
            completed: termination == .REQUEST_TERMINATED_COMPLETED_OK, internalError: response?.internalError))
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        if let reusable = response.reusable, response.file == nil {
            // The same C response, headers and all, serves every request for
            // it; libmicrohttpd counts its users and frees it after the last.
            let handle = reusable.handle {
                Self.makeResponse(response).map { handle in (handle, { MHD_destroy_response($0) }) }
            }
            guard let handle else { return .NO }
            return MHD_queue_response(connection, UInt32(response.status), handle)
        }
        guard let handle = Self.makeResponse(response) else { return .NO }
        let result = MHD_queue_response(connection, UInt32(response.status), handle)
        MHD_destroy_response(handle)
        return result
    }

    /// Bodies up to this size are read from their file into memory and sent
    /// with the headers in one write (one TCP segment); libmicrohttpd sends a
    /// file body apart from its headers, which costs a packet each.
    static let smallFileBody = 256 * 1024

    private static func makeResponse(_ response: HTTPResponse) -> OpaquePointer? {
        var body = response.body
        var range = response.bodyRange
        if let file = response.file {
            if file.count <= smallFileBody, let bytes = ResponseBytes(reading: file) {
                (body, range) = (bytes, 0..<bytes.count)
            } else {
                // Sent with sendfile from a duplicate of the descriptor, which
                // libmicrohttpd closes when it is done with the response.
                let descriptor = dup(file.descriptor)
                guard descriptor >= 0,
                      let handle = MHD_create_response_from_fd_at_offset64(UInt64(file.count), descriptor, UInt64(file.offset))
                else {
                    if descriptor >= 0 { close(descriptor) }
                    return nil
                }
                addHeaders(response.headers, to: handle)
                return handle
            }
        }
        // The C response borrows the body's bytes and keeps them alive with
        // a retain that its free callback gives back: no copy is made.
        let owner = Unmanaged.passRetained(body).toOpaque()
        let start = body.pointer.baseAddress.map { $0 + range.lowerBound }
        guard let handle = MHD_create_response_from_buffer_with_free_callback_cls(
            range.count, UnsafeMutableRawPointer(mutating: start), releaseBody, owner)
        else {
            Unmanaged<ResponseBytes>.fromOpaque(owner).release()
            return nil
        }
        addHeaders(response.headers, to: handle)
        return handle
    }

    private static func addHeaders(_ headers: [(String, String)], to handle: OpaquePointer) {
        for (name, value) in headers {
            // withCString lends a native string's own bytes; passing the
            // String directly made a copy of each.
            _ = name.withCString { name in value.withCString { value in MHD_add_response_header(handle, name, value) } }
        }
    }

    private static func request(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>, withAddress: Bool
    ) -> HTTPRequest {
        var collected = Collected()
        withUnsafeMutablePointer(to: &collected) { target in
            _ = MHD_get_connection_values(connection, .HEADER_KIND, collectValue, target)
            _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, collectValue, target)
        }
        var remote = "-"
        if withAddress, let address = skillstore_mhd_client_address(connection) {
            remote = clientAddress(address)
        }
        return HTTPRequest(
            method: String(cString: method), path: String(cString: url), query: collected.query,
            fields: collected.fields, remoteAddress: remote)
    }
}

/// What one request carries between the access handler's calls. Owned
/// by the connection: retained on the first call, released on completion.
private final class RequestState: @unchecked Sendable {
    // @unchecked: libmicrohttpd calls in for one connection at a time, and a
    // worker touches `response` only while the connection is suspended.
    var request: HTTPRequest
    var response: HTTPResponse?
    /// The route's cap on the body when below the server's `maxBody`.
    var bodyLimit: BodyLimit?
    /// Body bytes received, kept or not.
    var bodyBytes = 0
    /// Set when the body passed `bodyLimit`: the answer once it ends.
    var overLimit: HTTPResponse?
    /// Handed to a worker: the next call of the access handler is the resume.
    var wasSuspended = false
    let started = DispatchTime.now().uptimeNanoseconds
    init(request: HTTPRequest) { self.request = request }
}

/// A connection handed to a worker while libmicrohttpd holds it suspended.
private struct SuspendedConnection: @unchecked Sendable {
    // @unchecked: the only call made on it, MHD_resume_connection, is
    // documented as safe from any thread.
    let handle: OpaquePointer
}

/// A client's address as text (`127.0.0.1`, `::1`), or `-` for another family.
private func clientAddress(_ address: UnsafePointer<sockaddr>) -> String {
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let written: UnsafePointer<CChar>?
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
        written = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
            var bytes = inet.pointee.sin_addr
            return inet_ntop(AF_INET, &bytes, &text, socklen_t(text.count))
        }
    case AF_INET6:
        written = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
            var bytes = inet.pointee.sin6_addr
            return inet_ntop(AF_INET6, &bytes, &text, socklen_t(text.count))
        }
    default:
        written = nil
    }
    guard written != nil else { return "-" }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private struct Collected {
    var fields: [(name: String, value: String)] = []
    var query: [String: String] = [:]
}

private let collectValue: MHD_KeyValueIterator = { target, kind, key, value in
    guard let target, let key else { return .YES }
    let collected = target.assumingMemoryBound(to: Collected.self)
    let text = value.map { String(cString: $0) } ?? ""
    if kind == .HEADER_KIND {
        collected.pointee.fields.append((lowercasedASCII(key), text))
    } else {
        collected.pointee.query[String(cString: key)] = text
    }
    return .YES
}

/// A header name with its ASCII letters in lowercase (field names are
/// ASCII tokens), made in one pass over the C string.
private func lowercasedASCII(_ name: UnsafePointer<CChar>) -> String {
    let count = strlen(name)
    return String(unsafeUninitializedCapacity: count) { buffer in
        for index in 0..<count {
            let byte = UInt8(bitPattern: name[index])
            buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
        return count
    }
}

private let releaseBody: @convention(c) (UnsafeMutableRawPointer?) -> Void = { owner in
    if let owner { Unmanaged<ResponseBytes>.fromOpaque(owner).release() }
}

private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadSize, state in
    guard let context, let connection, let url, let method, let uploadSize, let state else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.handle(connection, url: url, method: method, uploadData: uploadData, uploadSize: uploadSize, state: state)
}

private let completionHandler: MHD_RequestCompletedCallback = { context, _, state, termination in
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().complete(state: state, termination: termination)
}
