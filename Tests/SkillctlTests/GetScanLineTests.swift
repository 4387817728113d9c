import Foundation
import Testing
import TestSupport

@testable import SkillStore
@testable import skillctl

/// `get`'s `scan:` line on standard error speaks only when there is
/// something to say: findings of any severity, no verdict, or a verdict
/// from another scanner version. `--json` always carries the verdict.
@Suite struct GetScanLineTests {
    let folder: TemporaryFolder
    let skillctl: Skillctl

    /// `plain-notes` (nothing found) and `path-setup`, whose script adds a
    /// folder to PATH in ~/.bashrc: persistence without an implant, medium.
    init() throws { try self.init(publishing: []) }

    init(publishing extra: [String]) throws {
        folder = try TemporaryFolder()
        skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        try folder.write("src/plain-notes/SKILL.md", skillMarkdown(name: "plain-notes", body: "# Plain notes\n\nWrite them down.\n"))
        try folder.write("src/path-setup/SKILL.md", skillMarkdown(name: "path-setup", body: "# Path setup\n\nRun scripts/setup.sh.\n"))
        try folder.write("src/path-setup/scripts/setup.sh", "#!/bin/sh\necho 'export PATH=$PATH:/opt/tool/bin' >> ~/.bashrc\n")
        let published = try skillctl.run(["publish", folder.path("src")] + extra)
        #expect(published.status == 0, "\(published.stderr)")
    }

    @Test func aCleanVerdictFromThisScannerPrintsNoScanLine() throws {
        let got = try skillctl.run(["get", "plain-notes"])
        #expect(got.status == 0)
        #expect(got.output.hasPrefix("plain-notes 1.0\n"))
        #expect(got.stderr.isEmpty, "\(got.stderr)")
        // --json still carries the verdict.
        let json = try #require(try JSONSerialization.jsonObject(with: skillctl.run(["get", "plain-notes", "--json"]).stdout) as? [String: Any])
        let scan = try #require(json["scan"] as? [String: Any])
        #expect(scan["highest"] as? String == "none")
        #expect(scan["scanner_version"] as? String == SkillScanner.version)
    }

    @Test func aFindingBelowHighKeepsTheLine() throws {
        let got = try skillctl.run(["get", "path-setup"])
        #expect(got.status == 0)
        #expect(got.stderr == "scan: medium (scanner \(SkillScanner.version)): persistence at scripts/setup.sh:2\n", "\(got.stderr)")
    }

    @Test func noVerdictSaysSo() throws {
        let unjudged = try GetScanLineTests(publishing: ["--no-scan"])
        #expect(try unjudged.skillctl.run(["get", "plain-notes"]).stderr == "scan: not judged yet\n")
    }

    @Test func aVerdictFromAnotherScannerIsCalledStaleLocallyOnly() throws {
        let store = try SkillStore(path: skillctl.database.path, create: false)
        let bundle = try store.version(of: SkillKey(namespace: "default", name: "plain-notes")).manifest
        try store.record(ScanVerdict(bundle: bundle, findings: [], scannerVersion: "0"), at: "2026-01-01T00:00:00Z")
        let got = try skillctl.run(["get", "plain-notes"])
        #expect(got.stderr == "scan: no findings (scanner 0); stale, the current scanner is \(SkillScanner.version)\n", "\(got.stderr)")
        // A server may run that other scanner: its clean verdict is not
        // called stale, and says nothing.
        let server = try ServeProcess(database: skillctl.database, arguments: ["--access-log", "off"])
        var remote = skillctl
        remote.environment["SKILLSTORE_SERVER"] = server.url
        let fromServer = try remote.run(["get", "plain-notes"])
        #expect(fromServer.status == 0)
        #expect(fromServer.stderr.isEmpty, "\(fromServer.stderr)")
        #expect(server.stop() == 0)
    }

    /// Findings from a server's scanner name this skillctl's beside it.
    @Test func findingsFromAnotherScannerOnAServerNameThisOne() throws {
        let summary = ScanSummary(scannerVersion: "0", highest: .medium, findingCount: 1, top: [])
        let local = try #require(GetCommand.scanLine(summary, fromServer: false))
        let remote = try #require(GetCommand.scanLine(summary, fromServer: true))
        #expect(local.hasSuffix("; stale, the current scanner is \(SkillScanner.version)"))
        #expect(remote.hasSuffix("; this skillctl's scanner is \(SkillScanner.version)"))
        #expect(GetCommand.scanLine(ScanSummary(scannerVersion: "0", highest: nil, findingCount: 0, top: []), fromServer: true) == nil)
        // This scanner's findings from a server carry no note.
        let same = ScanSummary(scannerVersion: SkillScanner.version, highest: .medium, findingCount: 1, top: [])
        #expect(GetCommand.scanLine(same, fromServer: true) == "scan: " + same.line)
    }
}
