/// The errors `SkillChecker` finds in a skill's own files without a store
/// (`time-mismatch`, `bundle-link-missing`, `rule-duplicate`), found cheaply
/// enough for every publish to look for them: same codes, messages, lines
/// and columns as `check`, in the same order.
///
/// `check` reads every link into a `Citation` with the claims around it;
/// doing that at publish made a 20,000-skill publish 8-17% slower. Here one
/// walk over the parsed tree looks at link URLs: a web URL without `=`
/// (most of them) can be no finding and costs a byte scan; for a URL with
/// `=` only its time is read, and the link's text when it has one; only a
/// relative URL is parsed whole, as a path into the bundle. No block is
/// flattened unless a finding needs it to be located exactly as `check`.
enum StoreFreeErrors {
    /// The codes found here: a version's recorded warnings with these codes
    /// are what `check` finds again as errors.
    static let codes: Set<String> = ["time-mismatch", "bundle-link-missing", "rule-duplicate"]

    /// The findings in `document` (severity error), whose rules were already
    /// extracted. `bundle` is nil for a lone SKILL.md, whose relative links
    /// have no bundle to be checked against.
    static func find(in document: SkillDocument, rules: [Rule], path: String, bundle: [BundleFile]?) -> [Diagnostic] {
        var scan = Scan(
            path: path, bundle: bundle,
            registry: document.frontMatter["metadata"]?["sources"]?.scalarText.map { CitationTarget.withoutFragment($0) })
        scan.visit(blocks: document.body.children)
        let duplicates = SkillChecker.duplicateRules(rules, path: path)
        if scan.found.isEmpty && duplicates.isEmpty { return [] }
        return SkillChecker.inReadingOrder(scan.found + duplicates)
    }

    private struct Scan {
        let path: String
        let bundle: [BundleFile]?
        let registry: String?
        var found: [Diagnostic] = []
        /// The bundle's paths, gathered at the first relative link.
        private var bundlePaths: Set<String>?

        init(path: String, bundle: [BundleFile]?, registry: String?) {
            self.path = path
            self.bundle = bundle
            self.registry = registry
        }

        /// The blocks whose links the graph extractor reads as citations:
        /// paragraphs, at any depth of lists and quotes, and table cells
        /// below the header row. Headings, HTML and code are not read.
        mutating func visit(blocks: [MarkdownNode]) {
            for block in blocks {
                switch block.kind {
                case .paragraph:
                    visit(inlines: block.children, of: block)
                case .list:
                    for item in block.children { visit(blocks: item.children) }
                case .item, .taskItem, .blockQuote:
                    visit(blocks: block.children)
                case .table:
                    for row in block.children.dropFirst() {
                        for cell in row.children { visit(inlines: cell.children, of: cell) }
                    }
                default:
                    break
                }
            }
        }

        /// A block's links, found in the order `FlatText` numbers them.
        private mutating func visit(inlines: [MarkdownNode], of block: MarkdownNode) {
            var linkIndex = 0
            var flattened: FlatText?
            for node in inlines { visit(inline: node, of: block, linkIndex: &linkIndex, flattened: &flattened) }
        }

        /// Descends where `FlatText` does (not into images or inline HTML).
        private mutating func visit(
            inline node: MarkdownNode, of block: MarkdownNode, linkIndex: inout Int, flattened: inout FlatText?
        ) {
            switch node.kind {
            case .link(let url, _):
                let index = linkIndex
                linkIndex += 1
                if mayBeFinding(url) { check(url, node, index: index, of: block, flattened: &flattened) }
            case .image, .htmlInline, .footnoteReference, .text, .code, .softBreak, .lineBreak:
                return
            default:
                break
            }
            for child in node.children { visit(inline: child, of: block, linkIndex: &linkIndex, flattened: &flattened) }
        }

        private mutating func check(
            _ url: String, _ node: MarkdownNode, index: Int, of block: MarkdownNode, flattened: inout FlatText?
        ) {
            let bytes = url.utf8
            var findings: [(message: String, code: String)] = []
            var linkText: String?
            // A time, as `CitationTarget` reads it, needs a `=`; the URL is
            // not parsed further unless it has one.
            if bytes.contains(UInt8(ascii: "=")) {
                let (withoutFragment, fragment) = CitationTarget.split(url, at: UInt8(ascii: "#"))
                let query = CitationTarget.split(withoutFragment, at: UInt8(ascii: "?")).1
                if let urlTime = CitationTarget.time(fromQuery: query) ?? CitationTarget.time(fromQuery: fragment) {
                    let text = Self.flatText(of: node.children)
                    linkText = text
                    if let mismatch = SkillChecker.timeMismatch(urlTime: urlTime, textTimes: TimeText.times(in: text)) {
                        findings.append((mismatch, "time-mismatch"))
                    }
                }
            }
            // The links `check` follows into the bundle: relative, not to
            // SKILL.md itself, and not a `#t=70` time.
            if let bundle, !(bytes.starts(with: "https:".utf8) || bytes.starts(with: "http:".utf8)) {
                let target = CitationTarget(url, registry: registry)
                if target.kind == .bundle, !target.target.isEmpty, target.target != "SKILL.md",
                   !(target.fragment?.contains("=") ?? false)
                {
                    if bundlePaths == nil { bundlePaths = Set(bundle.map(\.path)) }
                    if !bundlePaths!.contains(SkillChecker.normalizedBundlePath(target.target)) {
                        findings.append((SkillChecker.missingBundleFileMessage(target: target.target), "bundle-link-missing"))
                    }
                }
            }
            guard !findings.isEmpty else { return }
            // A link with text of its own makes its block one the extractor
            // reads, and `FlatText` places it where cmark does. Otherwise
            // (rare) the extractor's own flattening says whether the block is
            // read at all and where the link starts.
            var location = node.start
            if location == nil || (linkText ?? Self.flatText(of: node.children)).isEmpty {
                if flattened == nil { flattened = FlatText(block.children, fallback: block.start) }
                guard let text = flattened, !text.bytes.isEmpty, index < text.links.count else { return }
                let link = text.links[index]
                location = link.location ?? text.location(of: link.range.lowerBound)
            }
            for (message, code) in findings {
                found.append(Diagnostic(
                    path: path, location: location ?? SourceLocation(line: 1, column: 1), message: message, code: code))
            }
        }

        /// The text `FlatText` gives a link: its text and code, a space for
        /// each line break, nothing of images or inline HTML.
        private static func flatText(of nodes: [MarkdownNode]) -> String {
            var text = ""
            func append(_ node: MarkdownNode) {
                switch node.kind {
                case .text, .code: text += node.literal ?? ""
                case .softBreak, .lineBreak: text += " "
                case .image, .htmlInline, .footnoteReference: break
                default: node.children.forEach(append)
                }
            }
            nodes.forEach(append)
            return text
        }

        /// False only for a link that can be no finding: a web URL (not in
        /// the bundle) with no `=` (no time in its query or fragment).
        private func mayBeFinding(_ url: String) -> Bool {
            let bytes = url.utf8
            if bytes.contains(UInt8(ascii: "=")) { return true }
            if bundle == nil { return false }
            return !(bytes.starts(with: "https:".utf8) || bytes.starts(with: "http:".utf8))
        }
    }
}
