/// A front-matter error, with the location (in the YAML text) it concerns.
struct YAMLError: Error, Sendable, Equatable {
    var message: String
    var location: SourceLocation
}
