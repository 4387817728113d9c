/// A problem found in input, located to the file, line and column, in the
/// compiler form `path:line:col: error: message [code]`.
public struct Diagnostic: Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable {
        case error, warning
    }

    public var path: String
    public var location: SourceLocation?
    public var severity: Severity
    public var message: String
    /// A stable, kebab-case name for the kind of problem (`yaml-syntax`).
    public var code: String

    public init(
        path: String, location: SourceLocation?, severity: Severity = .error,
        message: String, code: String
    ) {
        self.path = path
        self.location = location
        self.severity = severity
        self.message = message
        self.code = code
    }

    public var description: String {
        let place = location.map { "\(path):\($0.line):\($0.column)" } ?? path
        return "\(place): \(severity.rawValue): \(message) [\(code)]"
    }
}

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
            case .conflict: 1
            default: 0
            }
        }
        self.init(refusals.flatMap(\.diagnostics), kind: refusals.map(\.kind).max { weight($0) < weight($1) } ?? .refused)
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
