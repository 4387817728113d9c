import Foundation

enum Timestamp {
    /// Now, as ISO 8601 in UTC with seconds (`2026-11-30T15:47:41Z`).
    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}
