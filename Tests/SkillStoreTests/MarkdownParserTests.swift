import Foundation
import Testing
@testable import SkillStore
import Synchronization
import struct SkillStore.SourceLocation

/// What the Markdown tree looks like after cmark-gfm, node by node, with the
/// line:column range cmark reports for each (`?` where it reports none).
@Suite("MarkdownParser")
struct MarkdownParserTests {
    /// One line per node: `kind start-end "literal"`, indented by depth.
    private func dump(_ node: MarkdownNode) -> String {
        var lines: [String] = []
        func visit(_ node: MarkdownNode, depth: Int) {
            var line = String(repeating: "  ", count: depth) + "\(node.kind) "
            line += (node.start.map(String.init(describing:)) ?? "?") + "-" + (node.end.map(String.init(describing:)) ?? "?")
            if let literal = node.literal { line += " " + literal.debugDescription }
            lines.append(line)
            for child in node.children { visit(child, depth: depth + 1) }
        }
        visit(node, depth: 0)
        return lines.joined(separator: "\n")
    }

    private func parse(_ text: String, firstLine: Int = 1) throws(MarkdownError) -> MarkdownNode {
        try MarkdownParser().parse(text, firstLine: firstLine)
    }

    @Test("golden dump: CommonMark blocks and inlines with the GFM extensions")
    func goldenDump() throws {
        let document = try parse("""
            # Title

            Some *emphasis*, **strong**, `code` and [a link](https://example.com "T").

            1. first
            2. second

            | Name | Value |
            | ---- | ----- |
            | a    | 1     |

            - [x] done
            - [ ] todo

            ~~gone~~ see https://example.org now.

            ```swift
            let x = 1
            ```
            """)
        // cmark's own quirks, kept as it reports them: a code span covers its
        // content, not its backticks; a list or item closed by a blank line
        // ends at column 0 (so no end); the autolink extension gives its link
        // no position and leaves the text before it with a stale end column.
        let golden = """
            document 1:1-19:3
              heading(level: 1) 1:1-1:7
                text 1:3-1:7 "Title"
              paragraph 3:1-3:74
                text 3:1-3:5 "Some "
                emphasis 3:6-3:15
                  text 3:7-3:14 "emphasis"
                text 3:16-3:17 ", "
                strong 3:18-3:27
                  text 3:20-3:25 "strong"
                text 3:28-3:29 ", "
                code 3:31-3:34 "code"
                text 3:36-3:40 " and "
                link(url: "https://example.com", title: "T") 3:41-3:73
                  text 3:42-3:47 "a link"
                text 3:74-3:74 "."
              list(ordered: true, start: 1) 5:1-?
                item 5:1-5:8
                  paragraph 5:4-5:8
                    text 5:4-5:8 "first"
                item 6:1-?
                  paragraph 6:4-6:9
                    text 6:4-6:9 "second"
              table 8:1-10:16
                tableRow(header: true) 8:1-8:16
                  tableCell 8:2-8:7
                    text 8:3-8:6 "Name"
                  tableCell 8:9-8:15
                    text 8:10-8:14 "Value"
                tableRow(header: false) 10:1-10:16
                  tableCell 10:2-10:7
                    text 10:3-10:3 "a"
                  tableCell 10:9-10:15
                    text 10:10-10:10 "1"
              list(ordered: false, start: 0) 12:1-?
                taskItem(checked: true) 12:1-12:10
                  paragraph 12:7-12:10
                    text 12:7-12:10 "done"
                taskItem(checked: false) 13:1-?
                  paragraph 13:7-13:10
                    text 13:7-13:10 "todo"
              paragraph 15:1-15:37
                strikethrough 15:1-15:8
                  text 15:3-15:6 "gone"
                text 15:9-15:18 " see "
                link(url: "https://example.org", title: "") ?-?
                  text ?-? "https://example.org"
                text 15:33-15:37 " now."
              codeBlock(info: "swift") 17:1-19:3 "let x = 1\\n"
            """
        let actual = dump(document)
        #expect(actual == golden)
    }

