import SkillStore

/// The served text form of a skill version, what `GET /api/v1/skills/{name}`
/// answers and `skillctl get` prints: a header naming the version and the
/// URL of its immutable blob, then the SKILL.md's exact bytes.
public enum ServedText {
    public static func bytes(of version: SkillVersion, skillFile: [UInt8]) -> [UInt8] {
        let header = "\(version.key) \(version.label)\n\n"
            + "Immutable. This exact content never changes and is served at \(APIPath.blob.path(version.id.hex)).\n\n"
        return Array(header.utf8) + skillFile
    }
}
