public struct Section: Sendable, Codable, Equatable {
    /// Heading titles from the top (`["Rules"]`, `["What to do", "Tent"]`).
    public var path: [String]
    public var level: Int
    public var location: SourceLocation
    /// The last line of the section's own text, before the next heading; its
    /// text is those lines of the file (stored once, in the blob).
    public var endLine: Int

    public var title: String { path.last ?? "" }
}
