/// A request that cannot be carried out as asked (a usage error, exit 2).
public struct UsageProblem: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
