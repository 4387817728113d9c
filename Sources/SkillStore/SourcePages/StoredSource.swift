/// A stored source document: the latest version of a page skills cite.
public struct StoredSource: Sendable, Codable, Equatable {
    public var url: String
    public var sequence: Int
    /// The page's blob id.
    public var id: BlobID
    public var publishedAt: String
    var sections: [SourceDocument.Section]

    /// The section a URL fragment names, if any.
    func section(forFragment fragment: String) -> SourceDocument.Section? {
        SourceDocument(sections: sections).section(forFragment: fragment)
    }
}
