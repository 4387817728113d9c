import Testing
@testable import SkillStore

/// A bundle manifest lists a version's files; its canonical JSON is hashed
/// into the manifest's id, so the same files must always give the same bytes.
@Suite("BundleManifest")
struct BundleManifestTests {
    private static func entry(_ path: String, size: Int = 1, executable: Bool = false) -> BundleManifest.Entry {
        let digest = BlobDigest(of: Array(path.utf8))
        return BundleManifest.Entry(path: path, size: size, executable: executable, id: digest.id, sha256: digest.hex)
    }

    private static func text(_ manifest: BundleManifest) -> String {
        String(decoding: manifest.canonicalJSON(), as: UTF8.self)
    }

    @Test("canonical JSON: sorted keys, no spaces, format last")
    func canonicalForm() {
        let manifest = BundleManifest(files: [
            BundleManifest.Entry(
                path: "scripts/run.sh", size: 120, executable: true, id: BlobID(bits: 0x0123_4567_89ab_cdef),
                sha256: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"),
        ])
        #expect(Self.text(manifest) == """
            {"files":[{"executable":true,"id":"0123456789abcdef","path":"scripts/run.sh",\
            "sha256":"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef","size":120}],\
            "format":"skillstore.bundle.v1"}
            """)
    }

    @Test("an empty manifest is still a manifest")
    func empty() {
        #expect(Self.text(BundleManifest(files: [])) == #"{"files":[],"format":"skillstore.bundle.v1"}"#)
    }

    @Test("files are sorted by the bytes of their paths: uppercase before lowercase, '-' before '/', ASCII before é")
    func pathByteOrder() {
        let paths = ["é.md", "b.md", "a/b.md", "SKILL.md", "a-b.md", "a.md", "Z.md"]
        let manifest = BundleManifest(files: paths.map { Self.entry($0) })
        #expect(manifest.files.map(\.path) == ["SKILL.md", "Z.md", "a-b.md", "a.md", "a/b.md", "b.md", "é.md"])
    }

    @Test("the same files in any order give the same bytes")
    func orderIndependent() {
        let files = ["SKILL.md", "scripts/a.sh", "references/x.md", "assets/logo.png"].map { Self.entry($0) }
        let first = BundleManifest(files: files).canonicalJSON()
        #expect(BundleManifest(files: files.reversed()).canonicalJSON() == first)
        #expect(BundleManifest(files: files.shuffled()).canonicalJSON() == first)
        #expect(BundleManifest(files: files).canonicalJSON() == first)
    }

    @Test("the bytes are stable across runs: a pinned manifest hashes to a pinned id")
    func stableAcrossRuns() {
        let manifest = BundleManifest(files: [
            BundleManifest.Entry(path: "SKILL.md", size: 3, executable: false, id: BlobID(bits: 0xba78_16bf_8f01_cfea),
                                 sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ])
        let expected = #"{"files":[{"executable":false,"id":"ba7816bf8f01cfea","path":"SKILL.md","#
            + #""sha256":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad","size":3}],"#
            + #""format":"skillstore.bundle.v1"}"#
        #expect(Self.text(manifest) == expected)
        #expect(BlobDigest(of: manifest.canonicalJSON()) == BlobDigest(of: Array(expected.utf8)))
    }

    @Test("paths are escaped as JSON strings; slashes and non-ASCII are written as they are")
    func escaping() {
        let manifest = BundleManifest(files: [Self.entry("dir/quote\"back\\slash\ttab é.md")])
        #expect(Self.text(manifest).contains(#""path":"dir/quote\"back\\slash\ttab é.md""#))
    }

    @Test("decode reads canonical JSON back to an equal manifest, which re-encodes to the same bytes")
    func roundTrip() throws {
        let manifest = BundleManifest(files: [
            Self.entry("SKILL.md", size: 25_909), Self.entry("scripts/run.sh", size: 7, executable: true),
            Self.entry("dir/quote\"back\\slash é.md"),
        ])
        let bytes = manifest.canonicalJSON()
        let decoded = try #require(BundleManifest.decode(bytes))
        #expect(decoded == manifest)
        #expect(decoded.format == BundleManifest.currentFormat)
        #expect(decoded.canonicalJSON() == bytes)
    }

    @Test("decode refuses what is not a manifest", arguments: [
        "", "null", "{}", "[]", #"{"files":[]}"#, #"{"format":"skillstore.bundle.v1"}"#,
        #"{"files":[{"path":"a"}],"format":"skillstore.bundle.v1"}"#, "not json",
    ])
    func decodeRefuses(text: String) {
        #expect(BundleManifest.decode(Array(text.utf8)) == nil)
    }
}
