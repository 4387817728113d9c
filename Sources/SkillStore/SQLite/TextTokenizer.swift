import CSQLite
import Foundation

/// FTS5's own tokenizer, run on text outside any index: the tokens a text
/// would have in the search tables, with where each lies in the text.
///
/// Search uses it to tell which of a query's words a few known texts hold
/// (a shown skill's sections, the candidates' descriptions) without asking
/// the index, whose lists for a common word run through most of the store.
/// The tokens are FTS5's, so stems, case and accent folding mean exactly
/// what they mean in a MATCH. Belongs to the connection it came from.
final class TextTokenizer {
    /// The tokens of one text: `bytes` holds each token's folded, stemmed
    /// text one after another.
    struct Tokens {
        struct Token {
            /// FNV-1a of the token's text, to compare tokens quickly.
            var hash: UInt64
            /// The token's text in `bytes`.
            var text: Range<Int32>
            /// Where it lies in the tokenized text, in UTF-8 bytes.
            var source: Range<Int32>
        }
        var bytes: [UInt8] = []
        var tokens: [Token] = []

        /// The token's text.
        func text(of token: Token) -> ArraySlice<UInt8> {
            bytes[Int(token.text.lowerBound)..<Int(token.text.upperBound)]
        }
    }

    private let tokenizer: fts5_tokenizer
    private let instance: OpaquePointer

    /// The tokenizer `specification` names, as an FTS5 table's `tokenize`
    /// option spells it (`porter unicode61 remove_diacritics 2`).
    init(database: Database, specification: String) throws {
        guard let api = skillstore_fts5_api(database.handle) else {
            throw SkillStoreError.corrupt("this SQLite has no FTS5")
        }
        let words = specification.split(separator: " ").map(String.init)
        guard let name = words.first else { throw SkillStoreError.corrupt("an empty tokenizer specification") }
        var context: UnsafeMutableRawPointer?
        var found = fts5_tokenizer()
        guard api.pointee.xFindTokenizer(api, name, &context, &found) == SQLITE_OK, let create = found.xCreate else {
            throw SkillStoreError.corrupt("FTS5 has no tokenizer named \(name)")
        }
        let arguments = words.dropFirst().map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        var made: OpaquePointer?
        var list: [UnsafePointer<CChar>?] = arguments.map { $0.map { UnsafePointer($0) } }
        let status = list.withUnsafeMutableBufferPointer { create(context, $0.baseAddress, Int32($0.count), &made) }
        guard status == SQLITE_OK, let made else {
            throw SkillStoreError.corrupt("FTS5 refused the tokenizer \(specification)")
        }
        tokenizer = found
        instance = made
    }

    deinit { tokenizer.xDelete?(instance) }

    /// The tokens of `text`: as a document is indexed, or as a query's
    /// term is read (`query`; `prefix` for a term ending in `*`).
    func tokens(of text: String, query: Bool = false, prefix: Bool = false) -> Tokens {
        var text = text
        return text.withUTF8 { tokens(of: UnsafeRawBufferPointer($0), query: query, prefix: prefix) }
    }

    /// The tokens of UTF-8 `text`. Should the tokenizer fail part way
    /// (out of memory), the tokens read until then.
    func tokens(of text: UnsafeRawBufferPointer, query: Bool = false, prefix: Bool = false) -> Tokens {
        guard let base = text.baseAddress, text.count > 0, tokenizer.xTokenize != nil else { return Tokens() }
        // About one token in six bytes of prose; room up front spares the
        // buffers most of their regrowth.
        var sink = Sink(bytes: text.count, tokens: text.count / 6 + 1)
        defer { sink.deallocate() }
        let flags = query ? FTS5_TOKENIZE_QUERY | (prefix ? FTS5_TOKENIZE_PREFIX : 0) : FTS5_TOKENIZE_DOCUMENT
        feed(base.assumingMemoryBound(to: CChar.self), count: text.count, flags: flags, into: &sink)
        return sink.tokens()
    }

