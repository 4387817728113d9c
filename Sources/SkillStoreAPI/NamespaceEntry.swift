/// A namespace and how many skills it holds: an entry of `GET /api/v1/namespaces`.
public struct NamespaceEntry: Codable, Sendable, Equatable {
    public var name: String
    public var skills: Int

    public init(name: String, skills: Int) {
        self.name = name
        self.skills = skills
    }
}
