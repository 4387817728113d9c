import Foundation
import Testing

@testable import BlobServer

/// A full session table forgets sessions nobody used before those in use,
/// so that a flood of `initialize` cannot end the sessions of real clients.
@Suite struct MCPSessionsTests {
    @Test func aFloodOfInitializeForgetsOnlySessionsNeverUsed() {
        let sessions = MCPSessions(limit: 4)
        let client = sessions.open(revision: "2025-06-18")
        #expect(sessions.use(client) != nil)  // its notifications/initialized
        var flood: [String] = []
        for _ in 0..<100 { flood.append(sessions.open(revision: nil)) }
        #expect(sessions.use(client)?.revision == "2025-06-18")
        #expect(sessions.count == 4)
        // The newest of the flood are the ones kept beside the client.
        #expect(flood.suffix(3).allSatisfy { sessions.use($0) != nil })
        #expect(flood.prefix(97).allSatisfy { sessions.use($0) == nil })
    }

    @Test func withEverySessionInUseTheLeastRecentlyUsedIsForgotten() {
        let sessions = MCPSessions(limit: 2)
        let first = sessions.open(revision: nil)
        let second = sessions.open(revision: nil)
        _ = sessions.use(second)
        _ = sessions.use(first)
        let third = sessions.open(revision: nil)
        #expect(sessions.use(second) == nil)
        #expect(sessions.use(first) != nil)
        #expect(sessions.use(third) != nil)
    }

    /// A session idle past `idleSeconds` has ended (its next request gets
    /// 404 anyway), so a full table forgets it before a live one, even one
    /// just opened whose client has not yet sent its next request: else
    /// once clients that left without DELETE fill the table, each
    /// `initialize` would end the session the one before it opened.
    @Test func aFullTableForgetsASessionIdleTooLongBeforeANewOne() throws {
        let sessions = MCPSessions(limit: 2, idleSeconds: 0.3)
        let departed = sessions.open(revision: nil)
        #expect(sessions.use(departed) != nil)
        Thread.sleep(forTimeInterval: 0.5)
        let opening = sessions.open(revision: "2025-06-18")
        let next = sessions.open(revision: nil)
        #expect(sessions.use(opening)?.revision == "2025-06-18")
        #expect(sessions.use(next) != nil)
        #expect(sessions.count == 2)
    }
}
