extension SkillStore {
    /// The links of `version`, resolved against the store as it is now: a
    /// skill link resolves when the skill exists in the linking skill's
    /// namespace (a pack names its own skills), a rule link when that
    /// skill's latest version has that rule. Links from a bare word in
    /// backticks that names no skill are left out: they were never links.
    func outgoingLinks(of version: SkillVersion, graph: SkillGraph? = nil) throws -> [ResolvedLink] {
        let links = try graph?.links ?? self.graph(of: version).links
        return try links.compactMap { link in
            let target = try latestVersionSequence(of: SkillKey(namespace: version.namespace, name: link.skill))
            if !link.certain && target == nil { return nil }
            let resolved = try resolves(link, target: target)
            return ResolvedLink(link: link, from: version.key.description, resolved: resolved, targetID: target?.1)
        }
    }

    /// Links to `skill` from the latest version of every other skill of its namespace.
    func incomingLinks(to skill: SkillKey) throws -> [ResolvedLink] {
        let rows = try database.query("""
            SELECT l.kind, l.skill, l.rule_id, l.line, l.col, l.certain, v.skill AS source
            FROM links l JOIN versions v ON v.seq = l.version JOIN skills s ON s.latest = v.seq
            WHERE l.skill = ? AND v.namespace = ? AND v.skill <> ?
            ORDER BY v.skill, l.ord
            """, [.text(skill.name), .text(skill.namespace), .text(skill.name)])
        let target = try latestVersionSequence(of: skill)
        return try rows.map { row in
            let link = CrossLink(
                kind: CrossLink.Kind(rawValue: row.string("kind")) ?? .skill, skill: row.string("skill"),
                rule: row.optionalString("rule_id"), location: try Self.location(row), certain: try row.int("certain") != 0)
            let resolved = try resolves(link, target: target)
            let source = SkillKey(namespace: skill.namespace, name: row.string("source"))
            return ResolvedLink(link: link, from: source.description, resolved: resolved, targetID: target?.1)
        }
    }

    /// A skill link resolves when its target exists; a rule link when the
    /// target's latest version (`target`) has that rule.
    private func resolves(_ link: CrossLink, target: (Int, String)?) throws -> Bool {
        guard let (sequence, _) = target else { return false }
        guard let rule = link.rule else { return true }
        return try database.queryFirst(
            "SELECT 1 AS found FROM rules WHERE version = ? AND rule_id = ?",
            [.integer(Int64(sequence)), .text(rule)]) != nil
    }

    /// Whether the latest version of `skill` has rule `rule`; nil when no such skill is published.
    func latestVersion(of skill: SkillKey, hasRule rule: String) throws -> Bool? {
        guard let target = try latestVersionSequence(of: skill) else { return nil }
        return try resolves(
            CrossLink(kind: .rule, skill: skill.name, rule: rule, location: SourceLocation(line: 1, column: 1), certain: true),
            target: target)
    }

    /// The latest version of `skill` that is not yanked, and its SKILL.md's id.
    private func latestVersionSequence(of skill: SkillKey) throws -> (Int, String)? {
        try database.queryFirst("""
            SELECT v.seq, v.skill_blob FROM skills s JOIN versions v ON v.seq = s.latest
            WHERE s.namespace = ? AND s.name = ?
            """, [.text(skill.namespace), .text(skill.name)]
        ).map { (try $0.int("seq"), $0.string("skill_blob")) }
    }
}
