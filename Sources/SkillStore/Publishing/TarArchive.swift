import Foundation

/// A tar stream (POSIX ustar, with pax and GNU long names when reading):
/// how a bundle travels to a server when published there. Only regular
/// files and folders are taken; the executable bit is the mode kept.
public enum TarArchive {
    public struct Entry: Sendable, Equatable {
        /// A relative path with `/` separators, never `..` or absolute.
        public var path: String
        public var bytes: [UInt8]
        public var executable: Bool
        /// Pax records about the file in SkillStore's own namespace
        /// (`SKILLSTORE.*`, as POSIX reserves vendor prefixes); others are dropped.
        var attributes: [String: String]

        public init(path: String, bytes: [UInt8], executable: Bool, attributes: [String: String] = [:]) {
            self.path = path
            self.bytes = bytes
            self.executable = executable
            self.attributes = attributes
        }
    }

    /// The largest pax extended header read (its records: a long path and
    /// SkillStore's own).
    static let maxPaxHeader = 64 * 1024

    /// The prefix of the pax records an entry's `attributes` keep.
    static let attributePrefix = "SKILLSTORE."
    /// On a SKILL.md: the version label its sender derived from git.
    static let gitLabelKey = "SKILLSTORE.git_label"
    /// On a SKILL.md: why its sender could derive no git label.
    static let gitUnavailableKey = "SKILLSTORE.git_unavailable"

    /// On a SKILL.md: where its skill sits in the pack its sender
    /// published (`SkillSource.placeInPack`), which the folders above it in
    /// the archive need not show.
    static let placeKey = "SKILLSTORE.place"

    /// The place in its pack that a SKILL.md entry carries, if it carries
    /// a plausible one: relative, without `.` or `..` parts, control
    /// characters or empty parts, at most 4 KiB.
    static func placeInPack(of entry: Entry) -> String? {
        guard let place = entry.attributes[placeKey], place.utf8.count <= 4096,
              !place.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
              place.isEmpty || place.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({ !["", ".", ".."].contains($0) })
        else { return nil }
        return place
    }

    /// On a SKILL.md or a lone Markdown file: its skill's
    /// `SkillSource.namingFolders`, joined by `/`.
    static let namingFoldersKey = "SKILLSTORE.naming_folders"

    /// The naming folders a SKILL.md entry carries, if it carries plausible
    /// ones: at most three names, none empty, `.`, `..` or over 255 bytes,
    /// without control characters.
    static func namingFolders(of entry: Entry) -> [String]? {
        guard let joined = entry.attributes[namingFoldersKey] else { return nil }
        if joined.isEmpty { return [] }
        let folders = joined.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard folders.count <= 3, folders.allSatisfy({ folder in
            !["", ".", ".."].contains(folder) && folder.utf8.count <= 255
                && !folder.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        }) else { return nil }
        return folders
    }

    /// The git label outcome `entry` carries, if it carries one; a label
    /// that is not a valid version label is reported as unavailable.
    public static func gitLabel(of entry: Entry) -> GitVersionLabel.Outcome? {
        if let label = entry.attributes[gitLabelKey] {
            if let problem = VersionLabel.problem(with: label) { return .unavailable("the label sent, '\(label)', \(problem)") }
            return .label(label)
        }
        return entry.attributes[gitUnavailableKey].map { .unavailable($0) }
    }

    /// The records that carry `outcome` on a SKILL.md entry.
    static func attributes(for outcome: GitVersionLabel.Outcome) -> [String: String] {
        switch outcome {
        case .label(let label): [gitLabelKey: label]
        case .unavailable(let reason): [gitUnavailableKey: reason]
        }
    }

    // MARK: Writing

