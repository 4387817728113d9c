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

    /// The compiler form, one line for one problem: a line feed or tab in
    /// the path or the message (a folder may be named with either, and
    /// messages quote folder and skill names) shows as its escape,
    /// `<U+000A>`, as other disguising characters do when printed.
    public var description: String {
        let place = location.map { "\(path):\($0.line):\($0.column)" } ?? path
        return DisguisingCharacters.oneLine("\(place): \(severity.rawValue): \(message) [\(code)]")
    }
}
