struct Section: Sendable, Codable, Equatable {
    /// Heading titles from the top (`["Rules"]`, `["What to do", "Tent"]`).
    var path: [String]
    var level: Int
    var location: SourceLocation
    /// The last line of the section's own text, before the next heading; its
    /// text is those lines of the file (stored once, in the blob).
    var endLine: Int

    var title: String { path.last ?? "" }
}
