/// The body of `PUT .../versions/{label}/yank`.
public struct YankRequest: Codable, Sendable {
    /// Why the version should not be installed, for its users to read.
    public var reason: String

    public init(reason: String) { self.reason = reason }
}
