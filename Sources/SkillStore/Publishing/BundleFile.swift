/// One file of a skill's bundle: its path in the bundle, its bytes, and
/// whether it is executable (the one mode a manifest records).
public struct BundleFile: Sendable, Equatable {
    /// Relative to the skill folder, with `/` separators (`references/x.md`).
    public var path: String
    public var bytes: [UInt8]
    public var executable: Bool

    init(path: String, bytes: [UInt8], executable: Bool) {
        self.path = path
        self.bytes = bytes
        self.executable = executable
    }

    /// Orders a bundle's files as its manifest lists them: `SKILL.md`
    /// first, then by path.
    static func manifestOrder(_ first: BundleFile, _ second: BundleFile) -> Bool {
        (first.path == "SKILL.md" ? "" : first.path) < (second.path == "SKILL.md" ? "" : second.path)
    }
}
