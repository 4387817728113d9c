/// A problem `fsck` found: what is wrong and where.
public struct IntegrityProblem: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The blob id or `skill@label` concerned.
    public var subject: String
    public var message: String

    public var description: String { "\(subject): \(message)" }
}
