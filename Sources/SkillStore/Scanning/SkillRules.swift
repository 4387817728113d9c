/// Rules that need more than one line: credentials read in one place and
/// sent in another, a download made executable, a description that says
/// less than the scripts do, allowed-tools wider than the description.
enum SkillRules {
    typealias Vocabulary = ScanVocabulary

    /// Lines that act: code that is not a teaching example.
    static func acting(_ file: ScannedFile) -> [ScanLine] {
        file.lines.filter { $0.context == .code && !$0.descriptive }
    }

    static func credentialExfiltration(in file: ScannedFile) -> [ScanFinding] {
        let code = acting(file)
        let prose = file.lines.filter { $0.context == .prose && !$0.descriptive }
        let sendingLines = code.filter(DestinationRules.sends)
        // Prose that tells the agent to send a secret somewhere.
        for line in prose {
            if let offset = strongSource(line), line.firstWord(.secretSendVerbs) != nil,
               line.firstOf(.sendTargets) != nil {
                return [ScanRules.credentialExfiltration.finding(line.position(in: file.path, at: offset))]
            }
        }
        // A secret put straight into what is sent.
        for line in sendingLines {
            if let offset = secretInPayload(line) {
                return [ScanRules.credentialExfiltration.finding(line.position(in: file.path, at: offset))]
            }
        }
        guard !sendingLines.isEmpty else { return [] }
        // A script is one program; a Markdown file is many separate examples,
        // so there the secret and the sending must be in the same snippet
        // (`inSnippet`).
        let nearSending = inSnippet(of: sendingLines, within: 30)
        for line in code where !file.isMarkdown || nearSending(line) {
            if let offset = strongSource(line) {
                return [ScanRules.credentialExfiltration.finding(line.position(in: file.path, at: offset))]
            }
        }
        // An ordinary secret (a token, a .env file) sent to a paste site,
        // collector or raw address: in a Markdown file, in the same snippet.
        let suspicious = code.filter { DestinationRules.suspiciousDestination($0) != nil }
        guard !suspicious.isEmpty else { return [] }
        // An ordinary secret is only a word ("token"): nearer still.
        let nearSuspicious = inSnippet(of: suspicious, within: 8)
        for line in code where !file.isMarkdown || nearSuspicious(line) {
            if let offset = line.firstOf(.environmentReads) ?? weakSource(line) {
                return [ScanRules.credentialExfiltration.finding(line.position(in: file.path, at: offset))]
            }
        }
        return []
    }

    /// Whether a line is in the fenced block of one of `lines`, at most
    /// `reach` lines from it (a fence left open runs to the end of the
    /// file, so a block is not always one example): a look-up per
    /// neighbour, not a pass over `lines` per line (a file of nothing but
    /// sends must not cost the square of its lines).
    static func inSnippet(of lines: [ScanLine], within reach: Int) -> (ScanLine) -> Bool {
        var snippets: [Int: Int] = [:]
        for line in lines { snippets[line.number] = line.snippet }
        return { line in (line.number - reach...line.number + reach).contains { snippets[$0] == line.snippet } }
    }

    /// Whether a line numbered within `reach` of `line` is among `numbers`.
    /// A lookup per neighbour, not a pass over every sending line per line:
    /// a file of nothing but sends must not cost the square of its lines.
    static func isNear(_ line: Int, _ numbers: Set<Int>, within reach: Int) -> Bool {
        (line - reach...line + reach).contains(where: numbers.contains)
    }

    static func strongSource(_ line: ScanLine) -> Int? {
        guard let offset = line.firstOf(.strongCredentialSources) else { return nil }
        if line.firstOf(.keyHandling) != nil {
            return nil
        }
        return offset
    }

    static func weakSource(_ line: ScanLine) -> Int? {
        guard let offset = line.firstOf(.weakCredentialSources) else { return nil }
        return offset
    }

    /// A credential variable inside the data a command sends (not a header,
    /// which is how a token is meant to be used).
    static func secretInPayload(_ line: ScanLine) -> Int? {
        guard let flag = line.firstOf(.payloadFlags) else { return nil }
        let rest = ScanLine(number: line.number, text: String(decoding: line.folded[flag...], as: UTF8.self), context: .code)
        guard rest.find("authorization") == nil, rest.find("bearer") == nil, rest.find("${{") == nil else { return nil }
        guard rest.firstOf(.payloadVariables) != nil, let offset = rest.firstOf(.payloadSecrets) else {
            return strongSource(rest).map { flag + $0 }
        }
        return flag + offset
    }

