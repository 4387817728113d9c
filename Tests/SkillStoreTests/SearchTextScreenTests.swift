import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// `SearchTextScreen`: it may let a text through that holds none of the
/// terms, never pass over one that holds a term. Both facts it rests on are
/// checked against the index's own tokenizer.
@Suite struct SearchTextScreenTests {
    let fixture: StoreFixture
    let tokenizer: TextTokenizer

    init() throws {
        fixture = try StoreFixture()
        tokenizer = try fixture.store.textTokenizer()
    }

    /// Words for every suffix rule of the Porter stemmer, and words the
    /// rules chain on.
    static let porterWords = """
        relational conditional rational valenci hesitanci digitizer conformabli radicalli differentli vileli
        analogousli vietnamization predication operator feudalism decisiveness hopefulness callousness formaliti
        sensitiviti sensibiliti triplicate formative formalize electriciti electrical hopeful goodness revival
        allowance inference airliner gyroscopic adjustable defensible irritant replacement adjustment dependent
        adoption homologou communism activate angulariti homologous effective bowdlerize probate rate cease
        controll roll caresses ponies ties caress cats feed agreed plastered bled motoring sing conflated troubled
        sized hopping tanned falling hissing fizzed failing filing happy sky probably mobility ability possibly
        stably generalization generalizations memory memories cry cries day days eye eyes dying lying tying
        ably ibly ably nobly humbly reliability capability stability visibility usability flexibility
        organizational optimization civilization realization normalization initialization authorization
        criticism criticize critical politically logically technological biological analogy apology
        apologize analogies theology zoology fy ify y by my sly shyly agency agencies fancy emergency
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    @Test func aWordBeginsWithItsStemLessALetterTheStemmerWrites() throws {
        // The seeds' words too, when the seeds are here.
        var words = Self.porterWords
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/seeds").standardized
        if let files = FileManager.default.enumerator(atPath: seeds.path) {
            for case let file as String in files where file.hasSuffix(".md") {
                let text = (try? String(contentsOf: seeds.appendingPathComponent(file), encoding: .utf8)) ?? ""
                words += text.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
            }
        }
        for word in Set(words) {
            let tokens = tokenizer.tokens(of: word)
            for token in tokens.tokens {
                let stem = tokens.text(of: token)
                let needle = try #require(SearchTextScreen.needle(for: stem))
                #expect(word.utf8.starts(with: needle), "\(word) stems to \(String(decoding: stem, as: UTF8.self))")
            }
        }
        // The letters the stemmer writes: the rule would be wrong without each.
        for (word, stem) in [("conflated", "conflat"), ("memory", "memor"), ("capability", "capab")] {
            let tokens = tokenizer.tokens(of: word)
            #expect(SearchTextScreen.needle(for: tokens.text(of: try #require(tokens.tokens.first))) == Array(stem.utf8))
        }
    }

    @Test func everyCharacterThatFoldsIntoASCIIIsLetThrough() throws {
        // A character the tokenizer folds into an ASCII letter, or drops
        // from between two, makes `q<c>z` one ASCII token.
        let screen = try screen("zebra")
        var missed: [String] = []
        for value in 0x80...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "q\(Character(scalar))z"
            let tokens = tokenizer.tokens(of: text)
            let folds = tokens.tokens.contains { token in
                let bytes = tokens.text(of: token)
                return bytes.count > 1 && bytes.allSatisfy { $0 < 0x80 }
            }
            guard folds else { continue }
            let mayHoldAny = Array(text.utf8).withUnsafeBytes { screen.groups(mayBeIn: $0) } == nil
            if !mayHoldAny { missed.append(String(format: "U+%04X", value)) }
        }
        #expect(missed.isEmpty, "characters folding into ASCII the screen reads as other text: \(missed.prefix(20))")
    }

    private func screen(_ query: String) throws -> SearchTextScreen {
        SearchTermMatcher(query: try #require(SearchQuery(query)), tokenizer: tokenizer).screen
    }

    private func mayHold(_ screen: SearchTextScreen, _ texts: String...) -> Bool {
        let arrays = texts.map { Array($0.utf8) }
        func nest(_ index: Int, _ pointers: [UnsafeRawBufferPointer]) -> Bool {
            guard index < arrays.count else { return screen.mayHold(pointers) }
            return arrays[index].withUnsafeBytes { nest(index + 1, pointers + [$0]) }
        }
        return nest(0, [])
    }

    @Test func aTextWithoutAnyTermIsPassedOver() throws {
        let screen = try screen("checklists reliability form")
        #expect(mayHold(screen, "The Release CHECKLIST, step by step."))
        #expect(mayHold(screen, "Reliable builds.", "no heading"))
        #expect(mayHold(screen, "", "heading: checklist"))
        #expect(mayHold(screen, "(forms)"))
        #expect(!mayHold(screen, "Steps to ship a release.", "Release"))
        // Only at a word's beginning, and `form` is not `for`.
        #expect(!mayHold(screen, "For the platform, unchecklisted and preform."))
        // A letter with a diacritic may fold into the term: let through.
        #expect(mayHold(screen, "The chécklist."))
        // Other text outside ASCII does not stop the screen.
        #expect(!mayHold(screen, "Ship it — then tag it → 日本語."))
    }

    @Test func aScreenMatchesWhatTheMatcherMatches() throws {
        // Phrases, prefixes, excluded words (which never let a text through).
        let texts = [
            "Fill out the PDF form.", "pdfs and forms", "Formatting PDFs", "A checklist for releases",
            "The release checklists", "fill-out forms", "Nothing here.", "prefix matches: checking",
            "Crème brûlée", "creme brulee", "the N+1 query", "signup flow", "sign up now",
        ]
        for query in ["pdf form", "\"fill out\"", "check*", "release -checklist", "crème", "N+1", "signup", "sign up"] {
            let matcher = SearchTermMatcher(query: try #require(SearchQuery(query)), tokenizer: tokenizer)
            for text in texts {
                let held = matcher.groups(in: matcher.matches(in: tokenizer.tokens(of: text)))
                if !held.isEmpty { #expect(mayHold(matcher.screen, text), "\(query) in \(text)") }
                // Each group held is among those the screen says it may hold.
                let screened = Array(text.utf8).withUnsafeBytes { matcher.screen.groups(mayBeIn: $0) }
                #expect(screened.map(held.isSubset(of:)) ?? true, "\(query) in \(text)")
            }
        }
        // A word too short to tell by lets every text through, and is
        // among the groups any text may hold; the others are still told.
        #expect(mayHold(try screen("x release"), "Nothing here."))
        let short = try screen("x release")
        #expect(Array("Nothing here.".utf8).withUnsafeBytes { short.groups(mayBeIn: $0) } == [0])
        #expect(Array("A release.".utf8).withUnsafeBytes { short.groups(mayBeIn: $0) } == [0, 1])
        // Text that may fold into ASCII may hold any group.
        #expect(Array("Relé".utf8).withUnsafeBytes { short.groups(mayBeIn: $0) } == nil)
    }
}
