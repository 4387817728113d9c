import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// The seed pack beside the repository (`../shared/seeds`) holds real SKILL.md
/// files; SkillDocument must read them. A fresh clone has no `../shared`, so
/// these tests are skipped there, saying why.
@Suite("Seed SKILL.md files")
struct SeedSkillTests {
    /// Each seed with the start of its description and its blob id from the
    /// seed README.
    static let seeds: [(name: String, descriptionStart: String, id: String)] = [
        ("duo-ergonomics", "Puts controls where hands can reach them on iPhone Duo", "9d4359094e2074e6"),
        ("duo-navigation", "Gets toolbars, navigation bars, tab bars, split views and sheets right", "84e1c7e0ee82cb1e"),
        ("duo-postures", "Designs iPhone Duo screens for every pose Apple shows", "3d2168c5980cac45"),
    ]

    @Test("each seed parses, named after its folder, with its description and metadata",
          .enabled(if: Seeds.available, Seeds.skipReason), arguments: seeds)
    func seedParses(seed: (name: String, descriptionStart: String, id: String)) throws {
        let url = Seeds.url("\(seed.name)/SKILL.md")
        let bytes = try [UInt8](Data(contentsOf: url))
        let document = try SkillDocument.parse(bytes, path: "\(seed.name)/SKILL.md", folderName: seed.name)

        #expect(document.name == seed.name)
        #expect(document.description.hasPrefix(seed.descriptionStart))
        #expect(document.description.count <= 1024)
        #expect(document.frontMatter["metadata"]?["verified"]?.scalarText?.isEmpty == false)
        #expect(document.frontMatter["metadata"]?["sources"]?.scalarText?.hasPrefix("https://") == true)
        #expect(document.declaredVersion == nil)
        // Front-matter fills lines 1-7; the body's first heading is line 9.
        #expect(document.bodyFirstLine == 8)
        #expect(document.body.children.first?.kind == .heading(level: 1))
        #expect(document.body.children.first?.start?.line == 9)
    }

    @Test("each seed's blob id is the one the original server used",
          .enabled(if: Seeds.available, Seeds.skipReason), arguments: seeds)
    func seedBlobID(seed: (name: String, descriptionStart: String, id: String)) throws {
        let url = Seeds.url("\(seed.name)/SKILL.md")
        #expect(BlobDigest(of: try [UInt8](Data(contentsOf: url))).id.hex == seed.id)
    }
}
