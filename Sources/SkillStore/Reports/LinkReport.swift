public struct LinkReport: Sendable, Codable, Equatable {
    public var outgoing: [LinkEntry]
    public var incoming: [LinkEntry]
}
