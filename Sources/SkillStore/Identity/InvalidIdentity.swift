/// Text that does not name what it should: a blob id, a skill name, a
/// version label or a rule id, as a user or a client wrote it. One message
/// for each, whichever command or route read it.
public struct InvalidIdentity: KindedError, Sendable, Equatable, CustomStringConvertible {
    public enum Identity: String, Sendable {
        case blob = "blob id"
        case skillName = "skill name"
        case namespace = "namespace"
        case skillAddress = "skill address"
        case versionLabel = "version label"
        case ruleID = "rule id"
    }

    /// What the text should have named.
    public var identity: Identity
    /// What was written.
    public var text: String
    /// Why it is not one, or how to write one.
    public var reason: String

    init(_ identity: Identity, text: String, reason: String) {
        self.identity = identity
        self.text = text
        self.reason = reason
    }

    public var description: String { "'\(text)' is not a \(identity.rawValue): \(reason)" }

    /// A mistake in what was asked for: exit 2, HTTP 400.
    public var kind: FailureKind { .usage }
}
