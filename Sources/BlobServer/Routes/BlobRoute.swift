import Foundation
import SkillStore
import Synchronization

/// `GET`/`HEAD /api/v1/blob/{id}`: the exact bytes of a blob, with the
/// headers content-addressed registries give (a strong ETag that never
/// changes, immutable caching, the full digest), conditional requests and
/// byte ranges.
struct BlobRoute: Sendable {
    let pool: StorePool
    let cache: BlobCache

    func respond(_ request: HTTPRequest, id text: String) throws -> HTTPResponse {
        guard let reference = BlobReference(text) else {
            throw HTTPError(
                400, "DIGEST_INVALID",
                "'\(text)' is not a blob id: use 16 hex characters, 64 hex, or sha256:<64 hex>")
        }
        let blob = try load(reference)
        var headers = blob.headers
        headers.append(("Content-Type", blob.contentType))

        if let condition = request.header("if-none-match"), EntityTag.list(condition, matches: blob.etag) {
            return HTTPResponse(status: 304, headers: blob.headers)
        }
        let size = blob.bytes.count
        if let rangeHeader = request.header("range"), ifRangeHolds(request.header("if-range"), etag: blob.etag) {
            switch ByteRange.parse(rangeHeader, size: size) {
            case .whole:
                break
            case .unsatisfiable:
                throw HTTPError(
                    416, "RANGE_NOT_SATISFIABLE", "the blob has \(size) bytes; no byte of that range exists",
                    headers: [("Content-Range", "bytes */\(size)")])
            case .range(let range):
                headers.append(("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)"))
                return HTTPResponse(status: 206, headers: headers, body: blob.bytes, range: range)
            }
        }
        var response = HTTPResponse(status: 200, headers: headers, body: blob.bytes)
        response.reusable = blob.reusable
        return response
    }

    /// `If-Range` holds when absent or when it is the blob's ETag (a date
    /// never matches: blobs carry no Last-Modified).
    private func ifRangeHolds(_ value: String?, etag: String) -> Bool {
        guard let value = value?.trimmingCharacters(in: .whitespaces) else { return true }
        return value == etag
    }

    private func load(_ reference: BlobReference) throws -> CachedBlob {
        let id: String
        switch reference {
        case .id(let value): id = value
        case .digest(let digest): id = digest.id
        }
        let blob: CachedBlob
        if let cached = cache[id] {
            blob = cached
        } else {
            do {
                blob = try pool.with { store in
                    let (stored, role) = try store.blobWithRole(id: id)
                    return CachedBlob(stored, contentType: MediaType.of(role))
                }
            } catch SkillStoreError.notFound {
                throw HTTPError(404, "BLOB_UNKNOWN", "no blob \(reference) in this store")
            }
            cache.insert(blob, id: id)
        }
        if case .digest(let digest) = reference, digest != blob.digest {
            throw HTTPError(404, "BLOB_UNKNOWN", "no blob \(reference) in this store")
        }
        return blob
    }
}

/// A blob ready to serve: verified against its digest once, when loaded.
final class CachedBlob: Sendable {
    let digest: BlobDigest
    let bytes: ResponseBytes
    let contentType: String
    let etag: String
    /// The headers every answer about this blob carries (200, 206, 304).
    let headers: [(String, String)]
    /// The 200 response, prepared once by the transport.
    let reusable = ReusableResponse()

    init(_ blob: Blob, contentType: String) {
        digest = blob.digest
        bytes = ResponseBytes(blob.bytes)
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
    }
}

/// Blobs served recently, up to a byte budget. Blobs never change, so an
/// entry is never stale. Split into shards by id so that network threads
/// seldom wait on each other; a full shard drops a random entry per
/// insertion (dropping many at once stalled every thread behind it).
final class BlobCache: Sendable {
    private struct Entries {
        var entries: [String: CachedBlob] = [:]
        var ids: [String] = []
        var bytes = 0
        /// xorshift state for picking victims: the system generator costs a
        /// getrandom system call per number.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15

