import Foundation
import SkillStore
import Testing
import TestSupport

/// The labelled corpus of bench/scan_corpus.py, scanned skill by skill: each
/// attack type is caught (recall) and the look-alikes are not (precision), at
/// the default threshold.
@Suite struct ScanCorpusTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyAttackTypeIsCaughtAndLookAlikesAreNot() throws {
        let folder = try TemporaryFolder()
        _ = try runTool("python3", [Self.packageRoot.appendingPathComponent("bench/scan_corpus.py").path, folder.url.path])
        let scanner = SkillScanner()
        var flagged: [String: (total: Int, flagged: Int)] = [:]
        var truePositives = 0, falsePositives = 0
        for label in ["malicious", "benign"] {
            let labelFolder = folder.url.appendingPathComponent(label)
            for kind in try FileManager.default.contentsOfDirectory(atPath: labelFolder.path).sorted() {
                let kindFolder = labelFolder.appendingPathComponent(kind)
                for skill in try FileManager.default.contentsOfDirectory(atPath: kindFolder.path).sorted() {
                    let sources = try SkillSource.discover([kindFolder.appendingPathComponent(skill).path])
                    let hit = try sources.contains { try scanner.scan($0).contains { $0.severity >= .high } }
                    let key = "\(label)/\(kind)"
                    flagged[key, default: (0, 0)].total += 1
                    if hit {
                        flagged[key, default: (0, 0)].flagged += 1
                        if label == "malicious" { truePositives += 1 } else { falsePositives += 1 }
                    }
                }
            }
        }
        let attackTypes = flagged.keys.filter { $0.hasPrefix("malicious/") }
        let benignSkills = flagged.filter { $0.key.hasPrefix("benign/") }.reduce(0) { $0 + $1.value.total }
        #expect(attackTypes.count >= 10)
        #expect(attackTypes.reduce(0) { $0 + flagged[$1]!.total } >= 100)
        #expect(benignSkills >= 100)
        for type in attackTypes.sorted() {
            let (total, caught) = flagged[type]!
            #expect(Double(caught) / Double(total) >= 0.97, "recall of \(type): \(caught) of \(total)")
        }
        let precision = Double(truePositives) / Double(max(1, truePositives + falsePositives))
        #expect(precision >= 0.99, "precision \(precision): \(falsePositives) benign skills flagged")
    }
}
