import Foundation
@testable import SkillStore
@testable import SkillStoreAPI
import Testing

/// `SearchEntryJSON` writes by hand what JSONEncoder writes for search
/// results; these hold it to JSONEncoder's bytes, pretty and compact.
@Suite struct SearchEntryJSONTests {
    /// Every ASCII byte, the escapes among them, and text outside ASCII
    /// (line separators, combining marks, an emoji, a slash).
    static let hostile: String = {
        var text = ""
        for byte in 0..<0x80 { text.unicodeScalars.append(Unicode.Scalar(UInt8(byte))) }
        return text + "\u{85}\u{A0}\u{2028}\u{2029}e\u{301}é😀 a/b \\\"[x]\""
    }()

    static let numbers: [Double] = [0, -0.0, 2, 100, -3.5, 1e-7, 0.1 + 0.2, 1.0 / 3, 1e16, 1e21, 123_456_789_012_345_680, 5e-324, .greatestFiniteMagnitude]

    static func entries() -> [SkillSearchEntry] {
        let finding = ScanFinding(
            rule: "download-execute", severity: .high, file: "scripts/set up.sh", line: 3, column: 14,
            evidence: hostile, explanation: "runs what it downloads")
        let explanation = SearchExplanation(
            words: [.init(word: "pdf OR form", fields: ["name", "body"], weight: 2.25), .init(word: hostile, fields: [], weight: 0)],
            bm25: 12.5, coverage: 1, name: 0.5, description: 0, exactName: true, score: 1.2618)
        let passages: [SkillSearchEntry.Passage] = [
            .init(kind: "section", address: "pdf:42", line: 42, rule: nil, label: nil, section: ["Forms", hostile], snippet: hostile),
            .init(kind: "rule", address: "pdf#R3", line: 10, rule: "R3", label: nil, section: [], snippet: "[fill] the form"),
            .init(kind: "claim", address: "pdf:7", line: 7, rule: nil, label: "measured", section: ["A"], snippet: ""),
            .init(kind: "section", address: "x", line: nil, rule: nil, label: nil, section: [], snippet: "x"),
        ]
        let blob = BlobID(hex: "9d4359094e2074e6")!
        let match = SkillMatch(
            namespace: "", skill: "pdf", address: "pdf", version: "1.0.0", id: blob, description: "", score: 0,
            alsoIn: [], passages: [], explanation: nil, bundle: blob)
        return numbers.enumerated().map { index, score in
            var entry = SkillSearchEntry(match, scan: nil)
            entry.namespace = index % 2 == 0 ? "" : "anthropics"
            entry.address = index % 2 == 0 ? "pdf" : "anthropics/pdf"
            entry.description = index == 0 ? hostile : "Fill PDF forms."
            entry.score = score
            entry.alsoIn = index % 3 == 0 ? [] : ["obra/pdf", hostile]
            entry.passages = index % 4 == 0 ? [] : passages
            entry.explain = index % 2 == 0 ? explanation : nil
            entry.scan = [nil, ScanSummary(scannerVersion: "2", highest: nil, findingCount: 0, top: []),
                          ScanSummary(scannerVersion: "2", highest: .high, findingCount: 5, top: [finding, finding])][index % 3]
            return entry
        }
    }

    @Test func prettyIsWhatJSONEncoderWrites() throws {
        // Bytes, not Strings: Strings compare equal across Unicode normalization.
        for entries in [Self.entries(), [], Array(Self.entries().prefix(1))] {
            #expect(SearchEntryJSON.text(entries, pretty: true) == Array(try APIJSON.encoder(pretty: true).encode(entries)))
        }
    }

    @Test func compactIsWhatTheAPIWrites() {
        for entries in [Self.entries(), []] {
            #expect(SearchEntryJSON.text(entries, pretty: false) == Array(APIJSON.encode(entries)))
        }
    }

    /// The writer names each property itself: a property added to one of
    /// these types must be added there too, which this makes known.
    @Test func theWriterKnowsEveryProperty() throws {
        let entry = try #require(Self.entries().first { $0.explain != nil && $0.scan?.top.isEmpty == false && !$0.passages.isEmpty })
        func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        #expect(labels(entry) == ["namespace", "skill", "address", "version", "id", "description", "score", "alsoIn", "passages", "explain", "scan"])
        #expect(labels(entry.passages[0]) == ["kind", "address", "line", "rule", "label", "section", "snippet"])
        #expect(labels(try #require(entry.explain)) == ["words", "bm25", "coverage", "name", "description", "exactName", "score"])
        #expect(labels(try #require(entry.explain).words[0]) == ["word", "fields", "weight"])
        #expect(labels(try #require(entry.scan)) == ["scannerVersion", "highest", "findingCount", "top"])
        #expect(labels(try #require(entry.scan).top[0]) == ["rule", "severity", "file", "line", "column", "evidence", "explanation"])
    }
}
