/// A Markdown node converted out of cmark-gfm, with 1-based positions in the
/// whole file (front-matter lines included); `nil` where cmark reports none.
struct MarkdownNode: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case document, blockQuote, list(ordered: Bool, start: Int), item, taskItem(checked: Bool)
        case codeBlock(info: String), htmlBlock, paragraph, heading(level: Int), thematicBreak
        case table, tableRow(header: Bool), tableCell
        case text, softBreak, lineBreak, code, htmlInline, emphasis, strong, strikethrough
        case link(url: String, title: String), image(url: String, title: String)
        case footnoteDefinition, footnoteReference
        /// A node type this converter does not know, by cmark's name for it.
        case other(String)
    }

    var kind: Kind
    /// The text of leaf nodes: text, code, code blocks, HTML.
    var literal: String?
    var start: SourceLocation?
    var end: SourceLocation?
    var children: [MarkdownNode]

    /// The concatenated text of this node and its descendants, as a reader sees it.
    var plainText: String {
        var text = ""
        appendPlainText(to: &text)
        return text
    }

    /// One string for the whole subtree, not one per node joined at each level.
    private func appendPlainText(to text: inout String) {
        switch kind {
        case .text, .code, .htmlInline: text += literal ?? ""
        case .softBreak, .lineBreak: text += " "
        default: for child in children { child.appendPlainText(to: &text) }
        }
    }
}
