/// A page that skills cite, split into sections: Markdown headings, or in
/// plain text, short title lines standing alone between blank lines.
struct SourceDocument: Sendable, Equatable {
    struct Section: Sendable, Codable, Equatable {
        var title: String
        var line: Int
        /// The section's text, up to the next title.
        var text: String
    }

    var sections: [Section]

    /// Reads `text`: as Markdown when it has headings, else as plain text.
    init(text: String) {
        if let parsed = try? MarkdownParser().parse(text),
           parsed.children.contains(where: { if case .heading = $0.kind { true } else { false } }) {
            sections = Self.markdownSections(parsed, lines: text.split(separator: "\n", omittingEmptySubsequences: false))
        } else {
            sections = Self.plainSections(text.split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    /// The section a URL fragment names: `Vertical-controls` finds
    /// "Vertical controls" (case, hyphens and punctuation ignored).
    func section(forFragment fragment: String) -> Section? {
        let key = Self.anchorKey(fragment)
        return sections.first { Self.anchorKey($0.title) == key }
    }

    /// Lower-case letters and digits, every other run of characters one space.
    static func anchorKey(_ text: String) -> String {
        var key = ""
        var pendingSpace = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingSpace && !key.isEmpty { key.append(" ") }
                pendingSpace = false
                key.append(character)
            } else {
                pendingSpace = true
            }
        }
        return key
    }

    private static func markdownSections(_ document: MarkdownNode, lines: [Substring]) -> [Section] {
        let headings = document.children.filter { if case .heading = $0.kind { true } else { false } }
        return headings.enumerated().map { index, heading in
            let start = heading.start?.line ?? 1
            let end = index + 1 < headings.count ? (headings[index + 1].start?.line ?? lines.count + 1) : lines.count + 1
            let body = lines[min(start, lines.count)..<min(max(start, end - 1), lines.count)]
            return Section(
                title: heading.plainText.trimmedSpaces, line: start,
                text: body.joined(separator: "\n").trimmedSpaces)
        }
    }

    private static func plainSections(_ lines: [Substring]) -> [Section] {
        func blank(_ index: Int) -> Bool {
            index < 0 || index >= lines.count || lines[index].allSatisfy(\.isWhitespace)
        }
        var titles: [Int] = []
        for (index, line) in lines.enumerated() where blank(index - 1) && blank(index + 1) && isTitle(line) {
            titles.append(index)
        }
        return titles.enumerated().map { position, index in
            let end = position + 1 < titles.count ? titles[position + 1] : lines.count
            return Section(
                title: String(lines[index]).trimmedSpaces, line: index + 1,
                text: lines[(index + 1)..<end].joined(separator: "\n").trimmedSpaces)
        }
    }

    /// Short, starts with a capital or digit, and does not end like a sentence.
    private static func isTitle(_ line: Substring) -> Bool {
        let text = String(line).trimmedSpaces
        guard !text.isEmpty, text.count <= 60, let first = text.first, first.isUppercase || first.isNumber,
              let last = text.last, !".,;:!?".contains(last)
        else { return false }
        return text.split(separator: " ").count <= 8
    }
}

extension SourceDocument {
    init(sections: [Section]) {
        self.sections = sections
    }
}
