/// What a user may write to name a blob: its 16-hex id, the full 64-hex
/// digest, or `sha256:<64 hex>`. Every command and route reads one here.
public enum BlobReference: Hashable, Sendable, CustomStringConvertible {
    case id(BlobID)
    /// A full digest: the blob found must hash to it, not only share its id.
    case digest(BlobDigest)

    /// Reads `text`, or says in the one wording every caller uses why it is
    /// no blob reference.
    public init(parsing text: String) throws(InvalidIdentity) {
        if let id = BlobID(hex: text) {
            self = .id(id)
            return
        }
        var body = Substring(text)
        let utf8 = text.utf8
        if utf8.count == 71, utf8.prefix(7).elementsEqual("sha256:".utf8, by: { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }) {
            body = body.dropFirst(7)
        }
        guard let digest = BlobDigest(hex: String(body)) else {
            throw InvalidIdentity(
                .blob, text: text, reason: "use 16 hex characters, 64 hex, or sha256:<64 hex>")
        }
        self = .digest(digest)
    }

    /// The id the blob is stored under.
    public var id: BlobID {
        switch self {
        case .id(let id): id
        case .digest(let digest): digest.id
        }
    }

    /// Whether a blob with `digest` is the one named: the same id, and for
    /// a full digest the same digest.
    public func names(_ digest: BlobDigest) -> Bool {
        switch self {
        case .id(let id): digest.id == id
        case .digest(let expected): digest == expected
        }
    }

    public var description: String {
        switch self {
        case .id(let id): id.hex
        case .digest(let digest): digest.description
        }
    }
}
