import Foundation

/// A server to publish through: a fresh database beside `folder`, a token
/// for it, `skillctl serve` on a free loopback port, and a client set up
/// for it as a user would be (SKILLSTORE_SERVER and SKILLSTORE_TOKEN).
struct PublishingServer {
    /// The server's database, through skillctl.
    let served: Skillctl
    let server: ServeProcess
    /// Runs skillctl against the server, never a database of its own.
    let client: Skillctl

    /// `namespace`: the glob of namespaces the token may write in (the
    /// default namespace when nil).
    init(in folder: URL, namespace: String? = nil) throws {
        served = Skillctl(database: folder.appendingPathComponent("served.db"))
        let secret = try served.run(["token", "create", "ci"] + (namespace.map { ["--namespace", $0] } ?? []))
            .output.trimmingCharacters(in: .whitespacesAndNewlines)
        server = try ServeProcess(database: served.database, arguments: ["--access-log", "off"])
        var client = Skillctl(database: folder.appendingPathComponent("unused.db"))
        client.environment["SKILLSTORE_SERVER"] = server.url
        client.environment["SKILLSTORE_TOKEN"] = secret
        self.client = client
    }

    /// Stops the server; its exit status.
    @discardableResult
    func stop() -> Int32 { server.stop() }
}
