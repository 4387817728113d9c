import Foundation

/// The Agent Skills rules for front-matter: `name` and `description`
/// required, `compatibility` bounded, `metadata` a map. Other keys are kept.
///
/// Strict, every departure is refused, as `--strict` asks. Lenient (the
/// default), a departure that does not stop SkillStore identifying the
/// skill is a warning: real packs break the rules the Agent Skills client
/// guide tells agents to load leniently, and refusing them refuses whole packs.
struct FrontMatterRules {
    let path: String
    /// Lines before the YAML text in the file (the opening `---`).
    let lineOffset: Int
    var strict = true
    /// What a skill that declares no usable name is named after: its folder,
    /// or the folder holding a lone file (not held to match the name).
    var namingFolder: String?

    static let maxNameLength = 64
    static let maxDescriptionLength = 1024
    static let maxCompatibilityLength = 500

    struct Fields {
        /// The skill's id: the declared name, or the id derived from it.
        var name: String
        /// The name as declared, when it is not the id it was published under.
        var declaredName: String?
        /// Nil when the front-matter gives none to use; the caller takes the body's.
        var description: String?
        var warnings: [Diagnostic]

        /// The same fields, `earlier` warnings (the reading of the YAML) first.
        func adding(_ earlier: [Diagnostic]) -> Fields {
            var fields = self
            fields.warnings = earlier + warnings
            return fields
        }
    }

    func validate(_ root: YAMLNode, folderName: String?) throws(InputRefused) -> Fields {
        strict ? try validateStrictly(root, folderName: folderName) : try validateLeniently(root, folderName: folderName)
    }

    private func location(_ node: YAMLNode?) -> SourceLocation {
        node.map { SourceLocation(line: $0.location.line + lineOffset, column: $0.location.column) }
            ?? SourceLocation(line: 1, column: 1)
    }

    private func validateStrictly(_ root: YAMLNode, folderName: String?) throws(InputRefused) -> Fields {
        var problems: [Diagnostic] = []
        func problem(_ node: YAMLNode?, _ message: String, _ code: String) {
            problems.append(Diagnostic(path: path, location: location(node), message: message, code: code))
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
        return Fields(name: name, description: description, warnings: [])
    }

    private func validateLeniently(_ root: YAMLNode, folderName: String?) throws(InputRefused) -> Fields {
        var warnings: [Diagnostic] = []
        func warn(_ node: YAMLNode?, _ message: String, _ code: String) {
            warnings.append(Diagnostic(path: path, location: location(node), severity: .warning, message: message, code: code))
        }

        guard case .map = root.value else {
            warn(root, "front-matter is not a map of keys to values; it is ignored", "front-matter-shape")
            return Fields(
                name: try nameFromFolder(namingFolder ?? folderName), description: nil, warnings: warnings)
        }

        let nameNode = root["name"]
        var declared: String?
        switch nameNode?.value {
        case nil, .null?:
            warn(nameNode, "front-matter has no 'name'; the folder's name is used", "name-missing")
        case .string(let text)?:
            declared = text
        case .number?, .bool?:
            declared = nameNode?.scalarText
            warn(nameNode, "'name' is not a string; its text is used", "value-type-unexpected")
        case .list?, .map?:
            warn(nameNode, "'name' is not a string; the folder's name is used", "value-type-unexpected")
        }

        var name: String
        var declaredName: String?
        if let declared, let reason = SkillName.problem(with: declared) {
            if let id = SkillName.derivedID(from: declared) {
                name = id
                declaredName = declared
                warn(nameNode, "name '\(declared)' is not a skill id (it \(reason)); published as '\(id)'", "name-not-an-id")
            } else {
                name = try nameFromFolder(namingFolder ?? folderName, declared: (declared, reason), node: nameNode)
                warn(nameNode, "name '\(declared)' \(reason) and gives no id; the folder's name '\(name)' is used",
                     "name-not-an-id")
            }
        } else if let declared {
            name = declared
        } else {
            name = try nameFromFolder(namingFolder ?? folderName)
        }
        if let declared, let folderName, folderName != declared {
            warn(nameNode, "name '\(declared)' does not match its folder '\(folderName)'; the name is used",
                 "name-folder-mismatch")
        }

        var description: String?
        let descriptionNode = root["description"]
        switch descriptionNode?.value {
        case nil, .null?:
            warn(descriptionNode, "front-matter has no 'description'; the body's first paragraph is used", "description-missing")
        case .string(let text)?:
            if text.allSatisfy(\.isWhitespace) {
                warn(descriptionNode, "'description' is empty; the body's first paragraph is used", "description-missing")
            } else {
                description = text
                if text.count > Self.maxDescriptionLength {
                    warn(descriptionNode,
                         "'description' is \(text.count) characters; the Agent Skills rules allow at most \(Self.maxDescriptionLength)",
                         "description-too-long")
                }
            }
        case .number?, .bool?:
            description = descriptionNode?.scalarText
            warn(descriptionNode, "'description' is not a string; its text is used", "value-type-unexpected")
        case .list?, .map?:
            warn(descriptionNode, "'description' is not a string; the body's first paragraph is used", "value-type-unexpected")
        }

        if let compatibility = root["compatibility"] {
            if case .string(let text) = compatibility.value {
                if text.count > Self.maxCompatibilityLength {
                    warn(compatibility,
                         "'compatibility' is \(text.count) characters; the Agent Skills rules allow at most \(Self.maxCompatibilityLength)",
                         "compatibility-too-long")
                }
            } else {
                warn(compatibility, "'compatibility' is not a string", "value-type-unexpected")
            }
        }

        if let metadata = root["metadata"] {
            if case .map = metadata.value {} else {
                warn(metadata, "'metadata' is not a map", "metadata-not-map")
            }
        }
        return Fields(name: name, declaredName: declaredName, description: description, warnings: warnings)
    }

    /// The id derived from the folder's name, for a skill whose front-matter
    /// gives none; refused when the folder's name gives none either.
    func nameFromFolder(
        _ folderName: String?, declared: (name: String, reason: String)? = nil, node: YAMLNode? = nil
    ) throws(InputRefused) -> String {
        if let folderName, let id = SkillName.derivedID(from: folderName) { return id }
        let message = declared.map { "name '\($0.name)' \($0.reason); no skill id can be derived from it or from its folder" }
            ?? "the skill declares no name, and no skill id can be derived from its folder's name"
        throw InputRefused([Diagnostic(
            path: path, location: location(node), message: message, code: declared == nil ? "name-missing" : "name-invalid")])
    }
}
