import Foundation
import Testing
import TestSupport

/// `skillctl --version` names the release and the commit the binary was
/// built from, as git saw it at build time.
@Suite struct VersionOptionTests {
    /// What `git rev-parse --short HEAD` says of this checkout, or "unknown"
    /// outside git, as the build plugin does.
    static var checkoutCommit: String {
        let checkout = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        guard let output = try? runTool("git", ["-C", checkout.path, "rev-parse", "--short", "HEAD"]) else { return "unknown" }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func run(_ arguments: [String]) throws -> Skillctl.Result {
        let folder = try TemporaryFolder()
        return try Skillctl(database: folder.url.appendingPathComponent("unused.db")).run(arguments)
    }

    @Test func versionPrintsTheReleaseAndTheBuildsCommit() throws {
        let result = try Self.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let line = try #require(
            result.output.wholeMatch(of: /skillctl ([0-9]+\.[0-9]+\.[0-9]+) \(commit ([0-9a-f]{4,40}|unknown)\)\n/),
            "\(result.output)")
        #expect(String(line.output.2) == Self.checkoutCommit)
    }

    @Test func versionAsJSON() throws {
        let result = try Self.run(["--version", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: String])
        #expect(object["commit"] == Self.checkoutCommit)
        #expect(object["version"]?.isEmpty == false)
    }

    @Test func versionBelongsToNoCommand() throws {
        // publish keeps its own --version LABEL; another command has none.
        let result = try Self.run(["ls", "--version"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown option --version"), "\(result.stderr)")
        #expect(result.stderr.contains("'skillctl --version', without a command"), "\(result.stderr)")
        let before = try Self.run(["--version", "ls"])
        #expect(before.status == 2, "\(before.stderr)")
    }

    @Test func theOverviewShowsVersion() throws {
        let result = try Self.run(["--help"])
        #expect(result.output.contains("skillctl --version [--json]"), "\(result.output)")
    }
}
