struct Citation: Sendable, Codable, Equatable {
    enum Kind: String, Sendable, Codable {
        /// A relative path into the skill's own folder.
        case bundle
        /// An entry of the pack's source registry (`metadata.sources`).
        case registry
        case external
    }

    var text: String
    /// The URL as written.
    var url: String
    /// Scheme, host and path, without query or fragment (for a bundle link: the path).
    var target: String
    var fragment: String?
    var kind: Kind
    var location: SourceLocation
    /// The time in the URL (`?time=70`, `t=1m10s`), in seconds.
    var urlTime: Int?
    /// Times written in the link text (`1:10`, `0:41 to 1:02`), in seconds.
    var textTimes: [Int]
    /// The claim the link belongs to, if any.
    var claim: Int?
}
