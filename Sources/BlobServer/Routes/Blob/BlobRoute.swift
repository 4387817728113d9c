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
    /// Where loaded blobs are kept to be sent from; nil to send from memory.
    let spool: BlobSpool?

    func respond(_ request: HTTPRequest, blob reference: BlobReference) throws -> HTTPResponse {
        let (blob, prepared) = try load(reference)
        if let condition = request.header("if-none-match"), EntityTag.list(condition, matches: blob.etag) {
            return HTTPResponse(status: 304, headers: blob.headers)
        }
        let size = blob.size
        if let rangeHeader = request.header("range"), ifRangeHolds(request.header("if-range"), etag: blob.etag) {
            switch ByteRange.parse(rangeHeader, size: size) {
            case .whole:
                break
            case .unsatisfiable:
                throw HTTPError(
                    416, "RANGE_NOT_SATISFIABLE", "the blob has \(size) bytes; no byte of that range exists",
                    headers: [("Content-Range", "bytes */\(size)")])
            case .range(let range):
                let headers = blob.fullHeaders + [("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)")]
                if let span = blob.span { return HTTPResponse(status: 206, headers: headers, file: span.slice(range)) }
                return HTTPResponse(status: 206, headers: headers, body: blob.bytes!, range: range)
            }
        }
        var response = blob.span.map { HTTPResponse(status: 200, headers: blob.fullHeaders, file: $0) }
            ?? HTTPResponse(status: 200, headers: blob.fullHeaders, body: blob.bytes!)
        // Prepared once only for a blob the cache keeps: it lives as long.
        if prepared { response.reusable = blob.reusable }
        return response
    }

    /// `If-Range` holds when absent or when it is the blob's ETag (a date
    /// never matches: blobs carry no Last-Modified).
    private func ifRangeHolds(_ value: String?, etag: String) -> Bool {
        guard let value = value?.trimmingCharacters(in: .whitespaces) else { return true }
        return value == etag
    }

    /// The blob, and whether its 200 may be prepared once and kept.
    private func load(_ reference: BlobReference) throws -> (CachedBlob, prepared: Bool) {
        let id = reference.id
        let blob: CachedBlob
        let prepared: Bool
        if let cached = cache[id] {
            (blob, prepared) = (cached, true)
        } else {
            do {
                let (stored, role) = try pool.with { try $0.blobWithRole(id: id) }
                // The first blobs served stay in memory, up to a third of the
                // budget: their prepared response goes out with no read at
                // all. Later ones are spooled, but only when the cache will
                // keep them, so that a full cache does not append the same
                // blob again and again.
                let inMemory = spool == nil
                    || cache.hasRoom(for: id, cost: stored.bytes.count + CachedBlob.spooledCost, inMemory: true)
                let spooled = !inMemory && cache.hasRoom(for: id, cost: CachedBlob.spooledCost, inMemory: false)
                blob = CachedBlob(stored, contentType: MediaType.of(role), spool: spooled ? spool : nil)
            } catch SkillStoreError.notFound {
                throw HTTPError(404, "BLOB_UNKNOWN", "no blob \(reference) in this store")
            }
            prepared = cache.insert(blob, id: id)
        }
        if !reference.names(blob.digest) {
            throw HTTPError(404, "BLOB_UNKNOWN", "no blob \(reference) in this store")
        }
        return (blob, prepared)
    }
}

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

/// The blobs served, up to a memory budget: about 1 KB each when spooled,
/// their size too when kept in memory (at most a third of the budget). Blobs never change, so an entry is
/// never stale, and none is dropped (dropping entries at random cost more
/// than it saved); once the budget is spent, further blobs are read from
/// the database on every request. Split into shards by id so that network
/// threads seldom wait on each other.
final class BlobCache: Sendable {
    private struct Entries {
        var entries: [UInt64: CachedBlob] = [:]
        var bytes = 0
        /// The part of `bytes` spent on blobs kept in memory.
        var memoryBytes = 0
    }
    private final class Shard: Sendable { let state = Mutex(Entries()) }
    private static let shardCount = 16
    private let shards: [Shard]
    private let shardBudget: Int

    init(budget: Int) {
        shardBudget = budget / Self.shardCount
        shards = (0..<Self.shardCount).map { _ in Shard() }
    }

    /// An id's low bits, its last hex digit, pick the shard (digests are
    /// as good as a hash).
    private func shard(_ key: UInt64) -> Shard { shards[Int(key & UInt64(Self.shardCount - 1))] }

    subscript(id: BlobID) -> CachedBlob? {
        let key = id.bits
        return shard(key).state.withLock { $0.entries[key] }
    }

    /// Whether an entry of `cost` for `id` would be kept now; one in memory
    /// also has to fit in a third of the budget.
    func hasRoom(for id: BlobID, cost: Int, inMemory: Bool) -> Bool {
        shard(id.bits).state.withLock {
            $0.bytes + cost <= shardBudget && (!inMemory || $0.memoryBytes + cost <= shardBudget / 3)
        }
    }

    /// Keeps `blob` if the budget allows; returns whether it is kept (a
    /// blob not kept must not have its response prepared).
    func insert(_ blob: CachedBlob, id: BlobID) -> Bool {
        let key = id.bits
        return shard(key).state.withLock { shard in
            if shard.entries[key] != nil { return false }
            guard shard.bytes + blob.cost <= shardBudget else { return false }
            shard.entries[key] = blob
            shard.bytes += blob.cost
            if blob.span == nil { shard.memoryBytes += blob.cost }
            return true
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
        /// A byte position; digits beyond what Int holds read as "past any
        /// end" (RFC 9110 allows any length of digits).
        func number(_ text: String) -> Int? {
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(text) ?? Int.max / 2
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
