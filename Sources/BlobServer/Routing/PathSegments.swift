/// A path cut at every `/`: its bytes and each segment's range of them.
/// Made once per request, in bytes: String's `split` walks Characters,
/// which cost a third of a blob request's instructions.
struct PathSegments: Sendable {
    let bytes: [UInt8]
    let ranges: [Range<Int>]

    init(_ path: String) {
        bytes = Array(path.utf8)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(8)
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") {
            ranges.append(start..<index)
            start = index + 1
        }
        ranges.append(start..<bytes.count)
        self.ranges = ranges
    }

    var count: Int { ranges.count }
    func isEmpty(_ index: Int) -> Bool { ranges[index].isEmpty }
    func segment(_ index: Int, equals literal: [UInt8]) -> Bool {
        ranges[index].count == literal.count && bytes[ranges[index]].elementsEqual(literal)
    }
    func text(_ index: Int) -> String { String(decoding: bytes[ranges[index]], as: UTF8.self) }
}
