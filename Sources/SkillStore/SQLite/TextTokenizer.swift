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
    /// Whether a document's ASCII words may be read here (`documentTokens`):
    /// the tokenizer is unicode61 with its own token characters (ASCII
    /// letters and digits), perhaps under porter, which stems each token
    /// alone.
    private let readsASCIIWords: Bool
    /// The stems FTS5 gave the ASCII words already met on this connection.
    private var stems = StemMemo()
    /// Tests only: every text through FTS5, to compare with.
    var alwaysFTS5 = false

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
        let options = Array(words.drop { $0 == "porter" })
        readsASCIIWords = options == ["unicode61"]
            || (options.count == 3 && options[0] == "unicode61" && options[1] == "remove_diacritics"
                && ["0", "1", "2"].contains(options[2]))
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
        guard let base = text.baseAddress, text.count > 0 else { return Tokens() }
        // About one token in six bytes of prose; room up front spares the
        // buffers most of their regrowth.
        var sink = Sink(bytes: text.count, tokens: text.count / 6 + 1)
        defer { sink.deallocate() }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        if !query, readsASCIIWords, !alwaysFTS5 {
            documentTokens(of: bytes, count: text.count, into: &sink)
        } else {
            let flags = query ? FTS5_TOKENIZE_QUERY | (prefix ? FTS5_TOKENIZE_PREFIX : 0) : FTS5_TOKENIZE_DOCUMENT
            fts5Tokens(of: bytes, count: text.count, flags: flags, into: &sink)
        }
        return sink.tokens()
    }

    /// FTS5's tokens of `count` bytes at `text`, each placed `shift` bytes
    /// further on, appended to `sink`.
    private func fts5Tokens(
        of text: UnsafePointer<UInt8>, count: Int, flags: Int32, shift: Int32 = 0, into sink: inout Sink
    ) {
        guard count > 0, let tokenize = tokenizer.xTokenize else { return }
        sink.shift = shift
        withUnsafeMutablePointer(to: &sink) { pointer in
            _ = tokenize(instance, pointer, flags, UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self), Int32(count)) {
                context, flags, token, length, start, end in
                // A token at the same place as the one before (a synonym, which
                // the search index's tokenizer never makes) would break the
                // one-token-per-position reading of phrases: the first counts.
                guard let context, let token, flags & FTS5_TOKEN_COLOCATED == 0, start <= end, length >= 0 else {
                    return SQLITE_OK
                }
                let sink = context.assumingMemoryBound(to: Sink.self)
                sink.pointee.add(
                    UnsafeRawPointer(token).assumingMemoryBound(to: UInt8.self), count: Int(length),
                    source: (start + sink.pointee.shift)..<(end + sink.pointee.shift))
                return SQLITE_OK
            }
        }
        sink.shift = 0
    }

    /// A document's tokens, as FTS5 gives them, without running FTS5 on
    /// most of it: ASCII punctuation and spaces always part tokens, so a
    /// run of ASCII letters and digits is a token alone, folded to lower
    /// case, whose stem FTS5 gives once per connection (`stems`); a run
    /// between two such separators that holds other bytes is FTS5's to
    /// read, as it would read it in place. (FTS5 spent about 440
    /// instructions a token, most of a search's passages.)
    private func documentTokens(of text: UnsafePointer<UInt8>, count: Int, into sink: inout Sink) {
        var word = [UInt8](repeating: 0, count: StemMemo.longestWord)
        var index = 0
        while index < count {
            let byte = text[index]
            if byte < 0x80, !Self.isLetterOrDigit(byte) {
                index += 1
                continue
            }
            var end = index
            var ascii = true
            while end < count {
                let byte = text[end]
                if byte < 0x80 {
                    if !Self.isLetterOrDigit(byte) { break }
                } else {
                    ascii = false
                }
                end += 1
            }
            let length = end - index
            guard ascii, length <= StemMemo.longestWord else {
                fts5Tokens(of: text + index, count: length, flags: FTS5_TOKENIZE_DOCUMENT, shift: Int32(index), into: &sink)
                index = end
                continue
            }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for offset in 0..<length {
                let byte = text[index + offset]
                let lowered = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                word[offset] = lowered
                hash = (hash ^ UInt64(lowered)) &* 0x0000_0100_0000_01b3
            }
            let source = Int32(index)..<Int32(end)
            word.withUnsafeBufferPointer { lowered in
                let folded = UnsafeBufferPointer(rebasing: lowered[..<length])
                if !stems.add(folded, hash: hash, to: &sink, source: source) {
                    // Not met yet: FTS5 stems it, and the stem is kept when
                    // it gives one token for the whole word, as it should.
                    let before = sink.tokenCount
                    fts5Tokens(of: text + index, count: length, flags: FTS5_TOKENIZE_DOCUMENT, shift: Int32(index), into: &sink)
                    if sink.tokenCount == before + 1, sink.tokenList[before].source == source {
                        stems.remember(folded, hash: hash, stem: sink.text(of: before), stemHash: sink.tokenList[before].hash)
                    }
                }
            }
            index = end
        }
    }

    /// ASCII letters and digits: unicode61's token characters below 0x80.
    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
    }

    /// ASCII words (lower case) and the stems FTS5 gave them: an open
    /// addressing table on the words' FNV-1a hashes, emptied when it fills
    /// (a server's connection meets new words for as long as it runs).
    private struct StemMemo {
        /// Longer words go to FTS5 each time (porter leaves those over 64 alone anyway).
        static let longestWord = 64
        static let capacity = 1 << 14
        private var hashes = [UInt64](repeating: 0, count: 0)
        /// Per slot: the word's bytes in `store`, then the stem's.
        private var words = [Range<Int32>](repeating: 0..<0, count: 0)
        private var stemsOf = [Range<Int32>](repeating: 0..<0, count: 0)
        private var stemHashes = [UInt64](repeating: 0, count: 0)
        private var store: [UInt8] = []
        private var count = 0

        /// Appends the stem of `word` to `sink`, when it is known.
        func add(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64, to sink: inout Sink, source: Range<Int32>) -> Bool {
            guard !hashes.isEmpty else { return false }
            var slot = Int(truncatingIfNeeded: hash) & (Self.capacity - 1)
            while hashes[slot] != 0 {
                if hashes[slot] == hash, store[Int(words[slot].lowerBound)..<Int(words[slot].upperBound)].elementsEqual(word) {
                    let (stem, stemHash) = (stemsOf[slot], stemHashes[slot])
                    store.withUnsafeBufferPointer { stored in
                        sink.add(stored.baseAddress! + Int(stem.lowerBound), count: stem.count, source: source, hash: stemHash)
                    }
                    return true
                }
                slot = (slot + 1) & (Self.capacity - 1)
            }
            return false
        }

        mutating func remember(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64, stem: UnsafeBufferPointer<UInt8>, stemHash: UInt64) {
            // Hash 0 marks an empty slot; a word hashing to it goes to FTS5 each time.
            guard hash != 0 else { return }
            if hashes.isEmpty || count >= Self.capacity / 2 {
                hashes = [UInt64](repeating: 0, count: Self.capacity)
                words = [Range<Int32>](repeating: 0..<0, count: Self.capacity)
                stemsOf = words
                stemHashes = hashes
                store.removeAll(keepingCapacity: true)
                count = 0
            }
            var slot = Int(truncatingIfNeeded: hash) & (Self.capacity - 1)
            while hashes[slot] != 0 { slot = (slot + 1) & (Self.capacity - 1) }
            let wordStart = Int32(store.count)
            store.append(contentsOf: word)
            let stemStart = Int32(store.count)
            store.append(contentsOf: stem)
            (hashes[slot], words[slot], stemsOf[slot], stemHashes[slot]) =
                (hash, wordStart..<stemStart, stemStart..<Int32(store.count), stemHash)
            count += 1
        }
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
        /// Added to the places FTS5 reports: where the part it reads starts.
        var shift: Int32 = 0

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

        /// The text of token `index`.
        func text(of index: Int) -> UnsafeBufferPointer<UInt8> {
            let range = tokenList[index].text
            return UnsafeBufferPointer(start: bytes + Int(range.lowerBound), count: range.count)
        }

        /// Copies a token's text and hashes it (FNV-1a) in one pass, or
        /// takes the hash when it is known.
        mutating func add(_ text: UnsafePointer<UInt8>, count: Int, source: Range<Int32>, hash known: UInt64? = nil) {
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
            let target = bytes + byteCount
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            if let known {
                target.update(from: text, count: count)
                hash = known
            } else {
                for index in 0..<count {
                    let byte = text[index]
                    target[index] = byte
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
            }
            let first = Int32(byteCount)
            byteCount += count
            (tokenList + tokenCount).initialize(to: Tokens.Token(hash: hash, text: first..<Int32(byteCount), source: source))
            tokenCount += 1
        }

        /// The tokens written, as arrays.
        func tokens() -> Tokens {
            Tokens(bytes: Array(UnsafeBufferPointer(start: bytes, count: byteCount)),
                   tokens: Array(UnsafeBufferPointer(start: tokenList, count: tokenCount)))
        }
    }
}
