/// Rules over single lines of code the skill runs or tells the agent to run:
/// download-and-execute, decode-and-execute, reverse shells, persistence and
/// destructive commands.
enum CommandRules {
    typealias Vocabulary = ScanVocabulary

    static func check(_ line: ScanLine, in file: String, window: ArraySlice<ScanLine>) -> [ScanFinding] {
        var found: [ScanFinding] = []
        if let offset = downloadExecute(line) {
            found.append(ScanRules.downloadExecute.finding(
                line.position(in: file, at: offset), severity: looksLikeVendorInstaller(line) ? .medium : nil))
        }
        if let offset = decodeExecute(line) {
            found.append(ScanRules.obfuscatedPayload.finding(line.position(in: file, at: offset)))
        }
        if let offset = reverseShell(line) {
            found.append(ScanRules.reverseShell.finding(line.position(in: file, at: offset)))
        }
        if let (offset, severity) = persistence(line, window: window) {
            found.append(ScanRules.persistence.finding(line.position(in: file, at: offset), severity: severity))
        }
        if let offset = destructive(line) {
            found.append(ScanRules.destructive.finding(line.position(in: file, at: offset)))
        }
        return found
    }

    /// The parts of a shell line between single `|` (not `||`).
    static func pipeSegments(_ bytes: [UInt8]) -> [[UInt8]] {
        var segments: [[UInt8]] = [[]]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x7C {
                if index + 1 < bytes.count && bytes[index + 1] == 0x7C {
                    segments[segments.count - 1] += [0x7C, 0x7C]
                    index += 2
                    continue
                }
                segments.append([])
            } else {
                segments[segments.count - 1].append(byte)
            }
            index += 1
        }
        return segments
    }

    /// The command word of a pipe segment, after `sudo`, `env`, options and
    /// `VAR=value` assignments.
    static func commandWord(_ segment: [UInt8]) -> String {
        let words = String(decoding: segment, as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" || $0 == "&" || $0 == ";" })
        for word in words {
            let text = word.trimmingCharacters(quotes: true)
            if text.isEmpty || text == "sudo" || text == "env" || text == "exec" || text == "nohup" || text.hasPrefix("-")
                || text.contains("=") { continue }
            return text
        }
        return ""
    }

    static func isInterpreter(_ word: String) -> Bool {
        if Vocabulary.interpreters.contains(word) { return true }
        // `/usr/bin/python3`, `python3.12`
        let base = word.split(separator: "/").last.map(String.init) ?? word
        return Vocabulary.interpreters.contains(base) || base.hasPrefix("python3.")
    }

    static func downloadExecute(_ line: ScanLine) -> Int? {
        guard let fetch = line.firstWord(.fetchers) else { return nil }
        // curl URL | sh
        let segments = pipeSegments(line.folded)
        if segments.count > 1 {
            var fetched = false
            for segment in segments {
                let scanned = ScanLine(number: 0, text: String(decoding: segment, as: UTF8.self), context: .code)
                // `| python3 -c "import json..."` parses the answer; it runs nothing fetched.
                if fetched && isInterpreter(commandWord(segment)) && !readsDataOnly(segment) { return fetch }
                if scanned.firstWord(.fetchers) != nil { fetched = true }
            }
        }
        // bash <(curl ...), sh -c "$(curl ...)", eval "$(wget -qO- ...)"
        if let process = line.firstOf(.processSubstitutionFetches) {
            let before = String(decoding: line.folded[..<process], as: UTF8.self)
            if ["bash ", "sh ", "zsh ", "source ", ". ", "< "].contains(where: before.hasSuffix) { return fetch }
        }
        if line.firstOf(.commandSubstitutionFetches) != nil,
           line.firstOf(.substitutionRunners) != nil {
            return fetch
        }
        // iex (New-Object Net.WebClient).DownloadString(...), irm ... | iex
        if line.firstWord(.powershellRunners) != nil,
           line.firstOf(.powershellFetches) != nil {
            return fetch
        }
        // exec(urlopen(url).read()), eval(await (await fetch(u)).text())
        if line.firstOf(.codeEvaluators) != nil,
           line.firstOf(.codeFetches) != nil {
            return fetch
        }
        return nil
    }

    static func readsDataOnly(_ segment: [UInt8]) -> Bool {
        let text = String(decoding: segment, as: UTF8.self)
        let word = commandWord(segment)
        guard ["python", "python3", "node", "perl", "ruby", "jq"].contains(word) else { return false }
        return (text.contains(" -c ") || text.contains(" -e ") || text.contains(" -m ")) && !text.contains("exec(") && !text.contains("eval(")
    }

    /// Whether a download-execute line fetches from somewhere that looks like
    /// a vendor's installer (HTTPS, a named host, nothing else amiss): common
    /// in real docs, so a medium finding to review rather than a verdict.
    static func looksLikeVendorInstaller(_ line: ScanLine) -> Bool {
        guard line.find("https://") != nil, line.find("http://") == nil,
              DestinationRules.suspiciousDestination(line) == nil,
              line.firstOf(.installerRedFlags) == nil
        else { return false }
        return line.findWord("iex") == nil && line.find("invoke-expression") == nil
    }

    static func decodeExecute(_ line: ScanLine) -> Int? {
        // powershell -enc <base64>: the command is hidden by design.
        if line.firstWord(.powershellWords) != nil,
           let offset = line.firstOf(.encodedCommandFlags) {
            return offset
        }
        guard let decode = line.firstOf(.decoders) else { return nil }
        if line.find("chr(") == decode || line.find("\\x") == decode {
            // A few chr() calls or escapes are ordinary; a run of them is a payload.
            let count = line.foldedText.components(separatedByLiteral: decode == line.find("chr(") ? "chr(" : "\\x")
            guard count >= 8 else { return nil }
        }
        for segment in pipeSegments(line.folded).dropFirst() where isInterpreter(commandWord(segment)) {
            return decode
        }
        if line.firstWord(.evaluators) != nil || line.firstOf(.codeRunners) != nil {
            return decode
        }
        return nil
    }

    static func reverseShell(_ line: ScanLine) -> Int? {
        if let offset = line.firstOf(.socketDevices) {
            let after = line.foldedText.utf8.dropFirst(offset + 9)
            let target = String(decoding: after.prefix(12), as: UTF8.self)
            if target.hasPrefix("localhost") || target.hasPrefix("127.") { return nil }
            return offset
        }
        if let offset = line.firstOf(.shellRedirections) {
            return offset
        }
        if line.firstWord(.netcatCommands) != nil, let offset = commandPosition(line, Vocabulary.netcatCommands),
           line.firstOf(.netcatExecFlags) != nil {
            return offset
        }
        if let offset = line.firstWord(.fifoCommands), line.firstWord(.fifoRelays) != nil {
            return offset
        }
        if let offset = line.firstOf(.sockets), line.firstOf(.socketShells) != nil {
            return offset
        }
        if let offset = line.firstOf(.powershellTCPClients), line.firstOf(.tcpClientShells) != nil {
            return offset
        }
        return nil
    }

    /// The offset of one of `words` where a command starts (after a pipe,
    /// `;`, `&` or at the line start), not `${NC}` inside an echo.
    static func commandPosition(_ line: ScanLine, _ words: [String]) -> Int? {
        for word in words {
            var from = 0
            while let offset = line.findWord(word, from: from) {
                var index = offset - 1
                while index >= 0 && line.folded[index] == 0x20 { index -= 1 }
                if index < 0 || [0x7C, 0x3B, 0x26, 0x28, 0x60].contains(line.folded[index])
                    || (index >= 3 && String(decoding: line.folded[(index - 3)...index], as: UTF8.self) == "sudo") {
                    return offset
                }
                from = offset + 1
            }
        }
        return nil
    }

    static func persistence(_ line: ScanLine, window: ArraySlice<ScanLine>) -> (Int, ScanSeverity)? {
        if let offset = line.firstOf(.authorizedKeys), line.firstOf(.keyWriters) != nil {
            return (offset, .critical)
        }
        // A start-up file or crontab line holds what it installs on that
        // line; a unit file or plist is written over the lines around it.
        if let offset = line.firstOf(.rcFiles), line.firstOf(.appendMarkers) != nil {
            return (offset, line.firstOf(.implantMarkers) != nil ? .high : .medium)
        }
        var place: Int?
        if let offset = line.firstOf(.cronPlaces),
           !line.has("crontab -l\n"), line.find("crontab -l") == nil || line.find("| crontab") != nil {
            return (offset, line.firstOf(.implantMarkers) != nil ? .high : .medium)
        }
        if place == nil, let offset = line.firstOf(.startupPlaces) {
            place = offset
        }
        guard let place else { return nil }
        let implanted = window.contains { $0.firstOf(.implantMarkers) != nil }
        return (place, implanted ? .high : .medium)
    }

    static let dangerousTargets: Set<String> = [
        "/", "/*", "~", "~/", "~/*", "$home", "${home}", "$home/", "$home/*", "${home}/", "${home}/*", "/home", "/home/*",
        "/etc", "/usr", "/var", "/boot", "/bin", "/lib", "/opt", "~/.ssh", "~/documents", "~/desktop", "c:\\", "c:/",
        "/users", "/users/*", "$userprofile", "%userprofile%", "/root", ".git", "~/.config", "/*/*", "..", "../..",
    ]

    static func destructive(_ line: ScanLine) -> Int? {
        if let rm = line.firstWord(.removeCommands) {
            let words = String(decoding: line.folded[rm...], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "&" || $0 == "|" })
            var recursive = false, force = false
            for word in words.dropFirst().prefix(12) {
                let text = word.trimmingCharacters(quotes: true)
                if text == "--no-preserve-root" { return rm }
                if text.hasPrefix("--") { recursive = recursive || text == "--recursive"; force = force || text == "--force"; continue }
                if text.hasPrefix("-") {
                    recursive = recursive || text.contains("r")
                    force = force || text.contains("f")
                    continue
                }
                if recursive && force && dangerousTargets.contains(text) { return rm }
            }
        }
        if let offset = line.firstOf(.wipeCommands) {
            return offset
        }
        if let offset = line.firstWord(.diskCopyCommands), line.firstOf(.diskDeviceOutputs) != nil {
            return offset
        }
        if let offset = line.firstWord(.shredCommands), line.firstOf(.shredTargets) != nil { return offset }
        if let offset = line.firstOf(.findFromRoots), line.firstOf(.findDeletions) != nil {
            return offset
        }
        if let offset = line.firstOf(.removeItemCommands), line.has("-recurse") {
            let targets: Set<String> = ["c:\\", "c:\\*", "$env:userprofile", "$env:userprofile\\*", "~", "~/*", "$home", "$home\\*", "c:/"]
            let words = line.foldedText.split(separator: " ").map { $0.trimmingCharacters(quotes: true) }
            if words.contains(where: targets.contains) { return offset }
        }
        if let offset = line.firstOf(.treeRemovers),
           line.firstOf(.homeOrRootArguments) != nil {
            return offset
        }
        if let offset = line.firstOf(.worldWritableRoot), line.folded.count >= offset + 14,
           line.folded.count == offset + 14 || line.folded[offset + 14] == 0x20 {
            return offset
        }
        return nil
    }
}

extension Substring {
    /// The word without the quotes around it.
    fileprivate func trimmingCharacters(quotes: Bool) -> String {
        var view = self
        while let first = view.first, "\"'`(".contains(first) { view = view.dropFirst() }
        while let last = view.last, "\"'`);".contains(last) { view = view.dropLast() }
        return String(view)
    }
}

extension String {
    /// How many times `separator` occurs, plus one.
    fileprivate func components(separatedByLiteral separator: String) -> Int {
        var count = 1
        var from = 0
        let bytes = Array(utf8)
        let needle = Array(separator.utf8)
        while let offset = ScanLine.find(needle, in: bytes, from: from) {
            count += 1
            from = offset + needle.count
        }
        return count
    }
}
