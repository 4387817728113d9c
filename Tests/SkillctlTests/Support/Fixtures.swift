import Foundation

/// A temporary folder, removed when the value is released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("skillctl-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `contents` at `path` (relative), creating folders on the way.
    @discardableResult
    func write(_ path: String, _ contents: String, executable: Bool = false) throws -> URL {
        try write(path, Data(contents.utf8), executable: executable)
    }

    @discardableResult
    func write(_ path: String, _ contents: Data, executable: Bool = false) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        if executable {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        return file
    }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }
}

/// A valid SKILL.md for `name`, with optional extra front-matter lines and body.
func skillMarkdown(name: String, description: String = "Does one small thing well, for tests.",
                   extraFrontMatter: String = "version: \"1.0\"", body: String = "# Title\n\nSome text.\n") -> String {
    "---\nname: \(name)\ndescription: \(description)\n\(extraFrontMatter)\n---\n\n\(body)"
}

/// The seed skill pack shipped beside the repository, when present.
enum Seeds {
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/seeds")

    static var available: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.md").path) }

    /// Why seed tests are skipped, printed where they are.
    static let skipReason = "../shared/seeds is absent (a fresh clone has no ../shared); seed tests skipped"

    static func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }
}
