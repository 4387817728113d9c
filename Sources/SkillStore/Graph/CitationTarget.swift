import Foundation

/// What a link points at: its kind, its target without query or fragment,
/// its fragment, and the time it carries (`?time=70`, `t=1m10s`).
struct CitationTarget {
    var kind: Citation.Kind
    var target: String
    var fragment: String?
    var time: Int?

    init(_ url: String, registry: String?) {
        let (withoutFragment, fragment) = Self.split(url, at: UInt8(ascii: "#"))
        let (base, query) = Self.split(withoutFragment, at: UInt8(ascii: "?"))
        self.fragment = fragment.flatMap { $0.isEmpty ? nil : Self.decoded($0) }
        time = Self.time(fromQuery: query) ?? Self.time(fromQuery: fragment)

        if let (scheme, rest) = Self.scheme(of: base) {
            target = scheme + ":" + Self.lowercasingHost(rest, defaultPort: scheme == "https" ? ":443" : scheme == "http" ? ":80" : nil)
            kind = target == registry ? .registry : .external
        } else {
            // No scheme: a path into the skill's own folder ("" is the skill itself).
            target = Self.decoded(base)
            let name = (target as NSString).lastPathComponent
            kind = name == "sources.md" && !target.hasPrefix("/") && registry != nil ? .registry : .bundle
        }
    }

    /// `https` and `//host/path` for `HTTPS://host/path`, when `url` starts with a scheme.
    private static func scheme(of url: String) -> (String, Substring)? {
        guard let colon = url.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return (scheme.lowercased(), url[url.utf8.index(after: colon)...])
    }

    /// `//Host:443/Path` -> `//host/Path`: hosts are case-insensitive, paths are not.
    private static func lowercasingHost(_ rest: Substring, defaultPort: String?) -> String {
        guard rest.hasPrefix("//") else { return String(rest) }
        let authorityEnd = rest.dropFirst(2).firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[rest.index(rest.startIndex, offsetBy: 2)..<authorityEnd].lowercased()
        if let defaultPort, authority.hasSuffix(defaultPort) { authority.removeLast(defaultPort.count) }
        return "//" + authority + rest[authorityEnd...]
    }

    private static func decoded(_ text: String) -> String {
        text.contains("%") ? (text.removingPercentEncoding ?? text) : text
    }

    static func withoutFragment(_ url: String) -> String {
        let (base, _) = split(split(url, at: UInt8(ascii: "#")).0, at: UInt8(ascii: "?"))
        return CitationTarget(base, registry: nil).target
    }

    static func split(_ text: String, at mark: UInt8) -> (String, String?) {
        let utf8 = text.utf8
        guard let index = utf8.firstIndex(of: mark) else { return (text, nil) }
        return (String(text[..<index]), String(text[utf8.index(after: index)...]))
    }

    /// `time=70`, `t=70`, `t=70s`, `t=1m10s`, `t=1h2m3s` in a query or fragment.
    static func time(fromQuery query: String?) -> Int? {
        guard let query else { return nil }
        guard query.utf8.contains(0x3D) else { return nil }  // no '=', no time
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0] == "time" || parts[0] == "t" else { continue }
            if let seconds = TimeText.duration(parts[1]) { return seconds }
        }
        return nil
    }
}
