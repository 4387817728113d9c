import FuzzSupport
@testable import SkillStore

/// A search as a user types it. The query language promises that any text
/// compiles to a valid FTS5 expression: every input is searched in a small
/// store, for every kind of hit, and any error but the documented usage
/// problems (an empty query) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearchQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let query = SearchQuery(text) {
        _ = query.fts5
        _ = SearchQuery.mayMatch(SearchQuery.folded("rules for dough"), openings: query.openings)
    }
    let store = FuzzStore.shared.store
    for kind in [nil] + SearchKind.allCases.map(Optional.some) {
        do {
            _ = try store.search(SearchRequest(query: text, kind: kind, limit: 5))
        } catch is UsageProblem {
            continue
        } catch {
            fatalError("search for \(text.debugDescription) (kind \(String(describing: kind))) failed: \(error)")
        }
    }
    return 0
}
