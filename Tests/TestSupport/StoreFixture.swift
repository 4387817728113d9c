import Foundation
import SkillStore

/// A temporary folder holding a fresh store and skills to publish into it.
open class StoreFixture {
    public let temporary: TemporaryFolder
    public let store: SkillStore

    public init() throws {
        temporary = try TemporaryFolder()
        store = try SkillStore(path: temporary.path("store.db"))
    }

    public var folder: URL { temporary.url }

    public var databasePath: String { temporary.path("store.db") }

    /// Writes a file below the fixture folder and returns its path.
    @discardableResult
    public func write(_ path: String, _ contents: String, mode: Int? = nil) throws -> String {
        try temporary.write(path, Data(contents.utf8), mode: mode).path
    }

    @discardableResult
    public func write(_ path: String, _ contents: String, executable: Bool) throws -> String {
        try write(path, bytes: Array(contents.utf8), executable: executable)
    }

    /// Writes `bytes` with mode 755 or 644 and returns the file's path.
    @discardableResult
    public func write(_ path: String, bytes: [UInt8], executable: Bool = false) throws -> String {
        try temporary.write(path, Data(bytes), mode: executable ? 0o755 : 0o644).path
    }

    /// Writes `<name>/SKILL.md` and returns the folder's path.
    @discardableResult
    public func skill(_ name: String, version: String? = "1.0", body: String = "# Title\n\nText.\n") throws -> String {
        try write("\(name)/SKILL.md", SkillMarkdown.minimal(name, version: version, body: body))
        return temporary.path(name)
    }

    /// Publishes through the store's own API, as `skillctl publish` does.
    @discardableResult
    public func publish(_ paths: [String], _ configure: (inout PublishOptions) -> Void = { _ in }) throws -> PublishReport {
        var options = PublishOptions()
        options.publisher = "tester"
        configure(&options)
        return try store.publish(try SkillSource.discover(paths), options: options)
    }

    @discardableResult
    public func publish(_ paths: [String], version: String?) throws -> PublishReport {
        try publish(paths) { $0.version = version }
    }
}
