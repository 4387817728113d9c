import Foundation
import SkillStore

/// Where a paged list resumes: after a skill, at one of its files. Sent to
/// clients as opaque base64 text; they only hand it back.
struct PageCursor: Equatable {
    var skill: SkillKey
    /// The index of the next file of `skill` to list; nil when the next
    /// page starts with the skill after it.
    var nextFile: Int?

    private static let prefix = "skillstore.mcp.v1"

    var encoded: String {
        let text = [Self.prefix, skill.namespace, skill.name, nextFile.map(String.init) ?? ""].joined(separator: "\n")
        return Data(text.utf8).base64EncodedString()
    }

    init(skill: SkillKey, nextFile: Int? = nil) {
        self.skill = skill
        self.nextFile = nextFile
    }

    init(decoding text: String) throws(JSONRPCError) {
        guard let data = Data(base64Encoded: text), let plain = String(data: data, encoding: .utf8) else {
            throw .invalidParams("invalid cursor")
        }
        let parts = plain.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == Self.prefix, !parts[1].isEmpty, !parts[2].isEmpty else {
            throw .invalidParams("invalid cursor")
        }
        skill = SkillKey(namespace: parts[1], name: parts[2])
        if parts[3].isEmpty {
            nextFile = nil
        } else {
            guard let index = Int(parts[3]), index >= 0 else { throw .invalidParams("invalid cursor") }
            nextFile = index
        }
    }
}
