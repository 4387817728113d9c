import Foundation
import SkillStore
import SkillStoreAPI

/// What the read commands ask of a store, local or remote: the same
/// questions with the same answers, so that `--server URL` prints exactly
/// what a local run prints.
protocol SkillCatalog {
    /// The version an address names; an unqualified name resolves to the
    /// one namespace that holds it (`AmbiguousSkillName` when several do).
    func version(_ address: SkillAddress) throws -> SkillVersion
    func versions(of address: SkillAddress) throws -> [SkillVersion]
    /// Every skill, or those of one namespace.
    func skills(namespace: String?) throws -> [SkillSummary]
    /// The bytes of a blob, verified against its id.
    func blob(_ reference: BlobReference) throws -> Blob
    func search(_ request: SearchRequest) throws -> [SearchHit]
    /// A search by skill (`request.bySkill`), as the API answers it.
    func searchSkills(_ request: SearchRequest) throws -> [SkillSearchEntry]
    func ruleEntries(of version: SkillVersion) throws -> [RuleEntry]
    func linkReport(of version: SkillVersion) throws -> LinkReport
    func claimEntries(of version: SkillVersion, filter: ClaimFilter) throws -> [ClaimEntry]
    func provenance(of version: SkillVersion, rule: String?) throws -> ProvenanceReport
    func check(_ version: SkillVersion, strict: Bool) throws -> [Diagnostic]
    /// Versions whose SKILL.md or manifest is the blob `id`, newest first.
    func versions(containingBlob id: BlobID) throws -> [SkillVersion]
    /// Claim-level changes between two versions of a skill.
    func changes(of address: SkillAddress, from: String, to: String) throws -> [GraphChange]
    /// Yanks the version `address` names (it must have a label), or undoes
    /// the yank when `reason` is nil; the version as it now is. `yanker` is
    /// recorded by a local store; a server records its token's name.
    func yank(_ address: SkillAddress, reason: String?, by yanker: String) throws -> SkillVersion
}

extension SkillCatalog {
    /// The version a `[NAMESPACE/]NAME[@LABEL]` argument names.
    func version(_ reference: SkillReference) throws -> SkillVersion {
        try version(reference.address)
    }
}

extension SkillStore: SkillCatalog {
    func searchSkills(_ request: SearchRequest) throws -> [SkillSearchEntry] {
        try SkillSearchEntry.search(request, in: self)
    }

    func check(_ version: SkillVersion, strict: Bool) throws -> [Diagnostic] {
        try SkillChecker(store: self, strict: strict).check(version)
    }

    func versions(of address: SkillAddress) throws -> [SkillVersion] {
        try versions(of: try resolve(address))
    }

    func changes(of address: SkillAddress, from: String, to: String) throws -> [GraphChange] {
        try changes(of: try resolve(address), from: from, to: to)
    }

    func yank(_ address: SkillAddress, reason: String?, by yanker: String) throws -> SkillVersion {
        let skill = try resolve(address)
        guard let label = address.label else { preconditionFailure("yank is given a label") }
        guard let reason else { return try unyank(skill, label: label) }
        return try yank(skill, label: label, reason: reason, by: yanker)
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
