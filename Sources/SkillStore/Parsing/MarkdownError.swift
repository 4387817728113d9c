/// A Markdown error: the only one is nesting deep enough to be a hazard.
struct MarkdownError: Error, Sendable, Equatable {
    var message: String
    var location: SourceLocation
}
