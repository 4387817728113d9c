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

    /// A document's ASCII words are read without FTS5, their stems kept
    /// from FTS5's first answer: every token, place and hash is FTS5's own.
    private func expectSameAsFTS5(_ text: String, _ comment: Comment? = nil) {
        tokenizer.alwaysFTS5 = true
        let expected = tokenizer.tokens(of: text)
        tokenizer.alwaysFTS5 = false
        // Twice: the first time FTS5 stems the words, the second they are known.
        for round in 0..<2 {
            let found = tokenizer.tokens(of: text)
            #expect(texts(found) == texts(expected), "round \(round): \(comment ?? Comment(rawValue: text))")
            #expect(found.tokens.map(\.source) == expected.tokens.map(\.source), "round \(round): \(comment ?? Comment(rawValue: text))")
            #expect(found.tokens.map(\.hash) == expected.tokens.map(\.hash), "round \(round)")
        }
    }

    @Test func asciiWordsAreReadAsFTS5ReadsThem() {
        let texts = [
            "Caresses ponies TIES caress cats; feed agreed disabled matting mating meeting milling messing meetings.",
            "happy sky generalization oscillators relational conditional rational valenci hesitanci digitizer",
            "a an I x2 ab abc 3D 10x v1.2.3 snake_case kebab-case CamelCase UPPER mIxEd l33t 2024-12-03",
            String(repeating: "x", count: 64) + " " + String(repeating: "y", count: 65) + " " + String(repeating: "Ab", count: 40),
            "tab\tnew\nline\r\ncontrol\u{1}bytes\u{7F}end",
            "café naïve e\u{301}clair über-cool fiancée’s ﬁle “quoted” word—word 日本語のテキスト emoji🙂s x\u{301}y",
            "\u{301}leading mark, trailing mark\u{301} and Ⅻ roman, ½ half, ﬀ ligature",
            "", "   ", "...", "a", "Z9",
        ]
        for text in texts { expectSameAsFTS5(text) }
        // Words built to vary: every length up to 70, every case.
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éü_-.,'’ ")
        for _ in 0..<200 {
            let length = Int.random(in: 0...300, using: &generator)
            expectSameAsFTS5(String((0..<length).map { _ in letters.randomElement(using: &generator)! }))
        }
    }

    @Test(.enabled(if: Seeds.available, Seeds.skipReason))
    func theSeedsAreReadAsFTS5ReadsThem() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Seeds.folder.path).filter { $0.hasSuffix(".md") }
        #expect(!files.isEmpty)
        for file in files {
            expectSameAsFTS5(try String(contentsOfFile: Seeds.path(file), encoding: .utf8), Comment(rawValue: file))
        }
    }

    /// The real packs `bench/real-packs.sh` extracts, when they are there.
    static let realPacks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("bench/.real-packs")

    @Test(.enabled(
        if: FileManager.default.fileExists(atPath: realPacks.path),
        "no real packs at bench/.real-packs (bench/real-packs.sh extracts fetched repositories there)"))
    func realSkillsAreReadAsFTS5ReadsThem() throws {
        let files = (FileManager.default.enumerator(atPath: Self.realPacks.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix("SKILL.md") }.sorted()
        #expect(files.count > 100)
        // Every eighth, to keep the test short.
        for file in files.enumerated().filter({ $0.offset % 8 == 0 }).map(\.element) {
            guard let text = try? String(contentsOfFile: Self.realPacks.appendingPathComponent(file).path, encoding: .utf8)
            else { continue }
            expectSameAsFTS5(text, Comment(rawValue: file))
        }
    }
}
