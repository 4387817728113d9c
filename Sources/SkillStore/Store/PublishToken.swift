import Foundation

/// A publishing token as listed: never its secret.
public struct PublishToken: Sendable, Codable, Equatable {
    public var name: String
    /// A glob over namespaces (`acme`, `acme-*`, `*`): where the token may publish.
    public var namespace: String
    /// A glob over skill names (`*`, `duo-*`): the skills the token may publish.
    public var scope: String
    public var createdAt: String
    public var revokedAt: String?

    /// Whether the token may publish (or yank) in the namespace `namespace`.
    public func allows(namespace: String) -> Bool { fnmatch(self.namespace, namespace, 0) == 0 }

    /// Whether the token may publish (or yank) the skill `skill`.
    public func allows(_ skill: SkillKey) -> Bool { allows(namespace: skill.namespace) && fnmatch(scope, skill.name, 0) == 0 }

    /// The token's reach in words: `skills 'duo-*' in namespace 'acme'`.
    public var reach: String { "skills '\(scope)' in namespace '\(namespace)'" }
}
