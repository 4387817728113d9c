import Foundation

extension PreparedSkill {
    /// This skill under an id no other skill of the publish has taken, when
    /// its declared name is taken by one published earlier in the same run
    /// (real packs ship copies: `skills/autoplan` and
    /// `skills/gstack/autoplan` both declare `autoplan`). The id puts the
    /// names of the folders above it in front, nearest first, as few as
    /// make it free: `gstack-autoplan`. It depends only on where the skill
    /// sits in its pack, so publishing the pack again gives the same ids.
    /// The declared name is kept for display, with a `name-duplicate`
    /// warning. Nil when three folders up give no free id; the skill is
    /// then refused.
    func namedApart(from earlier: String, taken: (SkillKey) -> Bool) -> PreparedSkill? {
        var folders = URL(fileURLWithPath: source.kind == .folder ? source.path : (source.path as NSString).deletingLastPathComponent)
            .standardizedFileURL.pathComponents.dropLast(source.kind == .folder ? 1 : 0).filter { $0 != "/" }
        var prefix: [String] = []
        while prefix.count < 3, let folder = folders.popLast() {
            prefix.insert(folder, at: 0)
            guard let id = SkillName.derivedID(from: (prefix + [name]).joined(separator: "-")),
                  !taken(SkillKey(namespace: source.namespace, name: id))
            else { continue }
            var renamed = self
            renamed.name = id
            renamed.declaredName = declaredName ?? name
            renamed.warnings.append(Diagnostic(
                path: source.skillFilePath, location: nameLocation, severity: .warning,
                // Kept with the version, so no path of the publisher's disk.
                message: "another skill of the same publish declares the name '\(name)' (from the folder "
                    + "'\((earlier as NSString).lastPathComponent)'); this one is published as '\(id)', named by the folders above it",
                code: "name-duplicate"))
            return renamed
        }
        return nil
    }
}
