/// The inline content of one block (a paragraph, a table cell) flattened to
/// UTF-8 bytes, with runs that remember how each stretch was marked up and
/// where it starts in the file. Sentences, labels and links are found on
/// this, never on raw Markdown.
struct FlatText {
    enum Style: Equatable {
        case plain, emphasis, code
    }

    struct Run {
        var range: Range<Int>
        var style: Style
        /// Where the run's first byte is in the file, when cmark says.
        var location: SourceLocation?
        /// The link the run is part of, as an index into `links`.
        var link: Int?
        /// Where the markup around the run opens, for a run that starts it.
        var markupStart: SourceLocation?
    }

    struct Link {
        var url: String
        var range: Range<Int>
        var location: SourceLocation?
    }

    var bytes: [UInt8] = []
    var runs: [Run] = []
    var links: [Link] = []

    init(_ nodes: [MarkdownNode], fallback: SourceLocation?) {
        // Room for a typical paragraph at once, rather than growing by doubling from a few bytes.
        bytes.reserveCapacity(512)
        runs.reserveCapacity(16)
        for node in nodes { append(node, style: .plain, link: nil) }
        if runs.first?.location == nil, let fallback, !runs.isEmpty { runs[0].location = fallback }
    }

    private mutating func append(_ node: MarkdownNode, style: Style, link: Int?) {
        switch node.kind {
        case .text:
            add(node.literal ?? "", style: style, location: node.start, link: link)
        case .code:
            add(node.literal ?? "", style: .code, location: node.start, link: link)
        case .softBreak, .lineBreak:
            add(" ", style: .plain, location: nil, link: link)
        case .emphasis, .strong:
            let firstRun = runs.count
            for child in node.children { append(child, style: style == .code ? .code : .emphasis, link: link) }
            // A sentence that opens with markup starts where the `*` does.
            if firstRun < runs.count, let start = node.start { runs[firstRun].markupStart = start }
        case .link(let url, _):
            let start = bytes.count
            links.append(Link(url: url, range: start..<start, location: node.start))
            let index = links.count - 1
            let firstRun = runs.count
            for child in node.children { append(child, style: style, link: index) }
            links[index].range = start..<bytes.count
            if firstRun < runs.count, let open = node.start { runs[firstRun].markupStart = open }
        case .image, .htmlInline, .footnoteReference:
            break
        default:
            for child in node.children { append(child, style: style, link: link) }
        }
    }

    private mutating func add(_ text: String, style: Style, location: SourceLocation?, link: Int?) {
        guard !text.isEmpty else { return }
        let start = bytes.count
        var text = text
        // Through a buffer pointer, the append is one copy, not a walk of the string.
        text.withUTF8 { bytes.append(contentsOf: $0) }
        runs.append(Run(range: start..<bytes.count, style: style, location: location, link: link))
    }

    /// Indexes of the runs that start inside `range`.
    func runIndexes(startingIn range: Range<Int>) -> Range<Int> {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].range.lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < runs.count, runs[end].range.lowerBound < range.upperBound { end += 1 }
        return low..<end
    }

    /// Indexes of the runs that overlap `range`.
    func runIndexes(overlapping range: Range<Int>) -> Range<Int> {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].range.upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < runs.count, runs[end].range.lowerBound < range.upperBound { end += 1 }
        return low..<end
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The run holding byte `offset`.
    func run(at offset: Int) -> Run? {
        var low = 0
        var high = runs.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if runs[middle].range.upperBound <= offset {
                low = middle + 1
            } else if runs[middle].range.lowerBound > offset {
                high = middle - 1
            } else {
                return runs[middle]
            }
        }
        return nil
    }

    /// The file location of byte `offset`: its run's start plus the bytes
    /// before it (cmark counts columns in bytes, and a text run is one line).
    func location(of offset: Int) -> SourceLocation? {
        if let run = run(at: offset), offset == run.range.lowerBound, let start = run.markupStart {
            return start
        }
        if let run = run(at: offset), let start = run.location {
            return SourceLocation(line: start.line, column: start.column + (offset - run.range.lowerBound))
        }
        // A break or a run cmark gave no position: the next run that has one.
        return runs.first { $0.range.lowerBound >= offset && $0.location != nil }?.location
            ?? runs.last { $0.location != nil }?.location
    }

    func isCode(_ offset: Int) -> Bool { run(at: offset)?.style == .code }
}
