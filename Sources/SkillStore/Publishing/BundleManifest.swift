import Foundation

/// The list of a version's files, stored as a blob itself so one id pins the
/// whole skill folder (a Merkle tree, as git and OCI do). Its JSON is
/// canonical: sorted keys, no spaces, files in path order.
public struct BundleManifest: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var path: String
        public var size: Int
        public var executable: Bool
        /// The file's blob id.
        public var id: BlobID
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
    /// Written by hand (keys in sorted order) rather than by JSONEncoder: it
    /// runs once per publish of every skill, and must never vary.
    public func canonicalJSON() -> [UInt8] {
        var json = "{\"files\":["
        for (index, file) in files.enumerated() {
            if index > 0 { json += "," }
            json += "{\"executable\":\(file.executable),\"id\":"
            JSONText.appendQuoted(file.id.hex, to: &json)
            json += ",\"path\":"
            JSONText.appendQuoted(file.path, to: &json)
            json += ",\"sha256\":"
            JSONText.appendQuoted(file.sha256, to: &json)
            json += ",\"size\":\(file.size)}"
        }
        json += "],\"format\":"
        JSONText.appendQuoted(format, to: &json)
        json += "}"
        return Array(json.utf8)
    }

    public static func decode(_ bytes: [UInt8]) -> BundleManifest? {
        try? JSONDecoder().decode(BundleManifest.self, from: Data(bytes))
    }
}
