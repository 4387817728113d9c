import CCmarkGFM
import Foundation

/// Parses CommonMark with GitHub's extensions (tables, autolinks,
/// strikethrough, task lists) through cmark-gfm.
struct MarkdownParser {
    /// Deeper nesting than this is refused rather than recursed into.
    var maxDepth = 200

    init() {}

    /// Parses `text`, whose first line is line `firstLine` of its file.
    func parse(_ text: String, firstLine: Int = 1) throws(MarkdownError) -> MarkdownNode {
        Self.registerExtensions
        let document = Self.parserLock.withLock { Self.parseDocument(text) }
        defer { cmark_node_free(document) }
        return try Converter(lineOffset: firstLine - 1, maxDepth: maxDepth).convert(document, depth: 0)
    }

    /// cmark-gfm keeps the inline parser's table of special characters in
    /// process-wide state that attaching extensions to a parser and freeing it
    /// both change; parsers on two threads at once lose each other's `~`, `|`
    /// or `[`. The C parse runs one at a time; converting the finished tree
    /// to Swift, most of the work, runs in parallel.
    private static let parserLock = NSLock()

    /// Runs cmark-gfm's parser over `text`; the caller frees the document.
    private static func parseDocument(_ text: String) -> OpaquePointer {
        guard let parser = cmark_parser_new(CMARK_OPT_FOOTNOTES) else {
            preconditionFailure("cmark-gfm could not allocate a parser")
        }
        defer { cmark_parser_free(parser) }
        for name in ["table", "autolink", "strikethrough", "tasklist"] {
            guard let extensionHandle = cmark_find_syntax_extension(name) else {
                preconditionFailure("cmark-gfm has no \(name) extension")
            }
            cmark_parser_attach_syntax_extension(parser, extensionHandle)
        }
        var text = text
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        guard let document = cmark_parser_finish(parser) else {
            preconditionFailure("cmark-gfm returned no document")
        }
        return document
    }

    /// cmark-gfm's extensions must be registered once per process.
    private static let registerExtensions: Void = cmark_gfm_core_extensions_ensure_registered()
}

/// Copies a cmark tree into `MarkdownNode`s; the C tree is freed by the caller.
private struct Converter {
    let lineOffset: Int
    let maxDepth: Int

    func convert(_ node: OpaquePointer, depth: Int) throws(MarkdownError) -> MarkdownNode {
        let start = location(line: cmark_node_get_start_line(node), column: cmark_node_get_start_column(node))
        let end = location(line: cmark_node_get_end_line(node), column: cmark_node_get_end_column(node))
        guard depth < maxDepth else {
            throw MarkdownError(
                message: "Markdown nests deeper than \(maxDepth) levels",
                location: start ?? SourceLocation(line: lineOffset + 1, column: 1))
        }
        var children: [MarkdownNode] = []
        var child = cmark_node_first_child(node)
        // Counting first makes one allocation per parent, not one per doubling.
        var count = 0
        while let current = child {
            count += 1
            child = cmark_node_next(current)
        }
        children.reserveCapacity(count)
        child = cmark_node_first_child(node)
        while let current = child {
            children.append(try convert(current, depth: depth + 1))
            child = cmark_node_next(current)
        }
        let (kind, literal) = describe(node)
        return MarkdownNode(kind: kind, literal: literal, start: start, end: end, children: children)
    }

    private func describe(_ node: OpaquePointer) -> (MarkdownNode.Kind, String?) {
        let literal = { cmark_node_get_literal(node).map { String(cString: $0) } }
        // Core node types by their enum; extension types (tables,
        // strikethrough, task items) are registered at run time, so by name.
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return (.document, nil)
        case CMARK_NODE_BLOCK_QUOTE: return (.blockQuote, nil)
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            return (.list(ordered: ordered, start: Int(cmark_node_get_list_start(node))), nil)
        case CMARK_NODE_ITEM:
            // A task item is an item that the tasklist extension claimed.
            if strcmp(cmark_node_get_type_string(node), "tasklist") == 0 {
                return (.taskItem(checked: cmark_gfm_extensions_get_tasklist_item_checked(node)), nil)
            }
            return (.item, nil)
        case CMARK_NODE_CODE_BLOCK:
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            return (.codeBlock(info: info), literal())
        case CMARK_NODE_HTML_BLOCK: return (.htmlBlock, literal())
        case CMARK_NODE_PARAGRAPH: return (.paragraph, nil)
        case CMARK_NODE_HEADING: return (.heading(level: Int(cmark_node_get_heading_level(node))), nil)
        case CMARK_NODE_THEMATIC_BREAK: return (.thematicBreak, nil)
        case CMARK_NODE_FOOTNOTE_DEFINITION: return (.footnoteDefinition, nil)
        case CMARK_NODE_TEXT: return (.text, literal())
        case CMARK_NODE_SOFTBREAK: return (.softBreak, nil)
        case CMARK_NODE_LINEBREAK: return (.lineBreak, nil)
        case CMARK_NODE_CODE: return (.code, literal())
        case CMARK_NODE_HTML_INLINE: return (.htmlInline, literal())
        case CMARK_NODE_EMPH: return (.emphasis, nil)
        case CMARK_NODE_STRONG: return (.strong, nil)
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let title = cmark_node_get_title(node).map { String(cString: $0) } ?? ""
            return cmark_node_get_type(node) == CMARK_NODE_LINK
                ? (.link(url: url, title: title), nil) : (.image(url: url, title: title), nil)
        case CMARK_NODE_FOOTNOTE_REFERENCE: return (.footnoteReference, literal())
        default: break
        }
        let typeName = String(cString: cmark_node_get_type_string(node))
        switch typeName {
        case "table": return (.table, nil)
        case "table_header": return (.tableRow(header: true), nil)
        case "table_row":
            return (.tableRow(header: cmark_gfm_extensions_get_table_row_is_header(node) != 0), nil)
        case "table_cell": return (.tableCell, nil)
        case "strikethrough": return (.strikethrough, nil)
        default: return (.other(typeName), literal())
        }
    }

    private func location(line: Int32, column: Int32) -> SourceLocation? {
        guard line > 0, column > 0 else { return nil }
        return SourceLocation(line: Int(line) + lineOffset, column: Int(column))
    }
}
