import Foundation
import TestSupport
import Testing

/// `scripts/check-imports` holds every target to the imports that
/// docs/architecture.md allows it, and each C library to the files named
/// there.
struct ImportCheckTests {
    /// The package root: Tests/SkillctlTests/<this file> -> the repository.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = root.appendingPathComponent("scripts/check-imports")

    static func check(doc: URL? = nil) throws -> ProcessOutcome {
        try ProcessRunner.run(script, doc.map { ["--doc", $0.path] } ?? [])
    }

    /// The document with `line` replaced by `replacement`, in a temporary folder.
    static func editedDocument(in folder: TemporaryFolder, replacing line: String, with replacement: String) throws -> URL {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        #expect(text.contains(line), "docs/architecture.md no longer has the line \(line)")
        return try folder.write("architecture.md", text.replacingOccurrences(of: line, with: replacement))
    }

    @Test func theTreeImportsOnlyWhatTheDocumentAllows() throws {
        let outcome = try Self.check()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // The report names the one file that touches libmicrohttpd.
        #expect(outcome.output.contains("CMicroHTTPD: Sources/BlobServer/Transport/HTTPServer.swift"), "\(outcome.output)")
    }

    @Test func aModuleTheDocumentDoesNotAllowIsAViolation() throws {
        let folder = try TemporaryFolder()
        let doc = try Self.editedDocument(
            in: folder, replacing: "| BlobServer | SkillStore, SkillStoreAPI, ", with: "| BlobServer | SkillStore, ")
        let outcome = try Self.check(doc: doc)
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains("Sources/BlobServer/Routes/PublishRoute.swift:3: imports SkillStoreAPI, which target BlobServer may not import"),
            "\(outcome.stderr)")
    }

    @Test func aCModuleImportedOutsideItsNamedFileIsAViolation() throws {
        let folder = try TemporaryFolder()
        let doc = try Self.editedDocument(
            in: folder, replacing: "| CMicroHTTPD | BlobServer: HTTPServer.swift |", with: "| CMicroHTTPD | BlobServer: Router.swift |")
        let outcome = try Self.check(doc: doc)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("HTTPServer.swift:1: imports C module CMicroHTTPD"), "\(outcome.stderr)")
    }

    @Test func aTargetMissingFromTheDocumentIsAViolation() throws {
        let folder = try TemporaryFolder()
        let doc = try Self.editedDocument(in: folder, replacing: "| EmbedText | Foundation |\n", with: "| Ghost | Foundation |\n")
        let outcome = try Self.check(doc: doc)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("target EmbedText is not in"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("lists target Ghost, which does not exist"), "\(outcome.stderr)")
    }
}
