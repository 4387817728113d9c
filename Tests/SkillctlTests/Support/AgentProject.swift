import Foundation
import Testing
import TestSupport

/// Where the `--agent` tests start: a store holding `pdf` (its SKILL.md and
/// an executable script), an empty `project/` to run commands in, and
/// `home/` as HOME, for `--user`.
struct AgentProject {
    let folder: TemporaryFolder
    let skillctl: Skillctl
    /// `project/`, the folder the commands run in.
    var project: URL { folder.url.appendingPathComponent("project") }

    init() throws {
        folder = try TemporaryFolder()
        var skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        skillctl.environment["HOME"] = folder.path("home")
        self.skillctl = skillctl
        try folder.write("src/pdf/SKILL.md", skillMarkdown(name: "pdf", description: "Rotates pages.", body: "# Pages\n\nRotate.\n"))
        try folder.write("src/pdf/scripts/rotate.sh", "#!/bin/sh\necho rotate\n", executable: true)
        let published = try skillctl.run(["publish", folder.path("src/pdf")])
        #expect(published.status == 0, "\(published.stderr)")
        try FileManager.default.createDirectory(atPath: folder.path("project"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("home"), withIntermediateDirectories: true)
    }
}
