/// Times written by people: `1:10`, `0:41 to 1:02`, `1:02:03`, and URL
/// durations `70`, `70s`, `1m10s`.
enum TimeText {
    /// Every `m:ss` or `h:mm:ss` in `text`, in seconds, in order.
    static func times(in text: String) -> [Int] {
        let bytes = Array(text.utf8)
        var found: [Int] = []
        var index = 0
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        while index < bytes.count {
            guard isDigit(index), index == 0 || !(isDigit(index - 1) || bytes[index - 1] == 0x3A || bytes[index - 1] == 0x2E) else {
                index += 1
                continue
            }
            var groups: [Int] = []
            var cursor = index
            while true {
                var value = 0
                let start = cursor
                while isDigit(cursor) {
                    // A long number is no time; count its digits without overflowing.
                    if cursor - start < 4 { value = value * 10 + Int(bytes[cursor] - 0x30) }
                    cursor += 1
                }
                let length = cursor - start
                guard length > 0, length <= 2 || groups.isEmpty, length <= 3 else { groups = []; break }
                if !groups.isEmpty && length != 2 { groups = []; break }
                groups.append(value)
                if cursor < bytes.count, bytes[cursor] == 0x3A, isDigit(cursor + 1) {
                    cursor += 1
                } else {
                    break
                }
            }
            let followedByWord = cursor < bytes.count && (bytes[cursor].isASCIILetterOrDigit)
            if (groups.count == 2 || groups.count == 3), !followedByWord, groups.dropFirst().allSatisfy({ $0 < 60 }) {
                found.append(groups.reduce(0) { $0 * 60 + $1 })
            }
            index = max(cursor, index + 1)
        }
        return found
    }

    /// `70`, `70s`, `1m10s`, `1h2m3s`, in seconds.
    static func duration(_ text: Substring) -> Int? {
        // Byte by byte: Int(Substring) goes through a generic, dynamically cast path.
        var total = 0
        var value = 0
        var digits = 0
        var sawUnit = false
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                guard digits < 9 else { return nil }
                value = value * 10 + Int(byte - 0x30)
                digits += 1
                continue
            }
            guard digits > 0 else { return nil }
            switch byte {
            case 0x68: total += value * 3600  // h
            case 0x6D: total += value * 60  // m
            case 0x73: total += value  // s
            default: return nil
            }
            value = 0
            digits = 0
            sawUnit = true
        }
        if digits > 0 {
            // A bare number is seconds; digits after units ("1m10") are not a duration.
            return sawUnit ? nil : value
        }
        return sawUnit ? total : nil
    }
}

extension TimeText {
    /// `1:10`, `1:02:03`.
    static func format(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = (seconds % 3600) / 60
        let rest = seconds % 60
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
