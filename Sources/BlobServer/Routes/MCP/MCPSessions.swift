import Foundation

/// The sessions of `/mcp`: each `initialize` opens one, named by the
/// `Mcp-Session-Id` the client sends with every request after it. A session
/// holds only the protocol revision it negotiated, so any number of them
/// costs little; still the table is bounded, and a full table forgets a
/// session (its client gets 404 and initializes again, as the transport
/// specifies): one idle past `idleSeconds` first (it has ended already),
/// then one never used since its `initialize`, the least recently opened
/// of those, else the one used least recently. A client
/// sends `notifications/initialized` right after `initialize`, so a flood
/// of `initialize` alone forgets only sessions nobody went on to use.
/// Sessions idle for `idleSeconds` end too.
final class MCPSessions: @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`.
    struct Session {
        var revision: String?
        var lastUsed: Date
        /// Whether a request has named it since the `initialize` that opened it.
        var used = false
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
            let now = Date()
            if sessions.count >= limit,
               let forgotten = sessions.min(by: { forgottenFirst($0.value, $1.value, now: now) })?.key {
                sessions[forgotten] = nil
            }
            sessions[id] = Session(revision: revision, lastUsed: now)
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
            session.used = true
            sessions[id] = session
            return session
        }
    }

    /// Whether a full table forgets `one` before `other`: sessions idle
    /// too long (ended, though not yet removed), then those never used,
    /// then used ones; within each, the least recently used (or opened).
    private func forgottenFirst(_ one: Session, _ other: Session, now: Date) -> Bool {
        func order(_ session: Session) -> Int {
            now.timeIntervalSince(session.lastUsed) > idleSeconds ? 0 : session.used ? 2 : 1
        }
        let (oneOrder, otherOrder) = (order(one), order(other))
        return oneOrder != otherOrder ? oneOrder < otherOrder : one.lastUsed < other.lastUsed
    }

    /// Ends the session; false when there was none.
    func close(_ id: String) -> Bool {
        lock.withLock { sessions.removeValue(forKey: id) != nil }
    }

    var count: Int { lock.withLock { sessions.count } }
}
