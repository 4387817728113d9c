import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// `TextTokenizer` gives FTS5's tokens, each with its place, past the room
/// it reserves up front: more tokens than one in six bytes, and folded text
/// longer than the text it came from.
@Suite struct TextTokenizerTests {
    let fixture: StoreFixture
    let tokenizer: TextTokenizer

    init() throws {
        fixture = try StoreFixture()
        tokenizer = try fixture.store.textTokenizer()
    }

    private func texts(_ tokens: TextTokenizer.Tokens) -> [String] {
        tokens.tokens.map { String(decoding: tokens.text(of: $0), as: UTF8.self) }
    }

    @Test func manyShortTokensKeepTheirTextsAndPlaces() {
        let text = Array(repeating: "A", count: 5000).joined(separator: " ")
        let tokens = tokenizer.tokens(of: text)
        #expect(tokens.tokens.count == 5000)
        #expect(texts(tokens).allSatisfy { $0 == "a" })
        #expect(tokens.tokens.enumerated().allSatisfy { index, token in
            token.source == Int32(2 * index)..<Int32(2 * index + 1)
        })
        #expect(Set(tokens.tokens.map(\.hash)).count == 1)
    }

    @Test func aTokenLongerOnceFoldedIsWhole() {
        // U+023A (two bytes) folds to U+2C65 (three): 6,000 bytes become 9,000.
        let word = String(repeating: "\u{23A}", count: 3000)
        let tokens = tokenizer.tokens(of: "fold " + word + " hinges")
        #expect(texts(tokens) == ["fold", String(repeating: "\u{2C65}", count: 3000), "hing"])
        #expect(tokens.tokens[1].source == 5..<6005)
        #expect(tokens.tokens[2].source == 6006..<6012)
    }

    @Test func noTextNoTokens() {
        #expect(tokenizer.tokens(of: "").tokens.isEmpty)
        #expect(tokenizer.tokens(of: " ,.; ").tokens.isEmpty)
    }

    /// A part of a text (a rule or claim of a section) takes the text's
    /// tokens that lie in it, as tokenizing the part alone gives them; a
    /// token cut by either end of the part gives none.
    @Test func aPartsTokensAreTheTextsInsideIt() throws {
        let text = "Crème brûlée: fold the sheets.\n**Keep it cool.** Then serve (2 plates)."
        let bytes = Array(text.utf8)
        let all = tokenizer.tokens(of: text)
        func whole(_ range: Range<Int>) -> [(String, Range<Int32>)] {
            let part = tokenizer.tokens(of: String(decoding: bytes[range], as: UTF8.self))
            return part.tokens.map { (String(decoding: part.text(of: $0), as: UTF8.self), $0.source) }
        }
        let newline = try #require(bytes.firstIndex(of: 0x0A))
        let plates = try #require(bytes.firstIndex(of: UInt8(ascii: "(")))
        for range in [0..<newline, (newline + 1)..<bytes.count, plates..<bytes.count, 0..<bytes.count, 7..<7] {
            let part = try #require(SkillStore.tokens(of: all, in: range))
            let found = part.tokens.map { (String(decoding: part.text(of: $0), as: UTF8.self), $0.source) }
            #expect(found.map(\.0) == whole(range).map(\.0), "\(range)")
            #expect(found.map(\.1) == whole(range).map(\.1), "\(range)")
        }
        // Parts ending or starting inside a word: "sheets", "brûlée".
        let sheets = text.utf8.count - text.drop { $0 != "s" }.utf8.count
        #expect(SkillStore.tokens(of: all, in: (sheets + 2)..<newline) == nil)
        #expect(SkillStore.tokens(of: all, in: 0..<9) == nil)
    }
}
