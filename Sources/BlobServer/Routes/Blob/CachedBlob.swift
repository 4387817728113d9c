import Foundation
import SkillStore

/// A blob ready to serve: verified against its digest once, when loaded,
/// then kept in the spool (or, when there is none, in memory).
final class CachedBlob: Sendable {
    let digest: BlobDigest
    /// Where the bytes are: `span` in the spool, else `bytes` in memory.
    let span: FileSpan?
    let bytes: ResponseBytes?
    let size: Int
    let contentType: String
    let etag: String
    /// The headers every answer about this blob carries (200, 206, 304).
    let headers: [(String, String)]
    /// The same with Content-Type, for answers with a body.
    let fullHeaders: [(String, String)]
    /// The 200 response, prepared once by the transport.
    let reusable = ReusableResponse()

    /// What an entry costs the cache's memory budget.
    var cost: Int { span == nil ? size + Self.spooledCost : Self.spooledCost }
    /// An entry and its headers, roughly.
    static let spooledCost = 1024

    init(_ blob: Blob, contentType: String, spool: BlobSpool?) {
        digest = blob.digest
        size = blob.bytes.count
        span = spool?.append(blob.bytes)
        bytes = span == nil ? ResponseBytes(blob.bytes) : nil
        self.contentType = contentType
        etag = "\"sha256:\(blob.digest.hex)\""
        headers = [
            ("ETag", etag),
            ("Cache-Control", "public, max-age=31536000, immutable"),
            ("Docker-Content-Digest", "sha256:\(blob.digest.hex)"),
            ("Repr-Digest", "sha-256=:\(Data(blob.digest.bytes).base64EncodedString()):"),
            ("X-Content-Type-Options", "nosniff"),
            ("Accept-Ranges", "bytes"),
        ]
        fullHeaders = headers + [("Content-Type", contentType)]
    }
}
