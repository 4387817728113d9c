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
        self.description = Self.folded(description)
    }

    /// Lower case, each run of white space one space, none at either end.
    /// ASCII (nearly every description) byte by byte: a search folds the
    /// description of each of its fifty candidates, and Character by
    /// Character that was a tenth of the search.
    private static func folded(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var space = false
        for byte in text.utf8 {
            // The ASCII white space of Character.isWhitespace: space, tab,
            // line feed, vertical tab, form feed, carriage return.
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                space = !bytes.isEmpty
                continue
            }
            if space { bytes.append(0x20) }
            space = false
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same description (case and white space aside), not empty, and
    /// the same name or one name the other with words before it.
    func isCopy(of other: NearDuplicate) -> Bool {
        guard !description.isEmpty, description == other.description else { return false }
        return name == other.name || name.hasSuffix("-" + other.name) || other.name.hasSuffix("-" + name)
    }
}
