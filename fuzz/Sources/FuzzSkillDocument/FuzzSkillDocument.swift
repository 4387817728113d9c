@testable import SkillStore

/// A SKILL.md as anyone may publish it: every stage of reading one, each on
/// the whole input, so that a stage is fuzzed even when an earlier one
/// would refuse the file. Refusals are answers; only a crash, a hang or a
/// leak is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSkillDocument(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    _ = try? SkillDocument.splitFrontMatter(text, path: "SKILL.md")
    _ = try? YAMLReader().parse(text)
    _ = try? MarkdownParser().parse(text, firstLine: 1)
    if let document = try? SkillDocument.parse(bytes, path: "SKILL.md") {
        _ = document.declaredVersion
    }
    return 0
}
