import Foundation

/// Runs `work` for indexes `0..<count` on worker threads and hands the
/// results to one consumer in index order. Workers stay at most `window`
/// items ahead of the consumer, so memory stays bounded however long the run.
///
/// `@unchecked Sendable`: every mutable field is guarded by `condition`.
final class OrderedPipeline<Output: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private let work: @Sendable (Int) -> Output
    private var results: [Int: Output] = [:]
    private var handedOut = 0
    private var consumed = 0
    private var cancelled = false
    /// Results the consumer is done with, released by a worker: memory is
    /// freed on the thread whose allocator made it, and off the consumer's path.
    private var finished: [Output] = []
    private static var batchSize: Int { 8 }

    init(count: Int, workers: Int, window: Int, work: @escaping @Sendable (Int) -> Output) {
        self.count = count
        self.window = max(window, 1)
        self.work = work
        for _ in 0..<max(1, min(workers, count)) {
            let thread = Thread { [self] in runWorker() }
            thread.stackSize = 8 << 20  // deep Markdown recursion needs room
            thread.name = "skillstore-prepare"
            thread.start()
        }
    }

    /// The result for `index`; indexes must be asked for in order.
    func result(_ index: Int) -> Output {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        consumed = index + 1
        // Wake the workers only when they may be waiting for room.
        if handedOut - consumed < window / 2 { condition.broadcast() }
        return results.removeValue(forKey: index)!
    }

    /// Hands back a result the consumer no longer needs, to be released by a worker.
    func recycle(_ output: Output) {
        condition.lock()
        finished.append(output)
        condition.unlock()
    }

    /// Stops the workers after the items they are on.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    private func runWorker() {
        // The consumer is the bottleneck of a publish (one thread writes):
        // workers yield the CPU to it and use what it leaves, which made a
        // 20,000-skill publish 10% faster on two cores.
        // (Linux: the nice value of PRIO_PROCESS 0 is the calling thread's.)
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        while true {
            condition.lock()
            while !cancelled && handedOut < count && handedOut - consumed >= window { condition.wait() }
            guard !cancelled, handedOut < count else {
                condition.unlock()
                return
            }
            // Small batches: one lock round trip per few items, not per item.
            let batch = handedOut..<min(handedOut + Self.batchSize, count)
            handedOut = batch.upperBound
            var released = finished
            finished = []
            condition.unlock()
            released.removeAll()

            let outputs = batch.map(work)

            condition.lock()
            for (index, output) in zip(batch, outputs) { results[index] = output }
            condition.broadcast()
            condition.unlock()
        }
    }
}
