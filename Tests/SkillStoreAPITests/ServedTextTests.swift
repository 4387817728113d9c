import Foundation
@testable import SkillStore
import SkillStoreAPI
import Testing
import TestSupport

@Suite struct ServedTextTests {
    static func version(_ name: String, _ label: String, id: String, namespace: String = Namespace.defaultName) -> SkillVersion {
        SkillVersion(
            namespace: namespace, name: name, label: label, sequence: 1, id: BlobID(hex: id)!, digest: "", manifest: BlobID(bits: 0), description: "",
            publishedAt: "", publishedBy: "", files: [])
    }

    @Test func aSkillOutsideTheDefaultNamespaceIsNamedWithIt() {
        let bytes = ServedText.bytes(
            of: Self.version("oven-spring", "1.0", id: "0123456789abcdef", namespace: "acme"), skillFile: Array("body\n".utf8))
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("acme/oven-spring 1.0\n\nImmutable."))
    }

    @Test func theHeaderNamesTheVersionAndItsBlobURL() {
        let bytes = ServedText.bytes(of: Self.version("oven-spring", "1.0", id: "0123456789abcdef"), skillFile: Array("body\n".utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == """
            oven-spring 1.0

            Immutable. This exact content never changes and is served at /api/v1/blob/0123456789abcdef.

            body

            """)
    }

    /// The seeds hold what the original server answered, byte for byte.
    @Test(.enabled(if: Seeds.available, Seeds.skipReason), arguments: [
        ("duo-ergonomics", "git:20261019.5ff724cA", "9d4359094e2074e6"),
        ("duo-navigation", "git:20261018.dfcd3c5A", "84e1c7e0ee82cb1e"),
    ])
    func theSeedsServedTextIsReproduced(name: String, label: String, id: String) throws {
        let skillFile = try Data(contentsOf: Seeds.url("\(name)/SKILL.md"))
        let served = try Data(contentsOf: Seeds.url("served/\(name).txt"))
        #expect(Data(ServedText.bytes(of: Self.version(name, label, id: id), skillFile: Array(skillFile))) == served)
    }
}
