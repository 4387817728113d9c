import Foundation
@testable import SkillStore

/// A temporary folder holding a fresh store and skills to publish into it.
final class StoreFixture {
    let folder: URL
    let store: SkillStore

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("skillstore-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try SkillStore(path: folder.appendingPathComponent("store.db").path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var databasePath: String { folder.appendingPathComponent("store.db").path }

    /// Writes a file below the fixture folder and returns its path.
    @discardableResult
    func write(_ path: String, _ contents: String, mode: Int? = nil) throws -> String {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
        if let mode { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path) }
        return url.path
    }

    /// Writes `<name>/SKILL.md` and returns the folder's path.
    @discardableResult
    func skill(_ name: String, version: String? = "1.0", body: String = "# Title\n\nText.\n") throws -> String {
        let versionLine = version.map { "version: \"\($0)\"\n" } ?? ""
        try write("\(name)/SKILL.md", "---\nname: \(name)\ndescription: A skill for tests.\n\(versionLine)---\n\n\(body)")
        return folder.appendingPathComponent(name).path
    }

    func publish(_ paths: [String], _ configure: (inout PublishOptions) -> Void = { _ in }) throws -> PublishReport {
        var options = PublishOptions()
        options.publisher = "tester"
        configure(&options)
        return try store.publish(try SkillSource.discover(paths), options: options)
    }
}
