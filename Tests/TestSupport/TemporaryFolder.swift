import Foundation

/// A temporary folder, removed when the value is released.
public final class TemporaryFolder {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("skillstore-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `contents` at `path` (relative), creating folders on the way.
    @discardableResult
    public func write(_ path: String, _ contents: String, executable: Bool = false) throws -> URL {
        try write(path, Data(contents.utf8), executable: executable)
    }

    @discardableResult
    public func write(_ path: String, _ contents: Data, executable: Bool = false) throws -> URL {
        try write(path, contents, mode: executable ? 0o755 : nil)
    }

    /// Writes `contents` at `path` and, when `mode` is given, sets its permissions.
    @discardableResult
    public func write(_ path: String, _ contents: Data, mode: Int?) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        if let mode { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path) }
        return file
    }

    public func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }
}