    /// Adds the tokens FTS5 reads in `count` bytes at `text` to `sink`.
    private func feed(_ text: UnsafePointer<CChar>, count: Int, flags: Int32, into sink: inout Sink) {
        guard let tokenize = tokenizer.xTokenize else { return }
        withUnsafeMutablePointer(to: &sink) { pointer in
            _ = tokenize(instance, pointer, flags, text, Int32(count)) { context, flags, token, length, start, end in
                // A token at the same place as the one before (a synonym, which
                // the search index's tokenizer never makes) would break the
                // one-token-per-position reading of phrases: the first counts.
                guard let context, let token, flags & FTS5_TOKEN_COLOCATED == 0, start <= end, length >= 0 else {
                    return SQLITE_OK
                }
                context.assumingMemoryBound(to: Sink.self).pointee.add(
                    UnsafeRawPointer(token).assumingMemoryBound(to: UInt8.self), count: Int(length), source: start..<end)
                return SQLITE_OK
            }
        }
    }

    /// The tokens of `text` as `tokens(of:)` gives them, except that an
    /// ASCII word beginning with none of `needles` (ASCII lowercase, none
    /// empty; compared ASCII case folded) is not stemmed and has empty
    /// text: its place and where it lies are kept, for phrases and
    /// snippets. Nil when a needle is empty.
    ///
    /// For a text whose only use is to be matched against a few known
    /// tokens: a word can stem to a token only if it begins with the token
    /// less a last letter the stemmer may write (`SearchTextScreen`), so
    /// the words left out cannot match, and stemming every word through
    /// FTS5 (about 440 instructions a token) was most of a search's
    /// passages. unicode61 splits tokens at every ASCII byte that is not a
    /// letter or digit, whatever surrounds it, so the text is read in runs
    /// between such bytes: a run of ASCII letters and digits is one token,
    /// stemmed by FTS5 alone when it may be wanted; a run holding bytes
    /// outside ASCII goes to FTS5 whole. Either gives what tokenizing the
    /// whole text gives there.
    func tokens(of text: UnsafeRawBufferPointer, stemmingWordsBeginning needles: [[UInt8]]) -> Tokens? {
        guard let base = text.baseAddress, text.count > 0 else { return Tokens() }
        guard tokenizer.xTokenize != nil else { return nil }
        var firstBytes = (UInt64(0), UInt64(0))
        for needle in needles {
            guard let first = needle.first else { return nil }
            if first < 64 { firstBytes.0 |= 1 << UInt64(first) } else if first < 128 { firstBytes.1 |= 1 << UInt64(first - 64) }
        }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let count = text.count
        // Each byte's kind from a table read in place: the comparisons of
        // `byteKind` for every byte were most of the scan.
        return Self.byteKinds.withUnsafeBufferPointer { kinds in
            var sink = Sink(bytes: 64, tokens: count / 6 + 1)
            defer { sink.deallocate() }
            var index = 0
            while index < count {
                // Bytes 0x80 and up are 2: outside ASCII, part of a run.
                var kind = kinds[Int(bytes[index])]
                while kind == 0 {
                    index += 1
                    guard index < count else { return sink.tokens() }
                    kind = kinds[Int(bytes[index])]
                }
                let start = index
                var ascii = kind == 1
                index += 1
                while index < count {
                    let next = kinds[Int(bytes[index])]
                    if next == 0 { break }
                    if next == 2 { ascii = false }
                    index += 1
                }
                if ascii {
                    let lower = bytes[start] | 0x20
                    let mayBeWanted = lower < 64 ? firstBytes.0 & (1 << UInt64(lower)) != 0
                        : firstBytes.1 & (1 << UInt64(lower & 63)) != 0
                    guard mayBeWanted, needles.contains(where: { Self.word(bytes + start, count: index - start, begins: $0) }) else {
                        sink.addUnstemmed(source: Int32(start)..<Int32(index))
                        continue
                    }
                }
                let before = sink.tokenCount
                feed(UnsafeRawPointer(bytes + start).assumingMemoryBound(to: CChar.self), count: index - start,
                     flags: FTS5_TOKENIZE_DOCUMENT, into: &sink)
                // Placed in the text, not the run.
                for placed in (sink.tokenList + before)..<(sink.tokenList + sink.tokenCount) {
                    placed.pointee.source = (placed.pointee.source.lowerBound + Int32(start))..<(placed.pointee.source.upperBound + Int32(start))
                }
            }
            return sink.tokens()
        }
    }

