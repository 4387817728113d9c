import Foundation

/// The lines of an `AccessLog` between the threads that answered requests
/// and the one thread that writes them: appending is a lock, an array append
/// and an unlock; formatting and `write` happen on the writer thread, in
/// batches of everything that arrived since its last turn.
///
/// Bounded: when `capacity` lines wait already (the writer is stuck on a
/// slow disk or a full pipe), a new line is dropped and counted rather than
/// making the request wait; the writer then writes how many were lost.
final class AccessLogBuffer: @unchecked Sendable {
    // @unchecked: `pending`, `dropped`, `stopping` and `finished` are guarded
    // by `condition`; the descriptor is written by the writer thread, or
    // under `writing` once it has finished.
    struct Limits: Sendable {
        /// The longest a line waits before it is written.
        var flushInterval: Double = 0.1
        /// Lines waiting at which the writer is woken before its time.
        var wakeCount = 4096
        /// Lines waiting beyond which new ones are dropped (each is about
        /// 200 bytes while it waits).
        var capacity = 65_536
    }

    private let handle: FileHandle
    private let limits: Limits
    private let condition = NSCondition()
    private var pending: [AccessLogLine] = []
    /// Lines dropped since the writer last reported it, and in all.
    private var dropped = 0
    private var droppedInAll = 0
    private var stopping = false
    private var finished = false
    /// Held while bytes go to the descriptor, so that lines written after
    /// `stop` follow the last batch instead of overtaking it.
    private let writing = NSLock()

    init(handle: FileHandle, limits: Limits) {
        self.handle = handle
        self.limits = limits
        pending.reserveCapacity(limits.wakeCount)
    }

    /// Queues a line; never waits for the writer. After `stop` the line is
    /// written at once, on the calling thread.
    func append(_ line: AccessLogLine) {
        condition.lock()
        if stopping {
            condition.unlock()
            var bytes: [UInt8] = []
            var clock = AccessLogLine.Timestamps()
            line.append(to: &bytes, clock: &clock)
            writing.withLock { write(bytes) }
            return
        }
        if pending.count >= limits.capacity {
            dropped += 1
            droppedInAll += 1
        } else {
            pending.append(line)
            if pending.count == limits.wakeCount { condition.broadcast() }
        }
        condition.unlock()
    }

    var droppedLines: Int { condition.withLock { droppedInAll } }

    /// The writer thread's loop: every `flushInterval` (or sooner when lines
    /// pile up), takes every waiting line, formats and writes them in one
    /// `write`. Returns after writing what was waiting when `stop` was called.
    func runWriter() {
        var batch: [AccessLogLine] = []
        batch.reserveCapacity(limits.wakeCount)
        var bytes: [UInt8] = []
        var clock = AccessLogLine.Timestamps()
        while true {
            condition.lock()
            if pending.count < limits.wakeCount && !stopping {
                _ = condition.wait(until: Date(timeIntervalSinceNow: limits.flushInterval))
            }
            swap(&batch, &pending)
            let lost = dropped
            dropped = 0
            let last = stopping
            // Taken before letting go of the queue: a line appended after
            // `stop` then waits for this batch to be written.
            writing.lock()
            condition.unlock()
            for line in batch { line.append(to: &bytes, clock: &clock) }
            if lost > 0 {
                AccessLogLine.note("access log: \(lost) lines dropped: the log writer fell behind")
                    .append(to: &bytes, clock: &clock)
            }
            write(bytes)
            writing.unlock()
            batch.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            if last {
                condition.withLock {
                    finished = true
                    condition.broadcast()
                }
                return
            }
        }
    }

    /// Writes what waits and ends the writer thread; waits for both. Lines
    /// appended from now on are written as they come. Safe to call twice.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    /// Every byte, or as many as the descriptor takes before an error (a
    /// closed pipe, a full disk): a log that cannot be written must not stop
    /// the server.
    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(handle.fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
