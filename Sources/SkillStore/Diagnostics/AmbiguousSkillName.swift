/// An unqualified skill name that more than one namespace holds: the
/// caller must say which one. Exit 2 (the request is not precise enough),
/// HTTP 409 (it clashes with what the store holds).
public struct AmbiguousSkillName: KindedError, Sendable, Equatable, CustomStringConvertible {
    public var name: String
    /// Every skill of that name, qualified (`acme/pdf`), sorted.
    public var candidates: [String]

    public init(name: String, candidates: [String]) {
        self.name = name
        self.candidates = candidates
    }

    public var description: String {
        "'\(name)' is in \(candidates.count) namespaces; name one of: \(candidates.joined(separator: ", "))"
    }

    public var kind: FailureKind { .ambiguous }
}
