import Foundation

/// How the list routes page, shared by the server and the client: `limit`
/// picks the page size, and `cursor` (opaque to clients) continues after the
/// last entry of the previous page. The body stays a bare JSON array, as it
/// was before paging, so a client that knows nothing of pages still reads
/// it; the next page is announced in headers (`Link: <…>; rel="next"` and
/// `X-Next-Cursor`), which the last page does not carry.
public enum ListPaging {
    /// The page size without `limit`. It is the maximum too, so that a store
    /// of up to this many entries answers exactly as it did before paging.
    public static let defaultLimit = 1000
    public static let maximumLimit = 1000
    /// The header holding the `cursor` of the next page.
    public static let nextCursorHeader = "X-Next-Cursor"

    /// The opaque cursor that continues after the entry whose sort key is
    /// `key`: the key in unpadded base64url, so it needs no escaping in a
    /// query string or header.
    public static func cursor(after key: String) -> String {
        Data(key.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The sort key a cursor carries; nil when it is not one `cursor(after:)`
    /// made (not unpadded base64url, or not UTF-8).
    public static func key(of cursor: String) -> String? {
        guard !cursor.isEmpty, cursor.utf8.allSatisfy({ byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }), cursor.utf8.count % 4 != 1 else { return nil }
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let key = String(data: data, encoding: .utf8),
              Self.cursor(after: key) == cursor
        else { return nil }
        return key
    }
}
