import Foundation

/// Byte-level answers for the scans that run on every sentence of a publish.
/// Each is exact for ASCII; callers take the Unicode path (Character,
/// `lowercased()`) as soon as a byte of 0x80 or more is involved, so the
/// result never differs from what the Unicode path would say.
enum ByteText {
    /// Unicode's White_Space property restricted to ASCII: tab, line feed,
    /// vertical tab, form feed, carriage return and space.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// Whether `byte` occurs in `bytes`; memchr reads many bytes per instruction.
    static func contains(_ byte: UInt8, in bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { buffer in
            buffer.baseAddress.map { memchr($0, Int32(byte), buffer.count) != nil } ?? false
        }
    }

    /// Calls `body` with the offset of each byte of `haystack` that is one of
    /// `targets`, in order. memchr finds them: prose holds few of the bytes
    /// looked for (`(`, `.`), and a loop over every byte costs more than the
    /// work done at each one found.
    static func forEachOffset(
        of targets: [UInt8], in haystack: UnsafeRawBufferPointer, _ body: (Int) -> Void
    ) {
        guard let base = haystack.baseAddress, !targets.isEmpty else { return }
        let count = haystack.count
        func next(_ target: UInt8, from start: Int) -> Int {
            guard start < count, let found = memchr(base + start, Int32(target), count - start) else { return count }
            return base.distance(to: UnsafeRawPointer(found))
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: targets.count) { positions in
            for index in targets.indices { positions[index] = next(targets[index], from: 0) }
            while true {
                var nearest = 0
                for index in 1..<targets.count where positions[index] < positions[nearest] { nearest = index }
                let offset = positions[nearest]
                guard offset < count else { return }
                body(offset)
                positions[nearest] = next(targets[nearest], from: offset + 1)
            }
        }
    }

    /// ASCII `bytes` in lower case, as a String.
    static func lowercasedString(_ bytes: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() { buffer[offset] = lowercased(byte) }
            return bytes.count
        }
    }

    /// Where `needle` first occurs in `haystack`, as an offset; nil when it
    /// does not, or when `needle` is empty.
    static func firstOffset(of needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer) -> Int? {
        let length = needle.count
        guard length > 0, length <= haystack.count, let base = haystack.baseAddress, let pattern = needle.baseAddress
        else { return nil }
        // memchr looks for one byte of the needle; not a space, the commonest
        // byte of prose, which would stop it at every word.
        let anchor = needle.firstIndex { $0 != 0x20 } ?? 0
        let lastStart = haystack.count - length
        var start = 0
        while start <= lastStart {
            guard let found = memchr(base + start + anchor, Int32(needle[anchor]), lastStart - start + 1) else { return nil }
            let candidate = base.distance(to: UnsafeRawPointer(found)) - anchor
            if memcmp(base + candidate, pattern, length) == 0 { return candidate }
            start = candidate + 1
        }
        return nil
    }
}

extension ByteText {
    /// Whether every scalar of `text` outside ASCII is one that is not
    /// white space and whose grapheme cluster break property is Other
    /// (`XX`), among Latin-1's and Latin Extended's letters and symbols
    /// (U+00A1 to U+024F but the soft hyphen) and general punctuation
    /// (U+2010 to U+2027, U+2030 to U+205E): such a scalar never joins a
    /// neighbour that is ASCII or one of them, so every Character of the
    /// text is one scalar (or CR LF) and a text of them can be read byte by
    /// byte. False for anything else: a mark or joiner after a scalar, a
    /// space outside ASCII (U+00A0, U+2000 to U+200A), a control.
    static func standsAlone(_ text: some Sequence<UInt8>) -> Bool {
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            guard byte >= 0x80 else { continue }
            switch byte {
            case 0xC2...0xC9:
                // Two bytes: U+0080 to U+027F.
                guard let next = iterator.next() else { return false }
                let scalar = UInt32(byte & 0x1F) << 6 | UInt32(next & 0x3F)
                guard (0xA1...0x24F).contains(scalar), scalar != 0xAD else { return false }
            case 0xE2:
                // Three bytes from U+2000: U+2000 to U+207F here.
                guard let second = iterator.next(), let third = iterator.next(), (0x80...0x81).contains(second)
                else { return false }
                let scalar = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
                guard (0x2010...0x2027).contains(scalar) || (0x2030...0x205E).contains(scalar) else { return false }
            default:
                return false
            }
        }
        return true
    }
}

extension String {
    /// Every run of white space (new lines included) as one space, none at
    /// either end: how snippets are shown. ASCII text byte by byte, other
    /// text Character by Character, judging each by its first byte when
    /// that is ASCII and by `Character.isWhitespace` otherwise, so every
    /// path gives what `split(whereSeparator: \.isWhitespace)` gives; a
    /// search shows a few thousand characters of snippets, and the Unicode
    /// look-up of each was a tenth of what a search command did beyond the
    /// search. Text whose only scalars outside ASCII are Latin letters and
    /// the common punctuation of prose (`…`, `—`, `’`: see
    /// `ByteText.standsAlone`) is read byte by byte too, as each such scalar
    /// is a Character of its own and not white space.
    package var collapsingWhitespace: String {
        var text = self
        return text.withUTF8 { bytes in
            guard ByteText.standsAlone(bytes) else {
                // A Character is white space when its first scalar is: an
                // ASCII first byte answers that without Unicode's tables.
                return split { character in
                    let first = character.utf8.first ?? 0
                    return first < 0x80 ? ByteText.isWhitespace(first) : character.isWhitespace
                }.joined(separator: " ")
            }
            // Written in place: through an array of bytes and a String made
            // of it, this was 40 instructions a byte.
            return String(unsafeUninitializedCapacity: bytes.count) { target in
                var count = 0
                var space = false
                for byte in bytes {
                    if ByteText.isWhitespace(byte) {
                        space = count > 0
                    } else {
                        if space {
                            target[count] = 0x20
                            count += 1
                        }
                        space = false
                        target[count] = byte
                        count += 1
                    }
                }
                return count
            }
        }
    }
}
