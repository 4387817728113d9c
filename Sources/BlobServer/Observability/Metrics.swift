import Foundation
import Synchronization

/// Request counts by route and status, a latency histogram and bytes
/// served, in the Prometheus text format at `/metrics`.
final class Metrics: Sendable {
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private struct Key: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    private struct State {
        var requests: [Key: Int] = [:]
        var bucketCounts = [Int](repeating: 0, count: Metrics.buckets.count)
        var count = 0
        var sum = 0.0
        var bytes = 0
    }

    /// One per network thread, more or less: each request locks the shard
    /// of its thread, so threads do not wait on each other.
    private final class Shard: Sendable { let state = Mutex(State()) }
    private let shards = (0..<8).map { _ in Shard() }
    private let started = Date()
    private static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]

    func record(_ completion: HTTPServer.Completion) {
        // Methods are the client's to choose: unknown ones share a key, so
        // that random methods cannot grow the table without bound.
        let method = Self.knownMethods.contains(completion.method) ? completion.method : "OTHER"
        let key = Key(method: method, route: completion.route, status: completion.status)
        // Thread stacks are far apart: the bits above the page size spread them.
        let shard = shards[Int(truncatingIfNeeded: UInt(pthread_self()) >> 16) & 7]
        shard.state.withLock { state in
            state.requests[key, default: 0] += 1
            if let index = Metrics.buckets.firstIndex(where: { completion.seconds <= $0 }) { state.bucketCounts[index] += 1 }
            state.count += 1
            state.sum += completion.seconds
            state.bytes += completion.bytes
        }
    }

    private func snapshot() -> State {
        var total = State()
        for shard in shards {
            let part = shard.state.withLock { $0 }
            total.requests.merge(part.requests, uniquingKeysWith: +)
            for index in total.bucketCounts.indices { total.bucketCounts[index] += part.bucketCounts[index] }
            total.count += part.count
            total.sum += part.sum
            total.bytes += part.bytes
        }
        return total
    }

    func render(openConnections: Int) -> String {
        let snapshot = snapshot()
        var lines: [String] = [
            "# HELP skillstore_http_requests_total Requests answered, by method, route and status.",
            "# TYPE skillstore_http_requests_total counter",
        ]
        for (key, count) in snapshot.requests.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            lines.append("skillstore_http_requests_total{method=\"\(key.method)\",route=\"\(Self.escape(key.route))\",status=\"\(key.status)\"} \(count)")
        }
        lines += [
            "# HELP skillstore_http_request_duration_seconds Time from a request's headers to its last byte queued.",
            "# TYPE skillstore_http_request_duration_seconds histogram",
        ]
        var cumulative = 0
        for (bound, count) in zip(Metrics.buckets, snapshot.bucketCounts) {
            cumulative += count
            lines.append("skillstore_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)")
        }
        lines += [
            "skillstore_http_request_duration_seconds_bucket{le=\"+Inf\"} \(snapshot.count)",
            "skillstore_http_request_duration_seconds_sum \(snapshot.sum)",
            "skillstore_http_request_duration_seconds_count \(snapshot.count)",
            "# HELP skillstore_http_response_bytes_total Body bytes sent.",
            "# TYPE skillstore_http_response_bytes_total counter",
            "skillstore_http_response_bytes_total \(snapshot.bytes)",
            "# HELP skillstore_http_open_connections Connections open now.",
            "# TYPE skillstore_http_open_connections gauge",
            "skillstore_http_open_connections \(openConnections)",
            "# HELP skillstore_uptime_seconds Seconds since the server started.",
            "# TYPE skillstore_uptime_seconds gauge",
            "skillstore_uptime_seconds \(Int(Date().timeIntervalSince(started)))",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
