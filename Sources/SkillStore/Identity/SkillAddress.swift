/// A skill as a user or a client writes it: `[NAMESPACE/]NAME[@LABEL]`.
/// Without a namespace, the name resolves to the one namespace that holds
/// it (`SkillStore.resolve`); with none or several, the lookup fails.
public struct SkillAddress: Hashable, Sendable, CustomStringConvertible {
    /// Nil when the address leaves it to resolution.
    public var namespace: String?
    public var name: String
    /// Nil for the latest version.
    public var label: String?

    public init(namespace: String?, name: String, label: String? = nil) {
        self.namespace = namespace
        self.name = name
        self.label = label
    }

    /// The address of a stored skill (and, optionally, one of its versions).
    public init(_ key: SkillKey, label: String? = nil) {
        self.init(namespace: key.namespace, name: key.name, label: label)
    }

    /// Reads `[NAMESPACE/]NAME[@LABEL]`, checking the namespace and the
    /// name against their rules. The label is split off at the first `@`
    /// and checked only for being there.
    public init(parsing text: String) throws(InvalidIdentity) {
        var rest = Substring(text)
        if let at = rest.firstIndex(of: "@") {
            let label = String(rest[rest.index(after: at)...])
            guard !label.isEmpty else {
                throw InvalidIdentity(.skillAddress, text: text, reason: "it has an empty label after '@'")
            }
            self.label = label
            rest = rest[..<at]
        }
        if let slash = rest.firstIndex(of: "/") {
            namespace = try Namespace.validated(String(rest[..<slash]))
            rest = rest[rest.index(after: slash)...]
        }
        name = try SkillName.validated(String(rest))
    }

    public var description: String {
        let skill = namespace.map { "\($0)/\(name)" } ?? name
        return label.map { "\(skill)@\($0)" } ?? skill
    }
}
