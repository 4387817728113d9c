/// A front-matter error, with the location (in the YAML text) it concerns.
public struct YAMLError: Error, Sendable, Equatable {
    public var message: String
    public var location: SourceLocation
}