    /// The archive of `entries`, in the order given, with fixed owner and
    /// time so that the same files always give the same bytes.
    public static func write(_ entries: [Entry]) -> [UInt8] {
        var archive: [UInt8] = []
        for entry in entries {
            var name = Array(entry.path.utf8)
            // A pax header carries a long path (the ustar name is then a
            // stand-in) and the entry's attributes, in a fixed order.
            var records = entry.attributes.sorted { $0.key < $1.key }.flatMap { paxRecord($0.key, $0.value) }
            if name.count > 100 {
                records = paxRecord("path", entry.path) + records
                name = Array(name.suffix(99))
            }
            if !records.isEmpty {
                archive += header(name: Array("PaxHeader/entry".utf8), size: records.count, type: UInt8(ascii: "x"), mode: 0o644)
                archive += padded(records)
            }
            archive += header(name: name, size: entry.bytes.count, type: UInt8(ascii: "0"), mode: entry.executable ? 0o755 : 0o644)
            archive += padded(entry.bytes)
        }
        return archive + [UInt8](repeating: 0, count: 1024)
    }

    private static func paxRecord(_ key: String, _ value: String) -> [UInt8] {
        let body = " \(key)=\(value)\n"
        var length = body.utf8.count + 1
        while String(length).count + body.utf8.count != length { length = String(length).count + body.utf8.count }
        return Array((String(length) + body).utf8)
    }

