/// Path parameters of a matched route, by name (`{name}` in the pattern):
/// a view of the request's path, so that matching allocates nothing more.
struct RouteParameters: Sendable {
    /// The route's parameter name for each segment, nil for a literal.
    let names: [String?]
    let path: PathSegments
    subscript(_ name: String) -> String {
        guard let index = names.firstIndex(of: name) else { preconditionFailure("route has no parameter \(name)") }
        return path.text(index)
    }

    /// The parameter when the route has it (`{namespace}` is in the
    /// namespaced twin of a route only).
    func optional(_ name: String) -> String? {
        names.firstIndex(of: name).map { path.text($0) }
    }
}
