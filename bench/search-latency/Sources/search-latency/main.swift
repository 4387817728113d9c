// search-latency DB QUERIES.tsv [RUNS]
//
// Opens the store once, runs every query of QUERIES.tsv (lines
// `CLASS<TAB>QUERY<TAB>OPTIONS`) once to warm the caches, then RUNS times
// (default 20) each, and prints one JSON object: each query's median
// latency in milliseconds and hit count, the median, 90th percentile and
// maximum of those medians, and the 50th and 99th percentiles of every
// run. Then RUNS rounds of every query once, shuffled each round (seeded):
// `p50_rounds_ms` and `p99_rounds_ms`, without the warmth a query's own
// previous run leaves in the caches (as a server answering varied
// questions sees them). A query without --kind or --label is a search by skill
// (`searchSkills`), as `skillctl search` runs it. `p50_cpu_ms` and
// `p99_cpu_ms` are the same percentiles of the searching thread's CPU time
// over every timed run, steadier than wall time on a busy machine.
import Foundation
import SkillStore

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("search-latency: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: search-latency DB QUERIES.tsv [RUNS]") }
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20

struct Query {
    var kind: String
    var request: SearchRequest
}

func request(_ text: String, options: String) -> SearchRequest {
    var request = SearchRequest(query: text)
    var words = options == "-" ? [] : options.split(separator: " ").map(String.init)
    while words.count >= 2 {
        let option = words.removeFirst()
        let value = words.removeFirst()
        switch option {
        case "--kind": request.kind = SearchKind(rawValue: value)
        case "--label": request.label = ClaimLabel(rawValue: value)
        case "--skill": request.skill = value
        case "--limit": request.limit = Int(value) ?? request.limit
        default: fail("unknown option \(option)")
        }
    }
    return request
}

let queries: [Query]
do {
    queries = try String(contentsOfFile: arguments[2], encoding: .utf8).split(separator: "\n").map { line in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 3 else { fail("not CLASS<TAB>QUERY<TAB>OPTIONS: \(line)") }
        return Query(kind: fields[0], request: request(fields[1], options: fields[2]))
    }
} catch {
    fail("\(error)")
}

let store: SkillStore
do { store = try SkillStore(path: arguments[1], create: false) } catch { fail("\(error)") }
/// COLD=1: the first search of a process as `skillctl search` runs it (its
/// 1 MB page cache, no warm-up run), for judging what a new process pays
/// inside the search; run with RUNS 1 and one query per process.
let cold = ProcessInfo.processInfo.environment["COLD"] == "1"
let coldCache = Int(ProcessInfo.processInfo.environment["COLD_CACHE_MB"] ?? "") ?? 1
if cold { do { try store.limitPageCache(megabytes: coldCache) } catch { fail("\(error)") } }

/// This thread's CPU time in milliseconds: on a shared machine, what the
/// search itself cost, whatever else ran.
func cpuMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}

nonisolated(unsafe) var cpuTimes: [Double] = []

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let cpuStart = cpuMilliseconds()
    try body()
    cpuTimes.append(cpuMilliseconds() - cpuStart)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The value below which `share` of the values fall (nearest rank).
func percentile(_ values: [Double], _ share: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((share * Double(sorted.count)).rounded(.up)) - 1
    return (sorted[max(0, min(sorted.count - 1, rank))] * 1000).rounded() / 1000
}

var results: [[String: Any]] = []
var allTimes: [Double] = []
var roundTimes: [Double] = []
/// How many of `cpuTimes` are of the repeated runs (the rounds come after).
var repeatedCPUCount = 0

/// SplitMix64: the same shuffles in every run. The tests have the same
/// generator (CollapsingWhitespaceTests); this package, which links only
/// the SkillStore library, cannot import a test target.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
do {
    for query in queries where !cold {
        _ = query.request.bySkill ? try store.searchSkills(query.request).count : try store.search(query.request).count
    }
    for query in queries {
        var hits = 0
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(try milliseconds {
                hits = query.request.bySkill
                    ? try store.searchSkills(query.request).count : try store.search(query.request).count
            })
        }
        allTimes += times
        results.append([
            "class": query.kind, "query": query.request.query, "hits": hits,
            "median_ms": (median(times) * 1000).rounded() / 1000,
        ])
    }
    // Then RUNS rounds of every query once, in an order shuffled each
    // round: a server answers questions that differ one after another,
    // without the caches a query's own previous run leaves warm.
    repeatedCPUCount = cpuTimes.count
    var generator = SplitMix64(seed: 1)
    for _ in 0..<(cold ? 0 : runs) {
        for query in queries.shuffled(using: &generator) {
            roundTimes.append(try milliseconds {
                _ = query.request.bySkill ? try store.searchSkills(query.request).count : try store.search(query.request).count
            })
        }
    }
} catch {
    fail("\(error)")
}

let medians = results.compactMap { $0["median_ms"] as? Double }.sorted()
var byClass: [String: Double] = [:]
for kind in Set(queries.map(\.kind)) {
    byClass[kind] = median(results.filter { $0["class"] as? String == kind }.compactMap { $0["median_ms"] as? Double })
}
let summary: [String: Any] = [
    "queries": results.count, "runs_per_query": runs,
    "median_ms": median(medians), "p90_ms": medians[Int(Double(medians.count - 1) * 0.9)],
    "max_ms": medians.last ?? 0, "median_ms_by_class": byClass, "results": results,
    "p50_all_ms": percentile(allTimes, 0.50), "p99_all_ms": percentile(allTimes, 0.99), "runs_measured": allTimes.count,
    "p50_rounds_ms": percentile(roundTimes, 0.50), "p99_rounds_ms": percentile(roundTimes, 0.99),
    "p50_cpu_ms": percentile(Array(cpuTimes.prefix(repeatedCPUCount)), 0.50),
    "p99_cpu_ms": percentile(Array(cpuTimes.prefix(repeatedCPUCount)), 0.99),
]
let data = try! JSONSerialization.data(withJSONObject: summary, options: [.prettyPrinted, .sortedKeys])
FileHandle.standardOutput.write(data + Data("\n".utf8))
