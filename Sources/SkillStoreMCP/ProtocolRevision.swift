/// The MCP protocol revisions the server speaks, and how a client's choice
/// is answered.
public enum ProtocolRevision {
    /// Reached through `server/discover` and a version in each request's
    /// `_meta`, without an `initialize` handshake.
    public static let modern = ["2026-07-28"]
    /// Reached through `initialize`, newest first.
    public static let handshake = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// Every revision, oldest first, as `server/discover` lists them.
    public static let supported = handshake.reversed() + modern

    /// The `_meta` key a 2026-07-28 request names its revision under.
    public static let metaKey = "io.modelcontextprotocol/protocolVersion"

    /// The revision `initialize` answers: the client's when it is one of
    /// ours, else the newest handshake revision, which the client may refuse.
    public static func negotiated(requested: String?) -> String {
        guard let requested, handshake.contains(requested) else { return handshake[0] }
        return requested
    }
}