    private static func header(name: [UInt8], size: Int, type: UInt8, mode: Int) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ bytes: [UInt8], at offset: Int) { for (index, byte) in bytes.enumerated() { block[offset + index] = byte } }
        func octal(_ value: Int, width: Int) -> [UInt8] {
            Array(String(value, radix: 8).leftPadded(to: width - 1).utf8) + [0]
        }
        put(Array(name.prefix(100)), at: 0)
        put(octal(mode, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)
        put(octal(0, width: 8), at: 116)
        put(octal(size, width: 12), at: 124)
        put(octal(0, width: 12), at: 136)
        block[156] = type
        put(Array("ustar\u{0}00".utf8), at: 257)
        put([UInt8](repeating: 0x20, count: 8), at: 148)
        let sum = block.reduce(0) { $0 + Int($1) }
        put(Array(String(sum, radix: 8).leftPadded(to: 6).utf8) + [0, 0x20], at: 148)
        return block
    }

    private static func padded(_ bytes: [UInt8]) -> [UInt8] {
        bytes + [UInt8](repeating: 0, count: (512 - bytes.count % 512) % 512)
    }

    // MARK: Reading

    /// The regular files of `archive`. Refuses, naming the entry, anything
    /// that is not a file or folder (links, devices), a path that is
    /// absolute or climbs out with `..`, and a damaged or truncated archive.
    public static func read(_ archive: [UInt8]) throws(InputRefused) -> [Entry] {
        func refuse(_ message: String) -> InputRefused {
            InputRefused([Diagnostic(path: "request body", location: nil, message: message, code: "bundle-archive")])
        }
        var entries: [Entry] = []
        var offset = 0
        var longName: String?
        var attributes: [String: String] = [:]
        while offset + 512 <= archive.count {
            let block = archive[offset..<offset + 512]
            if block.allSatisfy({ $0 == 0 }) { return entries }
            guard checksumHolds(block) else { throw refuse("not a tar archive (bad header checksum at byte \(offset))") }
            guard let size = octalValue(block, 124, 12), size >= 0 else { throw refuse("bad size field at byte \(offset)") }
            let type = block[block.startIndex + 156]
            let dataStart = offset + 512
            guard dataStart + size <= archive.count else { throw refuse("the archive ends inside an entry") }
            let data = Array(archive[dataStart..<dataStart + size])
            offset = dataStart + (size + 511) / 512 * 512

            // A long name (pax `path`, GNU `L`) is for the next file or
            // folder, whatever other headers come between.
            var name = longName ?? ustarName(block)
            switch type {
            case UInt8(ascii: "x"):
                // A path and a few of our records fit in far less; a larger
                // header would only make the server read and keep junk.
                guard size <= maxPaxHeader else {
                    throw refuse("a pax header of \(size) bytes at byte \(dataStart - 512); at most \(maxPaxHeader) are read")
                }
                guard let records = paxRecords(data) else { throw refuse("a damaged pax header at byte \(dataStart - 512)") }
                if let path = records["path"] { longName = path }
                attributes = records.filter { $0.key.hasPrefix(attributePrefix) }
                continue
            case UInt8(ascii: "L"):
                // A GNU long name is a path: no file system holds one this long.
                guard size <= maxPaxHeader else {
                    throw refuse("a long name of \(size) bytes at byte \(dataStart - 512); at most \(maxPaxHeader) are read")
                }
                longName = String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
                continue
            case UInt8(ascii: "g"):
                continue
            case UInt8(ascii: "5"):
                // The name and records were a folder's, not a file's.
                (longName, attributes) = (nil, [:])
                continue
            case UInt8(ascii: "0"), 0:
                longName = nil
            case UInt8(ascii: "1"), UInt8(ascii: "2"):
                throw refuse("'\(name)' is a link; a bundle sent to a server holds regular files only")
            default:
                throw refuse("'\(name)' is not a regular file (tar type '\(Character(Unicode.Scalar(type)))')")
            }
            while name.hasPrefix("./") { name.removeFirst(2) }
            let parts = name.split(separator: "/", omittingEmptySubsequences: true)
            guard !name.hasPrefix("/"), !parts.isEmpty, !parts.contains(".."), !parts.contains(".") else {
                throw refuse("'\(name)' would be written outside the bundle (absolute, or with '..')")
            }
            let mode = octalValue(block, 100, 8) ?? 0o644
            entries.append(Entry(
                path: parts.joined(separator: "/"), bytes: data, executable: mode & 0o111 != 0, attributes: attributes))
            attributes = [:]
        }
        throw refuse("the archive ends without its closing blocks (truncated)")
    }

    private static func checksumHolds(_ block: ArraySlice<UInt8>) -> Bool {
        guard let stored = octalValue(block, 148, 8) else { return false }
        var sum = 0
        for (index, byte) in block.enumerated() { sum += (148..<156).contains(index) ? 0x20 : Int(byte) }
        return sum == stored
    }

    private static func octalValue(_ block: ArraySlice<UInt8>, _ offset: Int, _ width: Int) -> Int? {
        let field = block[(block.startIndex + offset)..<(block.startIndex + offset + width)]
        let text = String(decoding: field.prefix { $0 != 0 }, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? 0 : Int(text, radix: 8)
    }

    private static func ustarName(_ block: ArraySlice<UInt8>) -> String {
        func field(_ offset: Int, _ width: Int) -> String {
            let bytes = block[(block.startIndex + offset)..<(block.startIndex + offset + width)]
            return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        let name = field(0, 100)
        // POSIX "ustar\0" only: GNU's "ustar  " keeps times where the prefix would be.
        let isUstar = block[(block.startIndex + 257)..<(block.startIndex + 263)].elementsEqual(Array("ustar\u{0}".utf8))
        let prefix = isUstar ? field(345, 155) : ""
        return prefix.isEmpty ? name : prefix + "/" + name
    }

    /// The `path` and `SKILLSTORE.*` records of a pax header ("LEN
    /// key=value\n", LEN counting the whole record), a later record of a
    /// key replacing an earlier one; nil
    /// when a record's length does not fit its own text or the data, or a
    /// record has no `=` (a damaged header).
    private static func paxRecords(_ data: [UInt8]) -> [String: String]? {
        var records: [String: String] = [:]
        var rest = data[...]
        while let space = rest.firstIndex(of: 0x20) {
            let digits = rest[rest.startIndex..<space]
            guard digits.count <= 9, let length = Int(String(decoding: digits, as: UTF8.self)),
                  length >= digits.count + 2, length <= rest.count
            else { return nil }
            let end = rest.startIndex + length
            guard rest[end - 1] == 0x0A else { return nil }
            let record = rest[(space + 1)..<(end - 1)]
            guard let equals = record.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            // Only the path and our own records are kept (tar tools add
            // times, owners and the like).
            let key = String(decoding: record[..<equals], as: UTF8.self)
            if key == "path" || key.hasPrefix(attributePrefix) {
                records[key] = String(decoding: record[(equals + 1)...], as: UTF8.self)
            }
            rest = rest[end...]
        }
        // Only NUL padding may follow the last record.
        return rest.allSatisfy({ $0 == 0 }) ? records : nil
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