    /// `byteKind` of every byte, by value.
    private static let byteKinds: [UInt8] = (0...255).map { byteKind(UInt8($0)) }

    /// 1 for an ASCII letter or digit (unicode61's token characters in
    /// ASCII), 2 for a byte outside ASCII, 0 for the rest of ASCII, which
    /// unicode61 always reads as separators.
    private static func byteKind(_ byte: UInt8) -> UInt8 {
        if byte >= 0x80 { return 2 }
        let lower = byte | 0x20
        return (lower &- 0x61 < 26) || (byte &- 0x30 < 10) ? 1 : 0
    }

    /// Whether the word at `word` begins with `needle` (ASCII lowercase), ASCII case folded.
    private static func word(_ word: UnsafePointer<UInt8>, count: Int, begins needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        for index in 0..<needle.count {
            let byte = word[index]
            if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != needle[index] { return false }
        }
        return true
    }

    /// Where the callback writes tokens: plain buffers, grown by doubling.
    /// (Appending to the arrays of `Tokens` there cost as much as FTS5's
    /// tokenizing and stemming: a generic copy and a uniqueness check per
    /// token, a tenth of a search command.)
    private struct Sink {
        var bytes: UnsafeMutablePointer<UInt8>
        var byteCount = 0
        var byteCapacity: Int
        var tokenList: UnsafeMutablePointer<Tokens.Token>
        var tokenCount = 0
        var tokenCapacity: Int

        init(bytes: Int, tokens: Int) {
            byteCapacity = max(16, bytes)
            self.bytes = .allocate(capacity: byteCapacity)
            tokenCapacity = max(4, tokens)
            tokenList = .allocate(capacity: tokenCapacity)
        }

        func deallocate() {
            bytes.deallocate()
            tokenList.deallocate()
        }

        /// Copies a token's text and hashes it (FNV-1a) in one pass.
        mutating func add(_ text: UnsafePointer<UInt8>, count: Int, source: Range<Int32>) {
            if byteCount + count > byteCapacity {
                let capacity = max(byteCapacity * 2, byteCount + count)
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                grown.initialize(from: bytes, count: byteCount)
                bytes.deallocate()
                (bytes, byteCapacity) = (grown, capacity)
            }
            if tokenCount == tokenCapacity {
                let grown = UnsafeMutablePointer<Tokens.Token>.allocate(capacity: tokenCapacity * 2)
                grown.moveInitialize(from: tokenList, count: tokenCount)
                tokenList.deallocate()
                (tokenList, tokenCapacity) = (grown, tokenCapacity * 2)
            }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            let target = bytes + byteCount
            for index in 0..<count {
                let byte = text[index]
                target[index] = byte
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            let first = Int32(byteCount)
            byteCount += count
            (tokenList + tokenCount).initialize(to: Tokens.Token(hash: hash, text: first..<Int32(byteCount), source: source))
            tokenCount += 1
        }

        /// A token left unstemmed: empty text, which no wanted token equals
        /// or begins with.
        @inline(__always)
        mutating func addUnstemmed(source: Range<Int32>) {
            if tokenCount == tokenCapacity {
                let grown = UnsafeMutablePointer<Tokens.Token>.allocate(capacity: tokenCapacity * 2)
                grown.moveInitialize(from: tokenList, count: tokenCount)
                tokenList.deallocate()
                (tokenList, tokenCapacity) = (grown, tokenCapacity * 2)
            }
            let at = Int32(byteCount)
            (tokenList + tokenCount).initialize(to: Tokens.Token(hash: 0, text: at..<at, source: source))
            tokenCount += 1
        }

        /// The tokens written, as arrays.
        func tokens() -> Tokens {
            Tokens(bytes: Array(UnsafeBufferPointer(start: bytes, count: byteCount)),
                   tokens: Array(UnsafeBufferPointer(start: tokenList, count: tokenCount)))
        }
    }
}
