import Foundation

/// A publishing token as listed: never its secret.
public struct PublishToken: Sendable, Codable, Equatable {
    public var name: String
    /// A glob over skill names (`*`, `duo-*`): the skills the token may publish.
    public var scope: String
    public var createdAt: String
    public var revokedAt: String?

    /// Whether the token may publish the skill `name`.
    public func allows(_ skill: String) -> Bool { fnmatch(scope, skill, 0) == 0 }
}
