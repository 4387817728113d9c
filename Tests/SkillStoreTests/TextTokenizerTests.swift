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
}
