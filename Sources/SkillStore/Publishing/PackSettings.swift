import Foundation

/// `.skillstore.yaml`, a pack's settings for SkillStore, at the pack's root:
///
///     namespace: acme
///
/// A skill published without `--namespace` goes into the namespace of the
/// nearest such file in its folder or the folders above it. The search
/// stops after the first folder that is a git checkout's root (it holds
/// `.git`), so a file outside the pack's repository never applies. The file
/// is hidden, so it is never part of a skill's bundle. Unknown keys are
/// refused, so that a misspelt `namspace:` does not silently publish into
/// the default namespace.
struct PackSettings: Sendable, Equatable {
    static let fileName = ".skillstore.yaml"

    /// The namespace the pack's skills go into.
    var namespace: String?

    /// The settings file at `path`, refused with its line and column when
    /// it is not one.
    init(readingFileAt path: String) throws(InputRefused) {
        func refusal(_ message: String, _ location: SourceLocation?) -> InputRefused {
            InputRefused([Diagnostic(path: path, location: location, message: message, code: "pack-settings-invalid")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw refusal("cannot be read", nil)
        }
        guard let text = String(data: data, encoding: .utf8), !text.contains("\0") else {
            throw refusal("is not UTF-8 text", nil)
        }
        let root: YAMLNode
        do {
            root = try YAMLReader().parse(text)
        } catch {
            throw refusal(error.message, error.location)
        }
        switch root.value {
        case .null:
            return
        case .map(let entries):
            for entry in entries {
                guard entry.key == "namespace" else {
                    throw refusal("unknown setting '\(entry.key)'; the settings are: namespace", entry.value.location)
                }
                // `namespace: 2024` is a valid namespace that YAML reads as
                // a number: its source text is the name, as --namespace takes it.
                let text: String
                switch entry.value.value {
                case .string(let string): text = string
                case .number(_, let source): text = source
                default: throw refusal("namespace must be a string, such as 'acme'", entry.value.location)
                }
                do {
                    namespace = try Namespace.validated(text)
                } catch {
                    throw refusal(error.description, entry.value.location)
                }
            }
        default:
            throw refusal("must be a map of settings, such as 'namespace: acme'", root.location)
        }
    }

    /// Finds the settings that apply to `folder`, a skill's folder below
    /// `root` (the path the publish was given): the nearest settings file
    /// at or above it, up to the root of its git checkout; outside any
    /// checkout, up to `root` and never above it, so that a file in an
    /// unrelated folder above a downloaded pack (`/tmp`, a home folder)
    /// never applies. Paths are compared with symlinks resolved. `cache`
    /// holds what each folder resolved to, so a pack of many skills reads
    /// its file once.
    static func applying(
        to folder: String, below root: String, cache: inout [String: PackSettings?]
    ) throws(InputRefused) -> PackSettings? {
        let root = resolved(root)
        let bound = checkoutRoot(atOrAbove: root) ?? root
        var visited: [String] = []
        var current = resolved(folder)
        var found: PackSettings?
        while true {
            let key = bound + "\u{0}" + current
            if let cached = cache[key] {
                found = cached
                break
            }
            visited.append(key)
            let file = (current as NSString).appendingPathComponent(fileName)
            if FileKind(file, followingLinks: true) == .file {
                found = try PackSettings(readingFileAt: file)
                break
            }
            let parent = (current as NSString).deletingLastPathComponent
            if current == bound || isCheckoutRoot(current) || parent == current || parent.isEmpty { break }
            current = parent
        }
        for key in visited { cache[key] = .some(found) }
        return found
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    private static func isCheckoutRoot(_ folder: String) -> Bool {
        FileKind((folder as NSString).appendingPathComponent(".git"), followingLinks: true) != .missing
    }

    /// The root of the git checkout `folder` is in, if any.
    private static func checkoutRoot(atOrAbove folder: String) -> String? {
        var current = folder
        while true {
            if isCheckoutRoot(current) { return current }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
    }
}
