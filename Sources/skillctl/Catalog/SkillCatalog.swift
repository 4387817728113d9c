import Foundation
import SkillStore

/// What the read commands ask of a store, local or remote: the same
/// questions with the same answers, so that `--server URL` prints exactly
/// what a local run prints.
protocol SkillCatalog {
    func version(of name: String, label: String?) throws -> SkillVersion
    func versions(of name: String) throws -> [SkillVersion]
    func skills() throws -> [SkillSummary]
    /// The bytes of a blob, verified against its id.
    func blob(_ reference: BlobReference) throws -> Blob
    func search(_ request: SearchRequest) throws -> [SearchHit]
    func ruleEntries(of version: SkillVersion) throws -> [RuleEntry]
    func linkReport(of version: SkillVersion) throws -> LinkReport
    func claimEntries(of version: SkillVersion, filter: ClaimFilter) throws -> [ClaimEntry]
    func provenance(of version: SkillVersion, rule: String?) throws -> ProvenanceReport
    func check(_ version: SkillVersion, strict: Bool) throws -> [Diagnostic]
    /// Versions whose SKILL.md or manifest is the blob `id`, newest first.
    func versions(containingBlob id: BlobID) throws -> [SkillVersion]
    /// Claim-level changes between two versions of a skill.
    func changes(of name: String, from: String, to: String) throws -> [GraphChange]
}

extension SkillCatalog {
    /// The version a `NAME[@LABEL]` argument names.
    func version(_ reference: SkillReference) throws -> SkillVersion {
        try version(of: reference.name, label: reference.label)
    }
}

extension SkillStore: SkillCatalog {
    func check(_ version: SkillVersion, strict: Bool) throws -> [Diagnostic] {
        try SkillChecker(store: self, strict: strict).check(version)
    }
}

extension Context {
    /// `--server`, else `SKILLSTORE_SERVER`: the server the commands talk to instead of a database.
    var serverURL: String? {
        if let url = arguments.value(GlobalOptions.server), !url.isEmpty { return url }
        if let url = environment["SKILLSTORE_SERVER"], !url.isEmpty { return url }
        return nil
    }

    /// `--token`, else `SKILLSTORE_TOKEN`.
    var token: String? {
        if let token = arguments.value(GlobalOptions.token), !token.isEmpty { return token }
        if let token = environment["SKILLSTORE_TOKEN"], !token.isEmpty { return token }
        return nil
    }

    /// `SKILLSTORE_MAX_ANSWER_MB`: the largest answer read from a server.
    func maxAnswerBytes() throws -> Int {
        guard let text = environment["SKILLSTORE_MAX_ANSWER_MB"], !text.isEmpty else {
            return RemoteCatalog.defaultMaxAnswerBytes
        }
        let most = 1 << 20  // a terabyte: more than any answer, and no overflow in bytes
        guard let megabytes = Int(text), (1...most).contains(megabytes) else {
            throw UsageProblem("SKILLSTORE_MAX_ANSWER_MB takes a whole number of megabytes from 1 to \(most), not '\(text)'")
        }
        return megabytes << 20
    }

    /// The server when one is named, else the local database (which must exist).
    func catalog() throws -> any SkillCatalog {
        if let serverURL { return try RemoteCatalog(serverURL, token: token, maxAnswerBytes: try maxAnswerBytes()) }
        return try openForReading()
    }
}
