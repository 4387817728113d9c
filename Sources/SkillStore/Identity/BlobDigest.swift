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
    init?(hex: String) {
        guard hex.utf8.count == 64, hex.utf8.allSatisfy(Self.isHexDigit) else { return nil }
        self.hex = hex.lowercased()
    }

    /// The public id: the digest's first 16 hex characters.
    public var id: BlobID { BlobID(hex: hex.prefix(16))! }
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
