/// A skill as a search compares it with the skills it shows, to list its
/// copies with them instead of beside them. Collections copy a skill and
/// edit its body a little (a link, a line), so the SKILL.md bytes differ
/// while the skill is the same to whoever chooses one to load; some also
/// prefix the name with the folders it sat in (`office-hours` becomes
/// `gstack-office-hours`).
struct NearDuplicate: Equatable {
    let name: String
    /// Lower case, each run of white space one space.
    let description: String

    init(name: String, description: String) {
        self.name = name
        self.description = description.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The same description (case and white space aside), not empty, and
    /// the same name or one name the other with words before it.
    func isCopy(of other: NearDuplicate) -> Bool {
        guard !description.isEmpty, description == other.description else { return false }
        return name == other.name || name.hasSuffix("-" + other.name) || other.name.hasSuffix("-" + name)
    }
}
