/// A skill as the store keys it: a namespace and a name, unique together.
public struct SkillKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var namespace: String
    public var name: String

    public init(namespace: String, name: String) {
        self.namespace = namespace
        self.name = name
    }

    /// A skill of the default namespace.
    public init(_ name: String) { self.init(namespace: Namespace.defaultName, name: name) }

    /// `NAMESPACE/NAME`, or the bare name in the default namespace (how
    /// skills were named before namespaces, and how the served text form
    /// still names them).
    public var description: String { namespace == Namespace.defaultName ? name : qualified }

    /// `NAMESPACE/NAME`, whatever the namespace.
    public var qualified: String { "\(namespace)/\(name)" }

    /// By name, then namespace: a listing shows the holders of one name together.
    public static func < (lhs: SkillKey, rhs: SkillKey) -> Bool {
        (lhs.name, lhs.namespace) < (rhs.name, rhs.namespace)
    }
}
