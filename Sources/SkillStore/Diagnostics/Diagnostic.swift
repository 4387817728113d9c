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
    /// the path (a folder may be named with either) shows as its escape,
    /// `<U+000A>`, as other disguising characters do when printed.
    public var description: String {
        var shownPath = String.UnicodeScalarView()
        for scalar in path.unicodeScalars {
            if scalar == "\n" || scalar == "\t" {
                shownPath.append(contentsOf: DisguisingCharacters.escape(scalar).unicodeScalars)
            } else {
                shownPath.append(scalar)
            }
        }
        let place = location.map { "\(String(shownPath)):\($0.line):\($0.column)" } ?? String(shownPath)
        return "\(place): \(severity.rawValue): \(message) [\(code)]"
    }
}
