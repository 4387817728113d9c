/// Version labels name a publish: 1-128 printable characters with no space,
/// `@` (it separates name and label in `name@label`) or `/` (labels appear in
/// URL paths), and none of the `DisguisingCharacters` (a label is printed
/// wherever its skill is, and U+202E would show `1.0-cba` for `1.0-abc`).
public enum VersionLabel {
    static let maxLength = 128

    public static func problem(with label: String) -> String? {
        if label.isEmpty { return "is empty" }
        if label.count > maxLength { return "is longer than \(maxLength) characters" }
        if label.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            return "may not contain spaces or control characters"
        }
        if let disguising = label.unicodeScalars.first(where: DisguisingCharacters.contains) {
            return "may not contain \(DisguisingCharacters.escape(disguising)) "
                + "(control, bidirectional and invisible formatting characters can disguise it)"
        }
        if label.contains("@") || label.contains("/") { return "may not contain '@' or '/'" }
        return nil
    }

    /// The label of a version that names none and has no git label: its
    /// bundle id, so the same files always get the same label and other
    /// files another (`bundle:9d4359094e2074e6`).
    public static func content(of bundleID: BlobID) -> String { "bundle:\(bundleID.hex)" }

    /// Why a skill published with `label` is refused, said of its SKILL.md
    /// at `path`; nil when the label is valid.
    public static func refusal(of label: String, path: String, location: SourceLocation? = nil) -> Diagnostic? {
        problem(with: label).map {
            Diagnostic(path: path, location: location, message: "version label '\(label)' \($0)", code: "version-invalid")
        }
    }

    /// `text` when it is a version label; else why not, in the words every
    /// command and route uses.
    public static func validated(_ text: String) throws(InvalidIdentity) -> String {
        if let problem = problem(with: text) { throw InvalidIdentity(.versionLabel, text: text, reason: "it \(problem)") }
        return text
    }
}
