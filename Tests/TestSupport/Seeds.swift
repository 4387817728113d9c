import Foundation
import Testing

/// The seed skill pack beside the repository (`../shared/seeds`), which a
/// fresh clone does not have. Tests that read it carry
/// `.enabled(if: Seeds.available, Seeds.skipReason)`, so a run without it
/// reports them skipped rather than passed.
///
/// SKILLSTORE_SEEDS names another folder; `SKILLSTORE_SEEDS=/nonexistent
/// swift test` runs the suite as a fresh clone would.
public enum Seeds {
    public static let folder: URL = {
        if let chosen = ProcessInfo.processInfo.environment["SKILLSTORE_SEEDS"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen, isDirectory: true)
        }
        // Tests/TestSupport/<this file> -> the folder holding the repository.
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/seeds", isDirectory: true)
    }()

    public static let available: Bool = FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("README.md").path)

    /// Why seed tests are skipped, shown where they are.
    public static let skipReason = Comment(
        rawValue: "no seed pack at \(folder.path) (a fresh clone has no ../shared; SKILLSTORE_SEEDS names another folder)")

    public static func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }

    public static func url(_ relative: String) -> URL { folder.appendingPathComponent(relative) }
}
