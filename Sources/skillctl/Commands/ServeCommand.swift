import BlobServer
import Dispatch
import Foundation
import SkillStore

struct ServeCommand: Command {
    static let name = "serve"
    static let summary = "Serve the database over HTTP: blobs by id, the read API, search, publishing."
    static let discussion = """
        Serves the routes of docs/api.md until SIGINT or SIGTERM, then stops
        accepting, finishes the requests in flight (up to 10 s) and exits 0.
        A database that does not exist is refused (exit 3) unless --create is
        given, so that a mistyped --db is not served as an empty store. An
        address that cannot be listened on (a port another server listens
        on, a port below 1024, an address not of this machine) exits 1 with
        the reason, and nothing keeps running. Blob fetches are answered on
        the network threads; search, the graph routes and publishing run on
        worker threads, so a slow one never holds up a blob. A blob is read
        from the database and checked against its digest once, then kept in
        the spool: an unlinked file beside the database that it is sent from
        (through the page cache, as a static file server sends files).

        It also serves the MCP server of 'skillctl mcp' at /mcp (Streamable
        HTTP: POST one JSON-RPC message, answered as JSON; docs/mcp.md), and
        the Agent Skills discovery index at
        /.well-known/agent-skills/index.json.

        Every published bundle is scanned and its verdict recorded; nothing
        is refused for it unless --refuse-risky is given: then a publish
        with a skill whose scan finds something at or above SEVERITY
        (default high) is answered 422 SCAN_RISKY, listing the findings,
        and nothing of it is stored.
        """
    static let optionsHeading = "Options (defaults in brackets):"
    static let host = Option.value(
        "--host", "ADDR", "IPv4 or IPv6 address to listen on (::1 or [::1]; :: also takes IPv4) [127.0.0.1]")
    static let port = Option.value("--port", "N", "TCP port, 0 for any free one [8080]")
    static let threads = Option.value("--threads", "N", "network threads [cores: \(ProcessInfo.processInfo.activeProcessorCount)]")
    static let workers = Option.value("--workers", "N", "threads for search, graph and publish [max(2, cores)]")
    static let maxBody = Option.value("--max-body", "BYTES", "largest request body; more is 413 [67108864]")
    static let idleTimeout = Option.value("--idle-timeout", "S", "seconds before an idle connection is closed [30]")
    static let maxConnections = Option.value("--max-connections", "N", "connections open at once [1024]")
    static let headerLimit = Option.value("--header-limit", "BYTES", "request line and headers, per connection [16384]")
    static let cacheMB = Option.value(
        "--cache-mb", "N", "megabytes for the index of served blobs (about 1 KB each; a blob's size too without a spool) [128]")
    static let spoolMB = Option.value("--spool-mb", "N", "megabytes of the blob spool; 0: keep blobs in memory instead [4096]")
    static let allowedHost = Option.value(
        "--allowed-host", "NAME",
        "answer requests whose Host is NAME too (no port; repeatable; * for any); other hosts than loopback ones are refused "
            + "with 403 on a loopback --host, and on any --host once this is given [none]")
    static let create = Option.flag("--create", "create the database when it does not exist (else exit 3)")
    static let accessLogDestination = Option.value(
        "--access-log", "DEST", "a file to append to, - for standard error, or off [-]")
    static let refuseRisky = Option.flag(
        "--refuse-risky", inlineValue: "SEVERITY",
        "answer 422 to a publish whose safety scan finds something at or above SEVERITY: low, medium, high, critical [high]")
    static let options = [
        host, port, threads, workers, maxBody, idleTimeout, maxConnections, headerLimit, cacheMB, spoolMB, accessLogDestination,
        allowedHost, create, refuseRisky,
    ]

