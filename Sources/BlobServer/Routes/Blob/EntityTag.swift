import Foundation

/// Entity tags as `If-None-Match` lists them (RFC 9110 13.1.2: the weak
/// comparison, so `W/"x"` matches `"x"`; `*` matches any stored blob).
enum EntityTag {
    static func list(_ header: String, matches etag: String) -> Bool {
        let wanted = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
        for item in header.split(separator: ",") {
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = String(tag.dropFirst(2)) }
            if tag == wanted { return true }
        }
        return false
    }
}
