public struct YAMLEntry: Sendable, Equatable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: YAMLNode
}
