/// A pull, verify or lock problem that is not about a skill's content.
public struct InstallError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
