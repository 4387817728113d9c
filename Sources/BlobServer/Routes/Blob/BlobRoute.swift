import Foundation
import SkillStore

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
