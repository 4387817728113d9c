import Foundation
import SkillStore

/// `skill://<namespace>/<name>/<path>`: the URI of one file of the latest
/// version of a skill. The namespace is always written, the default one as
/// `default`, so that the skill name is always the segment before the path
/// and two namespaces' skills of one name never share a URI.
public struct SkillURI: Hashable, Sendable, CustomStringConvertible {
    public static let scheme = "skill://"

    public var skill: SkillKey
    /// The file's path within the skill folder (`SKILL.md`, `references/a.md`).
    public var path: String

    public init(skill: SkillKey, path: String) {
        self.skill = skill
        self.path = path
    }

    /// Reads a URI, percent-decoding each segment; nil when it is not a
    /// `skill://` URI of a namespace, a name and a path.
    public init?(parsing text: String) {
        guard let parts = Self.decodedSegments(of: text), parts.count >= 3 else { return nil }
        skill = SkillKey(namespace: parts[0], name: parts[1])
        path = parts[2...].joined(separator: "/")
    }

    /// The percent-decoded segments after `skill://`: nil when the text is
    /// not a `skill://` URI, has an empty segment (a trailing slash), or a
    /// `.` or `..` segment, which would name a path outside the skill.
    static func decodedSegments(of text: String) -> [String]? {
        guard text.hasPrefix(Self.scheme) else { return nil }
        let segments = text.dropFirst(Self.scheme.count).split(separator: "/", omittingEmptySubsequences: false)
        let decoded = segments.map { String($0).removingPercentEncoding }
        guard decoded.allSatisfy({ $0 != nil && !$0!.isEmpty }) else { return nil }
        let parts = decoded.map { $0! }
        guard !parts.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        return parts
    }

    /// The URI of a folder of a skill (`skill://default/pdf` for its root,
    /// `skill://default/pdf/references` for a subfolder), without a trailing
    /// slash, as the Skills extension writes directory resources.
    static func directory(_ skill: SkillKey, path: String) -> String {
        let segments = [skill.namespace, skill.name] + path.split(separator: "/").map(String.init)
        return Self.scheme + segments.map(Self.encoded).joined(separator: "/")
    }

    public var description: String {
        let segments = [skill.namespace, skill.name] + path.split(separator: "/").map(String.init)
        return Self.scheme + segments.map(Self.encoded).joined(separator: "/")
    }

    /// The URI of a skill's SKILL.md: the skill's own URI in `skills/get`.
    public static func skillFile(_ skill: SkillKey) -> SkillURI { SkillURI(skill: skill, path: "SKILL.md") }

    private static let segmentCharacters: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return allowed
    }()

    private static func encoded(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? segment
    }
}
