/// A route's cap on a request body, below the server's `maxBody`: `/mcp`
/// takes a message of at most 4 MB. The transport reads no further than
/// `bytes` and answers `refusal`, the route's own 413.
public struct BodyLimit: Sendable {
    let bytes: Int
    /// Made once, when the route is added: the same answer every time.
    let refusal: HTTPResponse
}
