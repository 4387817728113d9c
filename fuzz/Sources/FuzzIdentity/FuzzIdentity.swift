import SkillStore

/// The names users type in commands and URLs: skill addresses, blob
/// references, rule ids, version labels, skill and namespace names. What
/// parses must print back as text that parses to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIdentity(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let address = try? SkillAddress(parsing: text) {
        precondition((try? SkillAddress(parsing: address.description)) == address, "an address does not read back")
    }
    if let reference = try? BlobReference(parsing: text) {
        precondition((try? BlobReference(parsing: reference.description)) == reference, "a blob reference does not read back")
    }
    if let rule = RuleID.normalized(text) {
        precondition(RuleID.normalized(rule) == rule, "a normalized rule id changes when normalized again")
    }
    if let label = try? VersionLabel.validated(text) {
        precondition(!label.contains("/") && !label.contains("@"), "a label holds a separator")
    }
    _ = SkillName.problem(with: text)
    _ = Namespace.isValid(text)
    return 0
}
