public struct SourcePublishResult: Sendable, Codable, Equatable {
    public var url: String
    public var id: BlobID
    public var sequence: Int
    public var sections: Int
    public var status: PublishResult.Status
}
