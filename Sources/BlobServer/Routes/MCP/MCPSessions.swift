import Foundation

/// The sessions of `/mcp`: each `initialize` opens one, named by the
/// `Mcp-Session-Id` the client sends with every request after it. A session
/// holds only the protocol revision it negotiated, so any number of them
/// costs little; still the table is bounded, and a full table forgets the
/// session used least recently (its client gets 404 and initializes again,
/// as the transport specifies). Sessions idle for `idleSeconds` end too.
final class MCPSessions: @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`.
    struct Session {
        var revision: String?
        var lastUsed: Date
    }

    let limit: Int
    let idleSeconds: TimeInterval
    private let lock = NSLock()
    private var sessions: [String: Session] = [:]

    init(limit: Int = 4096, idleSeconds: TimeInterval = 24 * 3600) {
        self.limit = limit
        self.idleSeconds = idleSeconds
    }

    /// Opens a session and returns its id: 128 random bits as 32 hex
    /// characters (visible ASCII, as the header requires), from the system's
    /// cryptographic generator, so that no client can guess another's.
    func open(revision: String?) -> String {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        lock.withLock {
            if sessions.count >= limit, let oldest = sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
                sessions[oldest] = nil
            }
            sessions[id] = Session(revision: revision, lastUsed: Date())
        }
        return id
    }

    /// The session `id` names, marked as used now; nil when there is none
    /// (never opened, ended, forgotten, or idle too long).
    func use(_ id: String) -> Session? {
        lock.withLock {
            guard var session = sessions[id] else { return nil }
            let now = Date()
            guard now.timeIntervalSince(session.lastUsed) <= idleSeconds else {
                sessions[id] = nil
                return nil
            }
            session.lastUsed = now
            sessions[id] = session
            return session
        }
    }

    /// Ends the session; false when there was none.
    func close(_ id: String) -> Bool {
        lock.withLock { sessions.removeValue(forKey: id) != nil }
    }

    var count: Int { lock.withLock { sessions.count } }
}
