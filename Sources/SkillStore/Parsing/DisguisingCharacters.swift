/// Characters that can make text on a terminal say something other than what
/// it holds: control characters (an escape sequence recolours or rewrites the
/// screen, a carriage return overwrites the line), bidirectional overrides,
/// embeddings, isolates and marks (U+202E shows `txt.exe` as `exe.txt`),
/// zero-width and other invisible format characters, the Unicode tag
/// characters, and the line and paragraph separators.
///
/// Stored text is untrusted: skillctl shows these characters as visible
/// `<U+XXXX>` escapes in its human output, and a version label may not hold
/// them at all.
public enum DisguisingCharacters {
    /// Whether `scalar` is one of them. Line feed and tab are not: they cannot
    /// hide text, and multi-line messages are made of them.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        // Printable ASCII first: most text is, and the category lookup below
        // made escaping a line of output cost some 30,000 instructions.
        case 0x20...0x7E: return false
        case 0x0A, 0x09: return false
        // Printable ASCII, most of any text: no property lookup, which took a
        // tenth of `ls`'s time on 20,000 skills.
        case 0x20...0x7E: return false
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL and C1 controls
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0xE0000...0xE007F: return true  // tag characters, assigned or not
        default: return scalar.properties.generalCategory == .format
        }
    }

    /// Whether `text` holds any of them.
    public static func occur(in text: String) -> Bool {
        text.unicodeScalars.contains(where: contains)
    }

    /// `<U+202E>`: the visible form of a disguising character, its code point
    /// in Unicode's own notation (at least four hex digits).
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// `text` on one line: each line feed and tab shown as its escape
    /// (`<U+000A>`), for a line that quotes names from skills (a
    /// diagnostic, a warning); other disguising characters are left to
    /// `escaped`, which printing applies.
    public static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 }) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" {
                shown.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }

    /// `text` with each disguising character replaced by its escape. A
    /// carriage return right before a line feed stays (a CRLF line ending
    /// hides nothing). Text without any is returned as it is.
    public static func escaped(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: contains) else { return text }
        var result = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if contains(scalar) && !(scalar == "\r" && next != scalars.endIndex && scalars[next] == "\n") {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
            index = next
        }
        return String(result)
    }
}