    let configuration: HTTPServer.Configuration
    let cacheMegabytes: Int
    let spoolMegabytes: Int
    let accessLog: String
    let createsDatabase: Bool
    let refusedSeverity: ScanSeverity?
    let allowedHosts: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.refusePositionals(command: Self.name)
        var configuration = HTTPServer.Configuration()
        if let host = arguments.value(Self.host) {
            guard ListeningAddress(host) != nil else {
                throw UsageError(
                    "--host takes an IPv4 or IPv6 address such as 127.0.0.1, 0.0.0.0, ::1 or ::, not '\(host)'",
                    command: Self.name)
            }
            configuration.host = host
        }
        func number(_ option: Option, _ range: ClosedRange<Int>) throws(UsageError) -> Int? {
            try arguments.integer(option, in: range, command: Self.name)
        }
        if let port = try number(Self.port, 0...65535) { configuration.port = UInt16(port) }
        if let threads = try number(Self.threads, 1...256) { configuration.threads = threads }
        if let workers = try number(Self.workers, 1...256) { configuration.workers = workers }
        if let bytes = try number(Self.maxBody, 1...(1 << 32)) { configuration.maxBody = bytes }
        if let seconds = try number(Self.idleTimeout, 1...86_400) { configuration.idleTimeout = seconds }
        if let count = try number(Self.maxConnections, 1...1_000_000) { configuration.connectionLimit = count }
        if let bytes = try number(Self.headerLimit, 4096...(16 << 20)) { configuration.headerLimit = bytes }
        self.configuration = configuration
        cacheMegabytes = try number(Self.cacheMB, 0...65_536) ?? 128
        spoolMegabytes = try number(Self.spoolMB, 0...(1 << 20)) ?? 4096
        accessLog = arguments.value(Self.accessLogDestination) ?? "-"
        createsDatabase = arguments.has(Self.create)
        refusedSeverity = arguments.has(Self.refuseRisky)
            ? try ScanCommand.severity(
                arguments.inlineValue(Self.refuseRisky) ?? "high", option: Self.refuseRisky.name, command: Self.name)
            : nil
        if accessLog.isEmpty {
            throw UsageError("--access-log takes a file, - for standard error, or off", command: Self.name)
        }
        allowedHosts = arguments.values(Self.allowedHost)
        for name in allowedHosts where !Self.isHostName(name) {
            throw UsageError(
                "--allowed-host takes a host name or address without a port, such as skills.example.com, or *, not '\(name)'",
                command: Self.name)
        }
    }

    /// `*`, an IP address (`::1` or `[::1]`), or a DNS name: letters,
    /// digits, `-` and `.`, no port.
    private static func isHostName(_ name: String) -> Bool {
        if name == "*" || ListeningAddress(name) != nil { return true }
        return !name.isEmpty && name.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        if !createsDatabase && !FileManager.default.fileExists(atPath: context.databasePath) {
            context.output.error(
                "skillctl: no database at \(context.databasePath); create it with `skillctl init` or pass --create")
            return .notFound
        }
        var options = SkillStoreServer.Options(databasePath: context.databasePath)
        options.http = configuration
        options.blobCacheBytes = cacheMegabytes << 20
        options.spoolBytes = Int64(spoolMegabytes) << 20
        options.serverVersion = ToolVersion.release
        options.errorLog = .standardError
        options.refuseRisky = refusedSeverity
        options.allowedHosts = allowedHosts
        switch accessLog {
        case "off": options.accessLog = nil
        case "-": options.accessLog = .standardError
        default:
            if !FileManager.default.fileExists(atPath: accessLog) {
                _ = FileManager.default.createFile(atPath: accessLog, contents: nil)
            }
            guard let handle = FileHandle(forWritingAtPath: accessLog) else {
                throw UsageError("cannot open the access log \(accessLog) for writing", command: Self.name)
            }
            handle.seekToEndOfFile()
            options.accessLog = handle
        }

        let server = try SkillStoreServer(options)
        signal(SIGPIPE, SIG_IGN)
        let stop = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            sources.append(source)
        }
        do {
            try server.start()
        } catch let error as ServerError {
            context.output.error("skillctl: \(error)")
            return .problems
        }
        context.output.error("serving \(server.url) (database \(context.databasePath)); stop with Ctrl-C")
        stop.wait()
        context.output.error("stopping: finishing the requests in flight")
        server.stop(grace: 10)
        sources.forEach { $0.cancel() }
        context.output.error("stopped")
        return .success
    }
}
