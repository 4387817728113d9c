import Foundation
@testable import SkillStore

/// A bundle as anyone may publish it, fed to the safety scanner: the input
/// is split at each 0x01 byte into files, named in turn as a SKILL.md,
/// scripts in several languages and a reference, so that the rules for
/// prose, code blocks, scripts and the description all meet it; the whole
/// input is also scanned as a lone SKILL.md. The scanner must never crash,
/// and its findings must stay within the bounds docs/scan.md promises.
/// Run with `-timeout=1`: a file that takes a second is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSkillScanner(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let names = ["SKILL.md", "scripts/setup.sh", "scripts/tool.py", "references/notes.md", "run.ps1", "index.mjs"]
    let parts = bytes.split(separator: 0x01, omittingEmptySubsequences: false)
    let files = parts.prefix(names.count).enumerated().map { (path: names[$0.offset], bytes: Array($0.element)) }
    for findings in [SkillScanner().scan(files), SkillScanner().scan([(path: "SKILL.md", bytes: bytes)])] {
        let perFile = Dictionary(grouping: findings, by: \.file)
        for (file, found) in perFile {
            // At most the per-file cap, plus the findings about the skill
            // as a whole that name this file (description, allowed-tools).
            precondition(found.count <= SkillScanner.maxFindingsPerFile + 8, "\(found.count) findings in \(file)")
        }
        for finding in findings {
            precondition(finding.line >= 1 && finding.column >= 1, "finding at \(finding.line):\(finding.column)")
            // Cut to 160 characters before invisible ones are escaped (each
            // to at most 10 bytes): bounded by the line it came from.
            precondition(
                finding.evidence.utf8.count <= ScannedFile.maxLineBytes * 10 + 8,
                "evidence of \(finding.evidence.utf8.count) bytes")
            precondition(names.contains(finding.file), "finding in unknown file \(finding.file)")
        }
    }
    return 0
}
