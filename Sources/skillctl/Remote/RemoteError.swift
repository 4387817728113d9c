/// A failure the server reported, or a server that could not be reached.
struct RemoteError: Error, CustomStringConvertible {
    var status: Int
    var code: String
    var message: String
    var description: String { status == 0 ? message : "the server refused (\(status) \(code)): \(message)" }
}
