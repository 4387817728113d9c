import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// Namespaces: two packs may ship the same skill name; each is addressed
/// `NAMESPACE/NAME`, and a bare name works only while one namespace holds it.
@Suite struct NamespaceTests {
    /// `acme/pdf` and `other/pdf`, each with a word of its own in its body.
    static func twoPDFs() throws -> StoreFixture {
        let fixture = try StoreFixture()
        try fixture.publish([try fixture.skill("pdf", in: "acme/pdf", body: "# Pages\n\nRotate pages with qpdf.\n")], namespace: "acme")
        try fixture.publish([try fixture.skill("pdf", in: "other/pdf", body: "# Invoices\n\nMerge scanned invoices.\n")], namespace: "other")
        return fixture
    }

    @Test func theSameNameInTwoNamespacesIsTwoSkills() throws {
        let fixture = try Self.twoPDFs()
        let skills = try fixture.store.skills()
        #expect(skills.map(\.key.qualified) == ["acme/pdf", "other/pdf"])
        let acme = try fixture.store.version(try SkillAddress(parsing: "acme/pdf"))
        let other = try fixture.store.version(try SkillAddress(parsing: "other/pdf@1.0"))
        #expect(acme.namespace == "acme" && other.namespace == "other")
        #expect(acme.label == "1.0" && other.label == "1.0")
        #expect(acme.id != other.id && acme.manifest != other.manifest)
        #expect(String(decoding: try fixture.store.blob(.id(acme.id)).bytes, as: UTF8.self).contains("qpdf"))
        #expect(String(decoding: try fixture.store.blob(.id(other.id)).bytes, as: UTF8.self).contains("invoices"))
        #expect(try fixture.store.skills(namespace: "acme").map(\.key.qualified) == ["acme/pdf"])
        #expect(try fixture.store.namespaces().map(\.name) == ["acme", "other"])
    }

