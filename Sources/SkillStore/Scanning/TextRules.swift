/// Rules over what the agent reads: instructions to ignore its user or hide
/// what it does, and instructions a human reader cannot see.
enum TextRules {
    typealias Vocabulary = ScanVocabulary

    static func check(_ line: ScanLine, in file: String) -> [ScanFinding] {
        var found: [ScanFinding] = []
        switch line.context {
        case .comment:
            if let offset = injection(line, allowQuoted: true) ?? hiddenCommand(line) {
                found.append(ScanRules.hiddenInstructions.finding(line.position(in: file, at: offset), severity: .critical))
            }
        case .prose:
            if !line.descriptive, let offset = injection(line, allowQuoted: false) {
                found.append(ScanRules.promptInjection.finding(line.position(in: file, at: offset)))
            }
        case .code, .scriptComment:
            break
        }
        return found
    }

    /// A phrase telling the agent to drop its instructions, hide from its
    /// user or exfiltrate; a secrecy word counts only beside a sensitive action.
    static func injection(_ line: ScanLine, allowQuoted: Bool) -> Int? {
        // The phrases in their list's order, searched only on a line the
        // automaton found one on.
        let phrases = line.has(.injectionPhrases) ? Vocabulary.injectionPhrases : []
        for phrase in phrases {
            guard let offset = line.find(phrase) else { continue }
            if !allowQuoted && (isQuoted(line, at: offset) || isNegated(line, at: offset)) { continue }
            // "exfiltrate" tells; "a stealer exfiltrates" describes.
            let end = offset + phrase.utf8.count
            if phrase == "exfiltrate", end < line.folded.count, ScanLine.isWordByte(line.folded[end]) { continue }
            // "Don't tell the user to run it; run it yourself" asks for less talk, not secrecy.
            if phrase.hasSuffix("the user"), line.folded.count > offset + phrase.utf8.count + 3,
               line.find(" to ", from: offset + phrase.utf8.count) == offset + phrase.utf8.count {
                continue
            }
            return offset
        }
        if let offset = line.firstOf(.secrecyWords), line.firstOf(.sensitiveActions) != nil,
           allowQuoted || (!isQuoted(line, at: offset) && !isNegated(line, at: offset)) {
            return offset
        }
        return nil
    }

    /// A hidden comment that addresses the agent and asks for an action.
    static func hiddenCommand(_ line: ScanLine) -> Int? {
        guard line.firstOf(.agentAddress) != nil, let offset = line.firstOf(.hiddenActions) else { return nil }
        return offset
    }

    /// Whether the text at `offset` sits inside quotes or backticks: quoted
    /// as an example rather than said.
    static func isQuoted(_ line: ScanLine, at offset: Int) -> Bool {
        let before = String(decoding: line.folded[..<offset], as: UTF8.self)
        var quotes = 0, backticks = 0, curly = 0
        for character in before {
            switch character {
            case "\"": quotes += 1
            case "`": backticks += 1
            case "“": curly += 1
            case "”": curly -= 1
            default: break
            }
        }
        return quotes % 2 == 1 || backticks % 2 == 1 || curly > 0
    }

    /// "never ignore the user", "do not exfiltrate".
    static func isNegated(_ line: ScanLine, at offset: Int) -> Bool {
        let before = String(decoding: line.folded[max(0, offset - 14)..<offset], as: UTF8.self)
        return before.hasSuffix("not ") || before.hasSuffix("n't ") || before.hasSuffix("never ") || before.hasSuffix("no ")
            || before.hasSuffix("not to ") || before.hasSuffix("never to ")
    }

    /// Characters that hide text: Unicode tag characters spell ASCII no one
    /// sees; zero-width and bidi controls change how text reads. One finding
    /// per file and kind.
    static func invisibleCharacters(in file: ScannedFile) -> [ScanFinding] {
        var found: [ScanFinding] = []
        var tagText = ""
        var tagPosition: ScanPosition?
        var otherPosition: ScanPosition?
        var bidiInCode = false
        for line in file.lines where !ScanLine.isASCII(line.text) {
            var column = 0
            for scalar in line.text.unicodeScalars {
                column += 1
                let value = scalar.value
                if (0xE0000...0xE007F).contains(value) {
                    if tagPosition == nil {
                        tagPosition = ScanPosition(file: file.path, line: line.number, column: column,
                                                   evidence: ScanPosition.evidence(line.text, around: column - 1))
                    }
                    if (0xE0020...0xE007E).contains(value), tagText.utf8.count < 4096 {
                        tagText.unicodeScalars.append(Unicode.Scalar(value - 0xE0000)!)
                    }
                } else if value == 0x200B || value == 0x200C || value == 0x200D || value == 0x2060 || value == 0x2062
                            || value == 0x2063 || value == 0x2064 || (value == 0xFEFF && !(line.number == 1 && column == 1))
                            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
                    if otherPosition == nil {
                        otherPosition = ScanPosition(file: file.path, line: line.number, column: column,
                                                     evidence: ScanPosition.evidence(line.text, around: column - 1))
                    }
                    if ((0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)) && line.context == .code {
                        bidiInCode = true
                    }
                }
            }
        }
        if let tagPosition {
            var position = tagPosition
            position.evidence = "hidden text: " + ScanPosition.evidence(tagText, around: 0)
            found.append(ScanRules.hiddenInstructions.finding(position, severity: tagText.count >= 8 ? .critical : .high))
        }
        if let otherPosition {
            found.append(ScanRules.invisibleCharacters.finding(otherPosition, severity: bidiInCode ? .high : .medium))
        }
        return found
    }
}
