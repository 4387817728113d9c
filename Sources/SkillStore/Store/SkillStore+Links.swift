extension SkillStore {
    /// The links of `version`, resolved against the store as it is now: a
    /// skill link resolves when the skill exists, a rule link when the
    /// skill's latest version has that rule. Links from a bare word in
    /// backticks that names no skill are left out: they were never links.
    func outgoingLinks(of version: SkillVersion, graph: SkillGraph? = nil) throws -> [ResolvedLink] {
        let links = try graph?.links ?? self.graph(of: version).links
        return try links.compactMap { link in
            let target = try latestVersionSequence(of: link.skill)
            if !link.certain && target == nil { return nil }
            let resolved = try resolves(link, target: target)
            return ResolvedLink(link: link, from: version.name, resolved: resolved, targetID: target?.1)
        }
    }

    /// Links to `name` from the latest version of every other skill.
    func incomingLinks(to name: String) throws -> [ResolvedLink] {
        let rows = try database.query("""
            SELECT l.kind, l.skill, l.rule_id, l.line, l.col, l.certain, v.skill AS source
            FROM links l JOIN versions v ON v.seq = l.version
            WHERE l.skill = ? AND v.skill <> ?
              AND v.seq = (SELECT max(seq) FROM versions w WHERE w.skill = v.skill)
            ORDER BY v.skill, l.ord
            """, [.text(name), .text(name)])
        let target = try latestVersionSequence(of: name)
        return try rows.map { row in
            let link = CrossLink(
                kind: CrossLink.Kind(rawValue: row.string("kind")) ?? .skill, skill: row.string("skill"),
                rule: row.optionalString("rule_id"), location: try Self.location(row), certain: try row.int("certain") != 0)
            let resolved = try resolves(link, target: target)
            return ResolvedLink(link: link, from: row.string("source"), resolved: resolved, targetID: target?.1)
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

    /// Whether the latest version of `name` has rule `rule`; nil when no such skill is published.
    func latestVersion(of name: String, hasRule rule: String) throws -> Bool? {
        guard let target = try latestVersionSequence(of: name) else { return nil }
        return try resolves(CrossLink(kind: .rule, skill: name, rule: rule, location: SourceLocation(line: 1, column: 1), certain: true), target: target)
    }

    /// Whether a skill of that name is published.
    func skillExists(_ name: String) throws -> Bool {
        try latestVersionSequence(of: name) != nil
    }

    private func latestVersionSequence(of name: String) throws -> (Int, String)? {
        try database.queryFirst(
            "SELECT seq, skill_blob FROM versions WHERE skill = ? ORDER BY seq DESC LIMIT 1", [.text(name)]
        ).map { (try $0.int("seq"), $0.string("skill_blob")) }
    }
}
