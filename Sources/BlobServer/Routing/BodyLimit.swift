/// A route's cap on a request body, below the server's `maxBody`: `/mcp`
/// takes a message of at most 4 MB. The transport keeps no more than
/// `bytes` of a chunked body (which announces no length) and answers
/// `refusal`, the route's own 413, once the body ends.
public struct BodyLimit: Sendable {
    let bytes: Int
    /// Made once, when the route is added: the same answer every time.
    let refusal: HTTPResponse
}
