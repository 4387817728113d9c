/// Where a skill talks to: raw IP addresses, paste sites, webhook collectors
/// and link shorteners, worse when data is sent there.
enum DestinationRules {
    typealias Vocabulary = ScanVocabulary

    /// The offset of a suspicious destination on the line.
    static func suspiciousDestination(_ line: ScanLine) -> Int? {
        if let offset = line.firstHost(.suspiciousHosts) { return offset }
        if let offset = line.firstOf(.shortenerLinks) { return offset }
        return rawAddress(line)
    }

    /// A URL whose host is a public IPv4 address.
    static func rawAddress(_ line: ScanLine) -> Int? {
        guard var from = line.firstOf(.schemeSeparators) else { return nil }
        while let offset = line.find("://", from: from) {
            from = offset + 3
            var host: [UInt8] = []
            var index = from
            while index < line.folded.count, host.count < 16 {
                let byte = line.folded[index]
                if (byte >= 0x30 && byte <= 0x39) || byte == 0x2E { host.append(byte) } else { break }
                index += 1
            }
            let parts = String(decoding: host, as: UTF8.self).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty && (Int($0) ?? 256) < 256 }) else { continue }
            if index < line.folded.count, ScanLine.isWordByte(line.folded[index]) { continue }
            let octets = parts.map { Int($0)! }
            let isPrivate = octets[0] == 127 || octets[0] == 10 || octets[0] == 0 || (octets[0] == 192 && octets[1] == 168)
                || (octets[0] == 172 && (16...31).contains(octets[1])) || (octets[0] == 169 && octets[1] == 254)
            if !isPrivate { return offset + 3 }
        }
        return nil
    }

    /// Whether the line sends data out.
    static func sends(_ line: ScanLine) -> Bool {
        if line.firstOf(.senders) != nil { return true }
        if line.firstWord(.networkClients) != nil, line.firstOf(.dataFlags) != nil { return true }
        if line.firstWord(.netcatSenders) != nil { return true }
        return false
    }

    static func check(_ line: ScanLine, in file: String) -> [ScanFinding] {
        guard !line.descriptive, line.context != .scriptComment, let offset = suspiciousDestination(line) else { return [] }
        let sendsHere = sends(line)
            || (line.context == .prose && line.firstWord(.proseSendVerbs) != nil)
        let rule = sendsHere ? ScanRules.dataToSuspiciousDestination : ScanRules.suspiciousDestination
        return [rule.finding(line.position(in: file, at: offset))]
    }
}
