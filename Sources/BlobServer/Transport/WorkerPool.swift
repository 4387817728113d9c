import Foundation

/// A fixed set of threads for work that must not run on the network
/// threads. Jobs run in the order given.
final class WorkerPool: @unchecked Sendable {
    // @unchecked: every field is guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var next = 0
    private var stopping = false

    init(threads: Int) {
        for index in 0..<max(1, threads) {
            let thread = Thread { [self] in work() }
            thread.name = "skillstore-worker-\(index)"
            thread.start()
        }
    }

    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the threads finish the jobs queued, then end.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while next == jobs.count && !stopping { condition.wait() }
            if next == jobs.count {
                condition.unlock()
                return
            }
            let job = jobs[next]
            next += 1
            if next > 1024 && next * 2 > jobs.count {
                jobs.removeFirst(next)
                next = 0
            }
            condition.unlock()
            job()
        }
    }
}
