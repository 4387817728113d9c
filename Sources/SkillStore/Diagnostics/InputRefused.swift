/// Input that was refused, with every reason found.
public struct InputRefused: KindedError, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    /// Why, in short: `.refused` for invalid input, `.forbidden` for a skill
    /// the publisher may not publish, `.conflict` for a clash with stored bytes.
    public var kind: FailureKind

    public init(_ diagnostics: [Diagnostic], kind: FailureKind = .refused) {
        self.diagnostics = diagnostics
        self.kind = kind
    }

    /// Every reason of `refusals`, under the kind that matters most to the
    /// caller: a publisher who may not publish a skill learns that first,
    /// whatever else is wrong with the input.
    public init(merging refusals: [InputRefused]) {
        func weight(_ kind: FailureKind) -> Int {
            switch kind {
            case .forbidden: 2
            case .conflict, .unsafe: 1
            default: 0
            }
        }
        self.init(refusals.flatMap(\.diagnostics), kind: refusals.map(\.kind).max { weight($0) < weight($1) } ?? .refused)
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
