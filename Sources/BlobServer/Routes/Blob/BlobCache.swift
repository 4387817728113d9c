import SkillStore
import Synchronization

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