        mutating func nextVictim() -> Int {
            seed ^= seed << 13
            seed ^= seed >> 7
            seed ^= seed << 17
            return Int(seed % UInt64(ids.count))
        }
    }
    private final class Shard: Sendable { let state = Mutex(Entries()) }
    private static let shardCount = 16
    private let shards: [Shard]
    private let shardBudget: Int

    init(budget: Int) {
        shardBudget = budget / Self.shardCount
        shards = (0..<Self.shardCount).map { _ in Shard() }
    }

    private func shard(_ id: String) -> Shard {
        // Ids are hex digests: their last character is as good as a hash.
        shards[Int(id.utf8.last ?? 0) % Self.shardCount]
    }

    subscript(id: String) -> CachedBlob? { shard(id).state.withLock { $0.entries[id] } }

    func insert(_ blob: CachedBlob, id: String) {
        let size = blob.bytes.count + 256  // the entry's own overhead, roughly
        guard size <= shardBudget / 8 else { return }
        shard(id).state.withLock { shard in
            guard shard.entries[id] == nil else { return }
            while shard.bytes + size > shardBudget, !shard.ids.isEmpty {
                let victim = shard.nextVictim()
                shard.ids.swapAt(victim, shard.ids.count - 1)
                if let dropped = shard.entries.removeValue(forKey: shard.ids.removeLast()) {
                    shard.bytes -= dropped.bytes.count + 256
                }
            }
            shard.entries[id] = blob
            shard.ids.append(id)
            shard.bytes += size
        }
    }
}

/// Content types for the files of a bundle, by extension.
enum MediaType {
    static func of(_ role: BlobRole) -> String {
        switch role {
        case .manifest: return "application/json"
        case .source: return "text/markdown; charset=utf-8"
        case .unreferenced: return "application/octet-stream"
        case .file(let path): return forPath(path)
        }
    }

    static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.contains(".") ? String(name.split(separator: ".").last!).lowercased() : ""
        switch ext {
        case "md", "markdown": return "text/markdown; charset=utf-8"
        case "txt", "text": return "text/plain; charset=utf-8"
        case "json": return "application/json"
        case "yaml", "yml": return "application/yaml"
        case "toml": return "application/toml"
        case "csv": return "text/csv; charset=utf-8"
        case "html", "htm": return "text/html; charset=utf-8"
        case "xml": return "application/xml"
        case "sh", "bash": return "text/x-shellscript; charset=utf-8"
        case "py": return "text/x-python; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "ts", "swift", "rb", "go", "rs", "c", "h": return "text/plain; charset=utf-8"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "svg": return "image/svg+xml"
        case "webp": return "image/webp"
        case "pdf": return "application/pdf"
        case "zip": return "application/zip"
        default: return "application/octet-stream"
        }
    }
}

/// Entity tags as `If-None-Match` lists them (RFC 9110 13.1.2: the weak
/// comparison, so `W/"x"` matches `"x"`; `*` matches any stored blob).
enum EntityTag {
    static func list(_ header: String, matches etag: String) -> Bool {
        let wanted = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
        for item in header.split(separator: ",") {
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = String(tag.dropFirst(2)) }
            if tag == wanted { return true }
        }
        return false
    }
}

/// A `Range` header over a body of `size` bytes (RFC 9110 14.1.2). One
/// range is served; a list of several, or a unit other than bytes, is
/// answered with the whole body, as the RFC allows.
enum ByteRange: Equatable {
    case whole
    case range(Range<Int>)
    case unsatisfiable

    static func parse(_ header: String, size: Int) -> ByteRange {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = value.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        func number(_ text: String) -> Int? {
            guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(text)
        }
        if first.isEmpty {
            // -n: the last n bytes
            guard let count = number(last) else { return .whole }
            guard count > 0, size > 0 else { return .unsatisfiable }
            return .range(max(0, size - count)..<size)
        }
        guard let start = number(first) else { return .whole }
        let end: Int
        if last.isEmpty {
            end = size - 1
        } else {
            guard let value = number(last), value >= start else { return .whole }  // invalid: ignored
            end = min(value, size - 1)
        }
        guard start < size else { return .unsatisfiable }
        return .range(start..<(end + 1))
    }
}
