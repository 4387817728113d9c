/// Where a rule matched, with the evidence already made safe to print.
struct ScanPosition: Sendable {
    var file: String
    var line: Int
    var column: Int
    var evidence: String

    /// The longest evidence kept, in characters.
    static let maxEvidence = 160

    /// Evidence from `text` around character offset `column` (0-based):
    /// escaped, trimmed, and cut to `maxEvidence` with `…` where cut.
    static func evidence(_ text: String, around column: Int) -> String {
        let characters = Array(text)
        var start = max(0, column - 40)
        var end = min(characters.count, start + maxEvidence)
        if end - start < maxEvidence { start = max(0, end - maxEvidence) }
        while start < end, characters[start] == " " || characters[start] == "\t" { start += 1 }
        while end > start, characters[end - 1] == " " || characters[end - 1] == "\t" { end -= 1 }
        let cut = String(characters[start..<end])
        let cutBefore = characters[..<start].contains { $0 != " " && $0 != "\t" }
        return (cutBefore ? "…" : "") + DisguisingCharacters.escaped(cut) + (end < characters.count ? "…" : "")
    }
}
