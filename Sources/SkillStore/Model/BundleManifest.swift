import Foundation

/// The list of a version's files, stored as a blob itself so one id pins the
/// whole skill folder (a Merkle tree, as git and OCI do). Its JSON is
/// canonical: sorted keys, no spaces, files in path order.
public struct BundleManifest: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var path: String
        public var size: Int
        public var executable: Bool
        /// The file's 16-hex blob id.
        public var id: String
        /// The file's full SHA-256, so a reader can verify without trusting the id alone.
        public var sha256: String
    }

    public static let currentFormat = "skillstore.bundle.v1"

    public var format: String
    public var files: [Entry]

    public init(files: [Entry]) {
        format = Self.currentFormat
        self.files = files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The canonical bytes whose SHA-256 is the manifest's id.
    public func canonicalJSON() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else {
            preconditionFailure("a manifest of strings and numbers always encodes")
        }
        return Array(data)
    }

    public static func decode(_ bytes: [UInt8]) -> BundleManifest? {
        try? JSONDecoder().decode(BundleManifest.self, from: Data(bytes))
    }
}
