import Foundation
import SkillStore
import SkillStoreAPI

/// SkillStore over HTTP: the routes of `docs/api.md` on one database,
/// served by an `HTTPServer`.
public final class SkillStoreServer: Sendable {
    public struct Options: Sendable {
        var databasePath: String
        public var http = HTTPServer.Configuration()
        /// Where the access log goes: nil (the default) for nowhere. The
        /// library writes only where its caller says.
        public var accessLog: FileHandle?
        /// Where the causes of 500 answers go: nil (the default) for nowhere.
        public var errorLog: FileHandle?
        /// Memory for the index of served blobs (about 1 KB each when
        /// spooled, their size plus that when not).
        public var blobCacheBytes = 128 << 20
        /// Bytes of the blob spool, an unlinked file beside the database
        /// that served blobs are sent from; 0 keeps them in memory instead.
        public var spoolBytes: Int64 = 4 << 30
        /// The version `/mcp` names in its server info.
        public var serverVersion = "0"
        /// Refuse (422) a publish whose safety scan finds something at or
        /// above this severity; nil (the default) records the verdict and
        /// refuses nothing.
        public var refuseRisky: ScanSeverity?
        /// Names a request's `Host` may give besides loopback ones (no
        /// port; `*` for any): on a loopback address every other host is
        /// refused, elsewhere hosts are checked only when names are given
        /// (`AllowedHosts`).
        public var allowedHosts: [String] = []

        public init(databasePath: String) { self.databasePath = databasePath }
    }

    let options: Options
    /// The routes, callable without a network (tests call it directly).
    public let router: Router
    /// What the transport calls: the `Host` check, then the routes.
    let responder: HostCheckingResponder
    private let http: HTTPServer
    /// Written off the request path; `stop` writes what they still hold.
    private let logs: [AccessLog]

    /// Opens the database (creating it when missing) and builds the routes;
    /// nothing listens until `start`.
    public init(_ options: Options) throws {
        self.options = options
        let pool = try StorePool(path: options.databasePath)
        let metrics = Metrics()
        let cache = BlobCache(budget: options.blobCacheBytes)
        let box = ServerBox()
        var router = Router()
        // Beside the database, else in the temporary folder, else none (blobs
        // are then kept in memory).
        let folder = (options.databasePath as NSString).deletingLastPathComponent
        let spool = options.spoolBytes <= 0 ? nil
            : [folder.isEmpty ? "." : folder, NSTemporaryDirectory()].lazy
                .compactMap { try? BlobSpool(folder: $0, limit: options.spoolBytes) }.first
        let blobs = BlobRoute(pool: pool, cache: cache, spool: spool)
        router.add("GET", APIPath.blob.pattern, quick: true) { request, parameters in
            try blobs.respond(request, blob: BlobReference(parsing: parameters["id"]))
        }
        SkillRoutes(pool: pool, blobs: blobs).register(in: &router)
        PublishRoute(pool: pool, refuseRisky: options.refuseRisky).register(in: &router)
        YankRoute(pool: pool).register(in: &router)
        DiscoveryIndexRoute(pool: pool).register(in: &router)
        MCPRoute(
            pool: pool, serverVersion: options.serverVersion, sessions: MCPSessions(),
            origins: MCPOriginPolicy(listeningOn: options.http.host)
        ).register(in: &router)
        let openAPIDocument = ResponseBytes(Array(OpenAPIDocument.json.utf8))
        router.add("GET", APIPath.openAPIDocument.pattern, quick: true) { _, _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: openAPIDocument)
        }
        router.add("GET", APIPath.health.pattern, quick: true) { _, _ in
            .json(["status": "ok"], headers: [("Cache-Control", "no-store")])
        }
        router.add("GET", APIPath.metrics.pattern, quick: true) { _, _ in
            .text(metrics.render(openConnections: box.server?.openConnections ?? 0), contentType: "text/plain; version=0.0.4")
        }
        self.router = router
        responder = HostCheckingResponder(
            hosts: AllowedHosts(listeningOn: options.http.host, names: options.allowedHosts), router: router)
        let log = options.accessLog.map { AccessLog(handle: $0) }
        // One log for both when they go to the same place (standard error by
        // default), so that a 500's cause follows its request's line.
        let errors = options.errorLog.map { handle in
            log.flatMap { handle.fileDescriptor == options.accessLog?.fileDescriptor ? $0 : nil } ?? AccessLog(handle: handle)
        }
        logs = [log, errors].compactMap { $0 }
        var configuration = options.http
        configuration.recordsClientAddress = log != nil
        http = HTTPServer(configuration, responder: responder) { completion in
            metrics.record(completion)
            log?.record(completion)
            if let problem = completion.internalError { errors?.note("internal error answering \(completion.path): \(problem)") }
        }
        box.server = http
    }

    /// Binds and serves on background threads; returns at once.
    public func start() throws { try http.start() }

    /// The port listened on (the chosen one when the configuration said 0).
    var port: UInt16 { http.port }

    /// `http://127.0.0.1:8080`, `http://[::1]:8080`.
    public var url: String { http.url }

    /// Stops accepting, finishes the requests in flight (up to `grace` seconds), closes.
    /// Then writes the log lines still waiting.
    public func stop(grace: Double = 10) {
        http.stop(grace: grace)
        logs.forEach { $0.stop() }
    }
}

/// Lets the metrics route read the transport built after it.
private final class ServerBox: @unchecked Sendable {
    // @unchecked: written once, in init, before any request can arrive.
    var server: HTTPServer?
}