    @Test("golden dump: quotes, breaks, rules, HTML, images and footnotes")
    func goldenDumpOfOtherKinds() throws {
        let document = try parse("""
            > quoted
            > text\\
            > hard break

            ---

            <div>html</div>

            ![alt](img.png "Pic") <b>x</b> note[^1]

            [^1]: The note.
            """)
        // cmark reports no position for breaks and a thematic break's end,
        // places the text after a hard break in a quote on the break's line
        // (2:9, where the file has it at 3:3), and starts a footnote
        // definition at its text rather than at `[^1]:`.
        #expect(dump(document) == """
            document 1:1-11:15
              blockQuote 1:1-3:12
                paragraph 1:3-3:12
                  text 1:3-1:8 "quoted"
                  softBreak ?-?
                  text 2:3-2:6 "text"
                  lineBreak ?-?
                  text 2:9-2:18 "hard break"
              thematicBreak 5:1-?
              htmlBlock 7:1-7:15 "<div>html</div>\\n"
              paragraph 9:1-9:39
                image(url: "img.png", title: "Pic") 9:1-9:21
                  text 9:3-9:5 "alt"
                text 9:22-9:22 " "
                htmlInline 9:23-9:25 "<b>"
                text 9:26-9:26 "x"
                htmlInline 9:27-9:30 "</b>"
                text 9:31-9:35 " note"
                footnoteReference 9:36-9:39 "1"
              footnoteDefinition 11:7-11:15
                paragraph 11:7-11:15
                  text 11:7-11:15 "The note."
            """)
    }

    @Test("task list items carry their checked state")
    func taskItems() throws {
        let list = try #require(try parse("- [x] done\n- [ ] todo\n- plain\n").children.first)
        #expect(list.children.map(\.kind) == [.taskItem(checked: true), .taskItem(checked: false), .item])
    }

    @Test("firstLine moves every line down and leaves columns alone")
    func firstLineShiftsLines() throws {
        let text = "# Title\n\nA *word* here.\n"
        let fromTop = try parse(text)
        let shifted = try parse(text, firstLine: 10)

        func lines(_ node: MarkdownNode) -> [Int?] {
            [node.start?.line, node.end?.line] + node.children.flatMap(lines)
        }
        func columns(_ node: MarkdownNode) -> [Int?] {
            [node.start?.column, node.end?.column] + node.children.flatMap(columns)
        }
        #expect(lines(shifted) == lines(fromTop).map { $0.map { $0 + 9 } })
        #expect(columns(shifted) == columns(fromTop))
        #expect(shifted.children.map(\.start) == [SourceLocation(line: 10, column: 1), SourceLocation(line: 12, column: 1)])
    }

    @Test("columns count UTF-8 bytes, as cmark does (unlike YAML, whose columns count characters)")
    func columnsCountBytes() throws {
        let paragraph = try #require(try parse("é *x*").children.first)
        // `é` is two bytes, so `*` is byte 4 though it is the third character.
        #expect(paragraph.children.map(\.start) == [SourceLocation(line: 1, column: 1), SourceLocation(line: 1, column: 4)])
    }

    @Test("plainText joins the text a reader sees, breaks read as spaces")
    func plainText() throws {
        let document = try parse("Some *emphasis* and `code`,\nthen [a link](u) and <b>html</b>.\n")
        #expect(document.plainText == "Some emphasis and code, then a link and <b>html</b>.")
    }

    @Test("an empty text is a document with no children")
    func emptyText() throws {
        let document = try parse("")
        #expect(document.kind == .document)
        #expect(document.children.isEmpty)
    }

    @Test("nesting to depth 199 is converted; depth 200 is refused, located at the node that reaches it")
    func depthBoundary() throws {
        // document (0) > 197 quotes (1...197) > paragraph (198) > text (199)
        let deepest = String(repeating: ">", count: 197) + " deep\n"
        #expect(throws: Never.self) { try parse(deepest) }

        // One more quote puts the text at depth 200.
        let tooDeep = String(repeating: ">", count: 198) + " deep\n"
        let error = #expect(throws: MarkdownError.self) { try parse(tooDeep, firstLine: 7) }
        #expect(error == MarkdownError(
            message: "Markdown nests deeper than 200 levels", location: SourceLocation(line: 7, column: 200)))
    }

    @Test("300 nested block quotes throw MarkdownError instead of overflowing the stack")
    func deepBlockQuotes() {
        let text = String(repeating: ">", count: 300) + " deep\n"
        let error = #expect(throws: MarkdownError.self) { try parse(text) }
        #expect(error?.location == SourceLocation(line: 1, column: 200))
    }

    @Test("pathological nesting (100 000 quotes, 300 lists, 5 000 emphases) is refused, not a crash",
          arguments: [
              String(repeating: ">", count: 100_000) + " deep\n",
              String(repeating: "- ", count: 300) + "deep\n",
              String(repeating: "*a ", count: 5_000) + String(repeating: "b* ", count: 5_000),
          ])
    func pathologicalNesting(text: String) {
        #expect(throws: MarkdownError.self) { try parse(text) }
    }

    @Test("maxDepth is a setting of the parser")
    func customDepth() {
        var parser = MarkdownParser()
        parser.maxDepth = 3
        // document (0) > paragraph (1) > text (2)
        #expect(throws: Never.self) { try parser.parse("flat\n") }
        // document (0) > quote (1) > paragraph (2) > text (3)
        #expect(throws: MarkdownError.self) { try parser.parse("> quoted\n") }
    }
}

/// cmark-gfm keeps some parser state process-wide; parsing on many threads
/// at once must give every thread the same tree.
@Suite struct MarkdownConcurrencyTests {
    @Test func parsersOnManyThreadsAgree() throws {
        let text = "| a | b |\n|---|---|\n| ~~gone~~ | [x](https://example.org) |\n\n- [x] done ~~old~~ https://example.org\n"
        let expected = try MarkdownParser().parse(text)
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<300 {
                if (try? MarkdownParser().parse(text)) != expected { mismatches.withLock { $0 += 1 } }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
