import Testing
@testable import SkillStore

/// A blob is named by the SHA-256 of its bytes; its public id is the first 16
/// hex characters of that digest.
@Suite("BlobDigest")
struct BlobDigestTests {
    @Test("the SHA-256 of the empty string is the FIPS 180-2 vector")
    func emptyVector() {
        let digest = BlobDigest(of: [UInt8]())
        #expect(digest.hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest.id.hex == "e3b0c44298fc1c14")
        #expect(digest.description == "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("the SHA-256 of \"abc\" is the FIPS 180-2 vector")
    func abcVector() {
        let digest = BlobDigest(of: Array("abc".utf8))
        #expect(digest.hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(digest.id.hex == "ba7816bf8f01cfea")
    }

    @Test("the two-block FIPS vector, to cover input longer than one block")
    func twoBlockVector() {
        let digest = BlobDigest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        #expect(digest.hex == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("the digest is 64 lowercase hex characters and the id is its 16-character prefix")
    func shape() {
        let digest = BlobDigest(of: Array("some bytes\n".utf8))
        #expect(digest.hex.utf8.count == 64)
        #expect(digest.hex.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        #expect(digest.id.hex.utf8.count == 16)
        #expect(digest.hex.hasPrefix(digest.id.hex))
    }

    @Test("one byte changes the digest")
    func sensitivity() {
        #expect(BlobDigest(of: Array("abc".utf8)) != BlobDigest(of: Array("abd".utf8)))
        #expect(BlobDigest(of: Array("abc".utf8)) == BlobDigest(of: Array("abc".utf8)))
    }

    @Test("init(hex:) accepts 64 hex digits of either case and stores them lowercase")
    func fromHex() {
        let upper = "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"
        #expect(BlobDigest(hex: upper)?.hex == upper.lowercased())
        #expect(BlobDigest(hex: upper) == BlobDigest(of: Array("abc".utf8)))
        #expect(BlobDigest(hex: String(upper.dropLast())) == nil)
        #expect(BlobDigest(hex: upper + "0") == nil)
        #expect(BlobDigest(hex: String(upper.dropLast()) + "g") == nil)
        #expect(BlobDigest(hex: "sha256:" + upper) == nil)
    }
}

/// What a user may type to name a blob.
@Suite("BlobReference")
struct BlobReferenceTests {
    static let hex64 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    static let abc = BlobDigest(of: Array("abc".utf8))
    static let abcID = BlobID(bits: 0xba78_16bf_8f01_cfea)

    /// The reference `text` names, or nil when it is refused.
    private func parsed(_ text: String) -> BlobReference? { try? BlobReference(parsing: text) }

    @Test("16 hex digits name a blob by id")
    func id() {
        #expect(parsed("ba7816bf8f01cfea") == .id(Self.abcID))
    }

    @Test("64 hex digits, bare or after 'sha256:', name a blob by digest")
    func digest() {
        #expect(parsed(Self.hex64) == .digest(Self.abc))
        #expect(parsed("sha256:" + Self.hex64) == .digest(Self.abc))
    }

    @Test("uppercase hex is normalised to lowercase")
    func uppercase() {
        #expect(parsed("BA7816BF8F01CFEA") == .id(Self.abcID))
        #expect(parsed(Self.hex64.uppercased()) == .digest(Self.abc))
        #expect(parsed("sha256:" + Self.hex64.uppercased()) == .digest(Self.abc))
        #expect(parsed("SHA256:" + Self.hex64) == .digest(Self.abc))
    }

    @Test("anything else is refused", arguments: [
        "", "ba7816bf8f01cfe", "ba7816bf8f01cfea4", "ba7816bf8f01cfeg", "ba7816bf-8f01cfea",
        "sha256:ba7816bf8f01cfea", "sha256:", "sha256:" + String(hex64.dropLast()),
        String(hex64.dropLast()), hex64 + "0", " ba7816bf8f01cfea", "ba7816bf8f01cfea ",
    ])
    func refused(text: String) {
        let error = #expect(throws: InvalidIdentity.self) { try BlobReference(parsing: text) }
        #expect(error?.description == "'\(text)' is not a blob id: use 16 hex characters, 64 hex, or sha256:<64 hex>")
    }

    @Test("an id is its 64 bits, written back as the same 16 lowercase hex")
    func idRoundTrip() throws {
        let id = try #require(BlobID(hex: "00ff7816BF8F01CF"))
        #expect(id.bits == 0x00ff_7816_bf8f_01cf)
        #expect(id.hex == "00ff7816bf8f01cf")
        #expect(BlobID(hex: id.hex) == id)
        #expect(BlobID(hex: "00ff7816bf8f01c") == nil)
        #expect(BlobID(hex: "00ff7816bf8f01cg") == nil)
    }

    @Test("a full digest names only its own blob; an id, any blob with that id")
    func names() {
        #expect(BlobReference.id(Self.abcID).names(Self.abc))
        #expect(BlobReference.digest(Self.abc).names(Self.abc))
        #expect(!BlobReference.digest(BlobDigest(of: Array("abd".utf8))).names(Self.abc))
        #expect(BlobReference.digest(Self.abc).id == Self.abcID)
    }
}