    @Test func aBareNameHeldByTwoNamespacesIsRefusedWithTheCandidates() throws {
        let fixture = try Self.twoPDFs()
        #expect(throws: AmbiguousSkillName(name: "pdf", candidates: ["acme/pdf", "other/pdf"])) {
            try fixture.store.version(try SkillAddress(parsing: "pdf"))
        }
        #expect(AmbiguousSkillName(name: "pdf", candidates: []).kind.exitCode == 2)
        #expect(AmbiguousSkillName(name: "pdf", candidates: []).kind.httpStatus == 409)
    }

    @Test func aBareNameHeldByOneNamespaceResolvesToIt() throws {
        let fixture = try Self.twoPDFs()
        try fixture.publish([try fixture.skill("forms", in: "acme/forms")], namespace: "acme")
        #expect(try fixture.store.resolve(try SkillAddress(parsing: "forms")) == SkillKey(namespace: "acme", name: "forms"))
        #expect(try fixture.store.version(try SkillAddress(parsing: "forms")).namespace == "acme")
        #expect(throws: SkillStoreError.self) { try fixture.store.resolve(try SkillAddress(parsing: "missing")) }
    }

    @Test func searchNamesEachNamespaceAndFiltersByOne() throws {
        let fixture = try Self.twoPDFs()
        let byName = try fixture.store.search(SearchRequest(query: "pdf", kind: .skill))
        #expect(Set(byName.map(\.address)) == ["acme/pdf", "other/pdf"])
        let invoices = try fixture.store.search(SearchRequest(query: "invoices"))
        #expect(!invoices.isEmpty)
        #expect(invoices.allSatisfy { $0.namespace == "other" && $0.skill == "pdf" && $0.address.hasPrefix("other/pdf") })
        let onlyAcme = try fixture.store.search(SearchRequest(query: "pdf", namespace: "acme"))
        #expect(!onlyAcme.isEmpty)
        #expect(onlyAcme.allSatisfy { $0.namespace == "acme" })
        #expect(try fixture.store.search(SearchRequest(query: "invoices", namespace: "acme")).isEmpty)
    }

    @Test func theDefaultNamespaceKeepsBareNamesInWhatIsShown() throws {
        let fixture = try StoreFixture()
        try fixture.publish([try fixture.skill("oven-spring")])
        try fixture.publish([try fixture.skill("pdf", in: "acme/pdf")], namespace: "acme")
        #expect(SkillKey(namespace: Namespace.defaultName, name: "oven-spring").description == "oven-spring")
        #expect(SkillKey(namespace: "acme", name: "pdf").description == "acme/pdf")
        #expect(try fixture.store.version(try SkillAddress(parsing: "oven-spring")).namespace == "default")
        #expect(try fixture.store.version(try SkillAddress(parsing: "default/oven-spring")).namespace == "default")
        let hits = try fixture.store.search(SearchRequest(query: "oven spring", kind: .skill))
        #expect(hits.first?.address == "oven-spring")
    }

    @Test func addressesAreReadAndCheckedPartByPart() throws {
        let full = try SkillAddress(parsing: "acme/pdf@2.0")
        #expect(full.namespace == "acme" && full.name == "pdf" && full.label == "2.0")
        let bare = try SkillAddress(parsing: "pdf")
        #expect(bare.namespace == nil && bare.label == nil)
        #expect(full.description == "acme/pdf@2.0")
        for text in ["Acme/pdf", "/pdf", "acme--x/pdf", "acme/pdf@", "acme/Pdf", "a/b/c"] {
            #expect(throws: InvalidIdentity.self, "\(text)") { try SkillAddress(parsing: text) }
        }
        #expect(throws: InvalidIdentity.self) { try Namespace.validated(String(repeating: "a", count: 65)) }
        #expect(try Namespace.validated("acme-2") == "acme-2")
    }

    // MARK: The pack's settings file

    @Test func aPackFileAboveTheSkillNamesItsNamespace() throws {
        let fixture = try StoreFixture()
        try fixture.write("pack/.skillstore.yaml", "namespace: acme\n")
        try fixture.skill("pdf", in: "pack/skills/pdf")
        let sources = try SkillSource.discover([fixture.temporary.path("pack")])
        #expect(sources.map(\.namespace) == ["acme"])
        // --namespace wins over the file.
        #expect(try SkillSource.discover([fixture.temporary.path("pack")], namespace: "other").map(\.namespace) == ["other"])
        let report = try fixture.publish([fixture.temporary.path("pack")])
        #expect(report.results.map(\.key.qualified) == ["acme/pdf"])
        // The settings file is not part of any bundle.
        #expect(try fixture.store.version(of: SkillKey(namespace: "acme", name: "pdf")).files.map(\.path) == ["SKILL.md"])
    }

    @Test func aPackFileNamespaceThatYAMLReadsAsANumberIsTakenAsWritten() throws {
        let fixture = try StoreFixture()
        try fixture.write("pack/.skillstore.yaml", "namespace: 2024\n")
        try fixture.skill("pdf", in: "pack/pdf")
        #expect(try SkillSource.discover([fixture.temporary.path("pack")]).map(\.namespace) == ["2024"])
        // A number that is no namespace is still refused as one.
        try fixture.write("other/.skillstore.yaml", "namespace: 1.5\n")
        try fixture.skill("pdf", in: "other/pdf")
        #expect(throws: InputRefused.self) { try SkillSource.discover([fixture.temporary.path("other")]) }
    }

    /// Outside a checkout the search stops at the folder the publish was
    /// given: a file in a folder above a downloaded pack (`/tmp`, anyone's)
    /// neither names the namespace nor blocks the publish.
    @Test func outsideACheckoutAPackFileAboveTheGivenFolderDoesNotApply() throws {
        let fixture = try StoreFixture()
        try fixture.write(".skillstore.yaml", "namespace: evil\n")
        try fixture.write("downloads/.skillstore.yaml", "namspace: broken\n")
        try fixture.skill("pdf", in: "downloads/pack/pdf")
        #expect(try SkillSource.discover([fixture.temporary.path("downloads/pack")]).map(\.namespace) == ["default"])
        try fixture.write("downloads/pack/.skillstore.yaml", "namespace: acme\n")
        #expect(try SkillSource.discover([fixture.temporary.path("downloads/pack/pdf")]).map(\.namespace) == ["default"])
        #expect(try SkillSource.discover([fixture.temporary.path("downloads/pack")]).map(\.namespace) == ["acme"])
    }

    /// Inside a checkout, a subfolder published alone still finds the file
    /// at the checkout's root.
    @Test func insideACheckoutThePackFileAtItsRootApplies() throws {
        let fixture = try StoreFixture()
        try FileManager.default.createDirectory(atPath: fixture.temporary.path("repo/.git"), withIntermediateDirectories: true)
        try fixture.write("repo/.skillstore.yaml", "namespace: acme\n")
        try fixture.skill("pdf", in: "repo/skills/pdf")
        #expect(try SkillSource.discover([fixture.temporary.path("repo/skills/pdf")]).map(\.namespace) == ["acme"])
    }

    @Test func aPackFileOutsideTheGitCheckoutDoesNotApply() throws {
        let fixture = try StoreFixture()
        try fixture.write("outer/.skillstore.yaml", "namespace: outer\n")
        try FileManager.default.createDirectory(
            atPath: fixture.temporary.path("outer/repo/.git"), withIntermediateDirectories: true)
        try fixture.skill("pdf", in: "outer/repo/pdf")
        #expect(try SkillSource.discover([fixture.temporary.path("outer/repo/pdf")]).map(\.namespace) == ["default"])
    }

    @Test(arguments: [
        ("namspace: acme\n", 1, "unknown setting 'namspace'"),
        ("namespace: Acme Corp\n", 1, "not a namespace"),
        ("# settings\nnamespace: [acme]\n", 2, "must be a string"),
        ("namespace: true\n", 1, "must be a string"),
    ])
    func aPackFileThatIsWrongIsRefusedWhereItIsWrong(text: String, line: Int, message: String) throws {
        let fixture = try StoreFixture()
        let file = try fixture.write("pack/.skillstore.yaml", text)
        try fixture.skill("pdf", in: "pack/pdf")
        do {
            _ = try SkillSource.discover([fixture.temporary.path("pack")])
            Issue.record("a wrong settings file was accepted")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.code == "pack-settings-invalid")
            #expect(diagnostic.path == file)
            #expect(diagnostic.location?.line == line)
            #expect(diagnostic.location?.column ?? 0 > 0)
            #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
        }
    }

    // MARK: Tokens

    @Test func aTokenWritesOnlyInTheNamespacesItsGlobMatches() throws {
        let fixture = try StoreFixture()
        let acme = try fixture.store.createToken(name: "acme-ci", namespace: "acme").token
        #expect(acme.allows(SkillKey(namespace: "acme", name: "pdf")))
        #expect(!acme.allows(SkillKey(namespace: "other", name: "pdf")))
        #expect(!acme.allows(SkillKey(namespace: "default", name: "pdf")))
        let plain = try fixture.store.createToken(name: "plain").token
        #expect(plain.namespace == "default")
        #expect(plain.allows(SkillKey("pdf")) && !plain.allows(SkillKey(namespace: "acme", name: "pdf")))
        let family = try fixture.store.createToken(name: "family", scope: "pdf*", namespace: "acme-*").token
        #expect(family.allows(SkillKey(namespace: "acme-eu", name: "pdf-tools")))
        #expect(!family.allows(SkillKey(namespace: "acme-eu", name: "forms")))
        #expect(!family.allows(SkillKey(namespace: "acme", name: "pdf")))
        #expect(throws: UsageProblem.self) { try fixture.store.createToken(name: "bad", namespace: "Acme") }
    }

    @Test func aPublishOutsideTheTokensNamespaceIsRefusedWhole() throws {
        let fixture = try StoreFixture()
        let token = try fixture.store.createToken(name: "acme-ci", namespace: "acme").token
        var options = PublishOptions()
        options.allowsSkill = { token.allows($0) }
        options.scopeDescription = token.reach
        let sources = try SkillSource.discover([try fixture.skill("pdf", in: "pack/pdf")], namespace: "other")
        #expect(throws: InputRefused.self) { try fixture.store.publish(sources, options: options) }
        #expect(try fixture.store.skills().isEmpty)
        let allowed = try SkillSource.discover([fixture.temporary.path("pack/pdf")], namespace: "acme")
        #expect(try fixture.store.publish(allowed, options: options).results.map(\.key.qualified) == ["acme/pdf"])
    }
}
