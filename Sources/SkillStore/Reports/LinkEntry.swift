/// A link between skills (or to a rule), resolved against the store as it is now.
public struct LinkEntry: Sendable, Codable, Equatable {
    public var from: String
    public var to: String
    public var kind: String
    public var line: Int
    public var column: Int
    public var resolved: Bool
}
