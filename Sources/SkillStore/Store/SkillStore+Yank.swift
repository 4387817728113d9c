import Foundation

extension SkillStore {
    /// Yanks a version: it is never the latest again, so name lookups,
    /// search and `pull NAME` pass over it, while a lock that pins it still
    /// installs it (with a warning). Who, when and why are recorded.
    /// Yanking a yanked version changes nothing and returns it as it is.
    @discardableResult
    public func yank(_ skill: SkillKey, label: String, reason: String, by yanker: String) throws -> SkillVersion {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else {
            throw UsageProblem("a yank needs a reason (--reason TEXT), which users of the version will read")
        }
        if let disguising = reason.unicodeScalars.first(where: DisguisingCharacters.contains) {
            throw UsageProblem("the reason may not contain \(DisguisingCharacters.escape(disguising))")
        }
        return try database.transaction {
            let version = try version(of: skill, label: label)
            guard version.yank == nil else { return version }
            try database.statement("UPDATE versions SET yanked_at = ?, yanked_by = ?, yank_reason = ? WHERE seq = ?")
                .run([.text(Timestamp.now()), .text(yanker), .text(reason), .integer(Int64(version.sequence))])
            try updateLatest(of: skill)
            return try self.version(of: skill, label: label)
        }
    }

    /// Undoes a yank: the version counts again, and is the latest again if
    /// it is the newest. Undoing on a version that is not yanked changes nothing.
    @discardableResult
    public func unyank(_ skill: SkillKey, label: String) throws -> SkillVersion {
        try database.transaction {
            let version = try version(of: skill, label: label)
            guard version.yank != nil else { return version }
            try database.statement("UPDATE versions SET yanked_at = NULL, yanked_by = NULL, yank_reason = NULL WHERE seq = ?")
                .run([.integer(Int64(version.sequence))])
            try updateLatest(of: skill)
            return try self.version(of: skill, label: label)
        }
    }

    /// Sets the skill's latest version to its newest one that is not
    /// yanked (none when all are), and the full-text index follows.
    private func updateLatest(of skill: SkillKey) throws {
        try database.statement("""
            UPDATE skills SET latest = (
                SELECT max(seq) FROM versions
                WHERE namespace = skills.namespace AND skill = skills.name AND yanked_at IS NULL)
            WHERE namespace = ? AND name = ?
            """).run([.text(skill.namespace), .text(skill.name)])
    }
}
