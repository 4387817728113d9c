import COpenSSL
import Foundation

/// A blob's identity: the full SHA-256 of its bytes, in lowercase hex. The
/// public id is the first 16 hex characters; the full digest is the real key.
public struct BlobDigest: Hashable, Sendable, CustomStringConvertible, Codable {
    /// 64 lowercase hex characters.
    public let hex: String

    public init(of bytes: some ContiguousBytes) {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { buffer in
            // A NULL pointer with zero length hashes the empty string.
            EVP_Digest(buffer.baseAddress, buffer.count, &digest, &length, EVP_sha256(), nil)
        }
        precondition(ok == 1 && length == 32, "libcrypto failed to compute SHA-256")
        digest.removeLast(digest.count - 32)
        hex = Self.hexString(digest)
    }

    /// Accepts exactly 64 lowercase or uppercase hex characters.
    public init?(hex: String) {
        guard hex.utf8.count == 64, hex.utf8.allSatisfy(Self.isHexDigit) else { return nil }
        self.hex = hex.lowercased()
    }

    /// The 16-hex public id.
    public var id: String { String(hex.prefix(16)) }
    public var description: String { "sha256:\(hex)" }

    /// The 32 bytes of the digest (for headers that carry it in base64).
    public var bytes: [UInt8] {
        var result: [UInt8] = []
        var high: UInt8?
        for character in hex.utf8 {
            let value = character <= 0x39 ? character - 0x30 : character - 0x61 + 10
            if let first = high {
                result.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return result
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }

    private static let digits = Array("0123456789abcdef".utf8)
    private static func hexString(_ bytes: [UInt8]) -> String {
        var characters = [UInt8]()
        characters.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            characters.append(digits[Int(byte >> 4)])
            characters.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: characters, as: UTF8.self)
    }
}

/// What a user may write to name a blob: its 16-hex id, the full 64-hex
/// digest, or `sha256:<64 hex>`.
public enum BlobReference: Hashable, Sendable {
    case id(String)
    case digest(BlobDigest)

    public init?(_ text: String) {
        // Servers parse one per request: no copies unless the text needs
        // them, and the bytes scanned in place (Sequence algorithms on
        // String.UTF8View cost some 60 instructions a byte).
        let utf8 = text.utf8
        if utf8.count == 16 {
            let scan = { (bytes: UnsafeBufferPointer<UInt8>) in
                (hex: bytes.allSatisfy(BlobDigest.isHexDigit), upper: bytes.contains { $0 >= 0x41 && $0 <= 0x46 })
            }
            let found = utf8.withContiguousStorageIfAvailable(scan) ?? Array(utf8).withUnsafeBufferPointer(scan)
            guard found.hex else { return nil }
            self = .id(found.upper ? text.lowercased() : text)
            return
        }
        var body = Substring(text)
        if utf8.count == 71, utf8.prefix(7).elementsEqual("sha256:".utf8, by: { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }) {
            body = body.dropFirst(7)
        }
        guard let digest = BlobDigest(hex: String(body)) else { return nil }
        self = .digest(digest)
    }
}
