/// A stored byte string.
public struct Blob: Sendable, Equatable {
    public init(digest: BlobDigest, bytes: [UInt8]) {
        self.digest = digest
        self.bytes = bytes
    }

    public var digest: BlobDigest
    public var bytes: [UInt8]

    public var id: BlobID { digest.id }
}
