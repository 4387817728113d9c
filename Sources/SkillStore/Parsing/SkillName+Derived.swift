extension SkillName {
    /// The skill id SkillStore gives a declared name that is not one
    /// (`Daily Paper Roast`, `dyad:add-models`): ASCII lowercased, every run
    /// of characters outside `a-z0-9` one `-`, no leading or trailing `-`,
    /// at most 64 characters. Nil when nothing is left. Deterministic, so a
    /// re-publish of the same skill lands on the same id; a valid name is
    /// its own id.
    public static func derivedID(from declared: String) -> String? {
        var id: [UInt8] = []
        var pendingHyphen = false
        for byte in declared.utf8 {
            let lowered = (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
            if (lowered >= 0x61 && lowered <= 0x7A) || (lowered >= 0x30 && lowered <= 0x39) {
                if pendingHyphen && !id.isEmpty { id.append(0x2D) }
                pendingHyphen = false
                id.append(lowered)
            } else {
                pendingHyphen = true
            }
        }
        if id.count > FrontMatterRules.maxNameLength { id.removeLast(id.count - FrontMatterRules.maxNameLength) }
        while id.last == 0x2D { id.removeLast() }
        return id.isEmpty ? nil : String(decoding: id, as: UTF8.self)
    }
}
