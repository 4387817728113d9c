import SkillStore

/// What a publish answers: the shape of `skillctl publish --json`.
public struct PublishReply: Codable, Sendable {
    public var published: [PublishResult]
    public var refused: [Diagnostic]

    public init(published: [PublishResult], refused: [Diagnostic]) {
        self.published = published
        self.refused = refused
    }
}