    /// A file fetched from a suspicious place and then made executable.
    static func droppedExecutable(in file: ScannedFile) -> [ScanFinding] {
        let code = acting(file)
        guard let fetch = code.first(where: { $0.firstWord(.fetchers) != nil && DestinationRules.suspiciousDestination($0) != nil }),
              code.contains(where: { $0.firstOf(.makesExecutable) != nil })
        else { return [] }
        return [ScanRules.downloadExecute.finding(fetch.position(in: file.path, at: fetch.firstWord(.fetchers)!))]
    }

    /// Scripts that gather facts about the machine and send them, under a
    /// description that says nothing of the network (or promises none).
    static func descriptionMismatch(description: String, scripts: [ScannedFile]) -> [ScanFinding] {
        let summary = ScanLine(number: 0, text: description, context: .prose)
        let promisesOffline = summary.firstOf(.offlinePromises) != nil
        // Gathering facts about the machine is at odds with any description
        // that does not say so, network words or not.
        _ = summary.firstOf(.networkWords)
        for file in scripts {
            let code = acting(file)
            let senders = code.filter(DestinationRules.sends)
            guard let sender = senders.first else {
                if promisesOffline, let fetch = code.first(where: { $0.firstWord(.fetchers) != nil }) {
                    return [ScanRules.descriptionMismatch.finding(fetch.position(in: file.path, at: fetch.firstWord(.fetchers)!))]
                }
                continue
            }
            if promisesOffline {
                return [ScanRules.descriptionMismatch.finding(sender.position(in: file.path, at: 0))]
            }
            if summary.firstOf(.machineWords) == nil,
               case let sending = Set(senders.map(\.number)),
               let probe = code.first(where: { probe in
                   probe.firstOf(.systemProbes) != nil && isNear(probe.number, sending, within: 20)
               }) {
                return [ScanRules.descriptionMismatch.finding(probe.position(in: file.path, at: probe.firstOf(.systemProbes)!))]
            }
        }
        return []
    }

    /// `allowed-tools` granting a whole shell (or everything) to a skill whose
    /// description never mentions running anything.
    static func wideAllowedTools(skillFile: ScannedFile, description: String) -> [ScanFinding] {
        guard let line = skillFile.lines.prefix(60).first(where: { $0.folded.starts(with: Array("allowed-tools:".utf8)) })
                ?? skillFile.lines.prefix(60).first(where: { $0.has("allowed-tools:") })
        else { return [] }
        var granted: [ScanLine] = [line]
        if let index = skillFile.lines.firstIndex(where: { $0.number == line.number }) {
            for next in skillFile.lines[(index + 1)...].prefix(30) {
                let trimmed = next.foldedText.drop { $0 == " " }
                guard trimmed.hasPrefix("- ") else { break }
                granted.append(next)
            }
        }
        let summary = ScanLine(number: 0, text: description, context: .prose)
        guard summary.firstOf(.shellWords) == nil else { return [] }
        for grant in granted {
            if let offset = grant.findWord("bash") {
                let after = grant.folded.count > offset + 4 ? grant.folded[offset + 4] : 0x20
                let rest = String(decoding: grant.folded[(offset + 4)...], as: UTF8.self)
                if after != 0x28 || rest.hasPrefix("(*)") || rest.hasPrefix("(*:*)") {
                    return [ScanRules.wideAllowedTools.finding(grant.position(in: skillFile.path, at: offset))]
                }
            }
            let value = grant.foldedText.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: " \"'[]") } ?? ""
            if value == "*" || value == "all" || grant.has("- \"*\"") || grant.has("- '*'") || grant.foldedText.hasSuffix("- *") {
                return [ScanRules.wideAllowedTools.finding(grant.position(in: skillFile.path, at: 0))]
            }
        }
        return []
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var view = self
        while let first = view.first, set.contains(first) { view = view.dropFirst() }
        while let last = view.last, set.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
