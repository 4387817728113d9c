/// A rule of a skill, with the labels of the claims inside it.
public struct RuleEntry: Sendable, Codable, Equatable {
    public var id: String
    public var address: String
    public var title: String?
    public var line: Int
    public var column: Int
    public var labels: [String]
}
