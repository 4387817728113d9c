struct YAMLEntry: Sendable, Equatable {
    var key: String
    var keyLocation: SourceLocation
    var value: YAMLNode
}
