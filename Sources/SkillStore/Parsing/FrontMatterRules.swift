import Foundation

/// The Agent Skills rules for front-matter: `name` and `description`
/// required, `compatibility` bounded, `metadata` a map. Other keys are kept.
struct FrontMatterRules {
    let path: String
    /// Lines before the YAML text in the file (the opening `---`).
    let lineOffset: Int

    static let maxNameLength = 64
    static let maxDescriptionLength = 1024
    static let maxCompatibilityLength = 500

    struct Fields {
        var name: String
        var description: String
    }

    func validate(_ root: YAMLNode, folderName: String?) throws(InputRefused) -> Fields {
        var problems: [Diagnostic] = []
        func problem(_ node: YAMLNode?, _ message: String, _ code: String) {
            let location = node.map { SourceLocation(line: $0.location.line + lineOffset, column: $0.location.column) }
                ?? SourceLocation(line: 1, column: 1)
            problems.append(Diagnostic(path: path, location: location, message: message, code: code))
        }

        guard case .map = root.value else {
            problem(root, "front-matter must be a map of keys to values", "front-matter-shape")
            throw InputRefused(problems)
        }

        var name = ""
        switch root["name"]?.value {
        case nil:
            problem(nil, "front-matter has no 'name'", "name-missing")
        case .string(let text)?:
            name = text
            if let reason = SkillName.problem(with: text) {
                problem(root["name"], "name '\(text)' \(reason)", "name-invalid")
            } else if let folderName, folderName != text {
                problem(root["name"], "name '\(text)' does not match its folder '\(folderName)'", "name-folder-mismatch")
            }
        default:
            problem(root["name"], "'name' must be a string", "name-invalid")
        }

        var description = ""
        switch root["description"]?.value {
        case nil:
            problem(nil, "front-matter has no 'description'", "description-missing")
        case .string(let text)?:
            description = text
            if text.allSatisfy(\.isWhitespace) {
                problem(root["description"], "'description' is empty", "description-missing")
            } else if text.count > Self.maxDescriptionLength {
                problem(root["description"],
                        "'description' is \(text.count) characters; at most \(Self.maxDescriptionLength) are allowed",
                        "description-too-long")
            }
        default:
            problem(root["description"], "'description' must be a string", "description-invalid")
        }

        if let compatibility = root["compatibility"] {
            if case .string(let text) = compatibility.value {
                if text.count > Self.maxCompatibilityLength {
                    problem(compatibility,
                            "'compatibility' is \(text.count) characters; at most \(Self.maxCompatibilityLength) are allowed",
                            "compatibility-too-long")
                }
            } else {
                problem(compatibility, "'compatibility' must be a string", "compatibility-invalid")
            }
        }

        if let metadata = root["metadata"] {
            if case .map = metadata.value {} else {
                problem(metadata, "'metadata' must be a map", "metadata-invalid")
            }
        }

        guard problems.isEmpty else { throw InputRefused(problems) }
        return Fields(name: name, description: description)
    }
}
