import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// The project's search-pack fixture (Tests/Fixtures/search-pack): twelve
/// skills and two source pages, with `relevance.tsv` listing queries and the
/// address each must find in its top three.
enum SearchPack {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/search-pack")

    /// A store with the pack and its sources published.
    static func store() throws -> StoreFixture {
        let fixture = try StoreFixture()
        _ = try fixture.publish([folder.appendingPathComponent("skills").path])
        let sources = try String(contentsOf: folder.appendingPathComponent("sources.tsv"), encoding: .utf8)
        for line in sources.split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            _ = try fixture.store.publishSource(
                url: fields[0], path: folder.appendingPathComponent(fields[1]).path, publisher: "tester")
        }
        return fixture
    }

    struct Case: CustomStringConvertible {
        var request: SearchRequest
        var expected: String
        var line: Int
        var description: String { "relevance.tsv:\(line) \(request.query) -> \(expected)" }
    }

    /// Every line of relevance.tsv: `QUERY<TAB>OPTIONS<TAB>EXPECTED<TAB>WHY`.
    static func cases() throws -> [Case] {
        let text = try String(contentsOf: folder.appendingPathComponent("relevance.tsv"), encoding: .utf8)
        return try text.split(separator: "\n").enumerated().map { index, line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3 else { throw Malformed(line: index + 1) }
            var request = SearchRequest(query: fields[0], limit: 3)
            var words = options(fields[1])
            while !words.isEmpty {
                let option = words.removeFirst()
                guard let value = words.first else { throw Malformed(line: index + 1) }
                words.removeFirst()
                switch option {
                case "--kind": request.kind = SearchKind(rawValue: value)
                case "--label": request.label = ClaimLabel(rawValue: value)
                case "--skill": request.skill = value
                default: throw Malformed(line: index + 1)
                }
            }
            return Case(request: request, expected: fields[2], line: index + 1)
        }
    }

    /// Splits options at spaces; single quotes group (`--skill 'dough-*'`).
    private static func options(_ text: String) -> [String] {
        guard text != "-" else { return [] }
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "'" {
                quoted.toggle()
            } else if character == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    struct Malformed: Error { var line: Int }
}

@Suite struct SearchRelevanceTests {
    @Test func atLeastNinetyPercentOfTheRelevanceSetFindsItsAddressInTheTopThree() throws {
        let fixture = try SearchPack.store()
        let cases = try SearchPack.cases()
        #expect(cases.count >= 30)
        var misses: [String] = []
        for item in cases {
            let addresses = try fixture.store.search(item.request).map(\.address)
            if !addresses.contains(item.expected) { misses.append("\(item) got \(addresses)") }
        }
        let hitRate = Double(cases.count - misses.count) / Double(cases.count)
        print("search relevance: \(cases.count - misses.count) of \(cases.count) in the top 3"
            + misses.map { "\n  missed \($0)" }.joined())
        #expect(hitRate >= 0.9, "hit rate \(hitRate): \(misses.joined(separator: "; "))")
    }

    @Test func theSetCoversEveryKindOfQueryTheIssueNames() throws {
        let cases = try SearchPack.cases()
        #expect(cases.contains { $0.request.kind == .rule })
        #expect(cases.contains { $0.request.kind == .claim && $0.request.label != nil })
        #expect(cases.contains { $0.request.kind == .source })
        #expect(cases.contains { $0.request.kind == .section })
        // An exact skill name, and a stem the text never spells out.
        #expect(cases.contains { $0.request.query == $0.expected })
        #expect(cases.contains { $0.request.query.contains("folding") })
    }
}
