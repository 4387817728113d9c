/// A Markdown error: the only one is nesting deep enough to be a hazard.
public struct MarkdownError: Error, Sendable, Equatable {
    public var message: String
    public var location: SourceLocation
}
