/// A blob's public id: the first 16 hex characters of its SHA-256, which
/// spell 64 bits. Kept as those bits, so a server can key a cache by them
/// and compare ids without touching text; written as lowercase hex.
public struct BlobID: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public let bits: UInt64

    init(bits: UInt64) {
        self.bits = bits
    }

    /// Exactly 16 hex characters, in either case; nil for anything else.
    public init?(hex: some StringProtocol) {
        // Servers parse one per request: the bytes are scanned in place
        // (Sequence algorithms on String.UTF8View cost some 60 instructions a byte).
        let utf8 = hex.utf8
        guard utf8.count == 16 else { return nil }
        let parse = { (bytes: UnsafeBufferPointer<UInt8>) -> UInt64? in
            var value: UInt64 = 0
            for byte in bytes {
                guard let digit = BlobID.hexValue(byte) else { return nil }
                value = value << 4 | UInt64(digit)
            }
            return value
        }
        guard let value = utf8.withContiguousStorageIfAvailable(parse) ?? Array(utf8).withUnsafeBufferPointer(parse) else {
            return nil
        }
        bits = value
    }

    /// 16 lowercase hex characters.
    public var hex: String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            for index in 0..<16 {
                buffer[index] = Self.digits[Int(bits >> UInt64(60 - 4 * index) & 0xf)]
            }
            return 16
        }
    }

    public var description: String { hex }

    public static func < (lhs: BlobID, rhs: BlobID) -> Bool { lhs.bits < rhs.bits }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = BlobID(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a 16-hex blob id")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }

    private static let digits = Array("0123456789abcdef".utf8)
}
