public struct PublishReport: Sendable {
    public var results: [PublishResult] = []
    /// Skills refused, each with its reasons (only with `skipInvalid`).
    public var refused: [InputRefused] = []

    public init() {}
}
