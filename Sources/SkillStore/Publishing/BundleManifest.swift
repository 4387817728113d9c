import Foundation

/// The list of a version's files, stored as a blob itself so one id pins the
/// whole skill folder (a Merkle tree, as git and OCI do). Its JSON is
/// canonical: sorted keys, no spaces, files in path order.
struct BundleManifest: Codable, Sendable, Equatable {
    struct Entry: Codable, Sendable, Equatable {
        var path: String
        var size: Int
        var executable: Bool
        /// The file's blob id.
        var id: BlobID
        /// The file's full SHA-256, so a reader can verify without trusting the id alone.
        var sha256: String
    }

    static let currentFormat = "skillstore.bundle.v1"

    var format: String
    var files: [Entry]

    init(files: [Entry]) {
        format = Self.currentFormat
        self.files = files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The canonical bytes whose SHA-256 is the manifest's id.
    /// Written by hand (keys in sorted order) rather than by JSONEncoder: it
    /// runs once per publish of every skill, and must never vary.
    func canonicalJSON() -> [UInt8] {
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

    static func decode(_ bytes: [UInt8]) -> BundleManifest? {
        try? JSONDecoder().decode(BundleManifest.self, from: Data(bytes))
    }
}
