import Testing
import SkillStoreMCP

/// How stdio input becomes messages: lines split across reads, CRLF, blank
/// lines, and a line over the limit dropped without losing the next one.
@Suite struct LineFramerTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func linesSplitAcrossReadsAreJoined() {
        var framer = LineFramer(maxLineBytes: 100)
        #expect(framer.feed(bytes("{\"a\":")) == [])
        #expect(framer.feed(bytes("1}\r\n\n  \n{\"b\"")) == [.line(bytes("{\"a\":1}"))])
        #expect(framer.feed(bytes(":2}")) == [])
        #expect(framer.finish() == [.line(bytes("{\"b\":2}"))])
    }

    @Test func aLineOverTheLimitIsReportedOnceAndTheNextLineStillArrives() {
        var framer = LineFramer(maxLineBytes: 8)
        #expect(framer.feed(bytes("0123456789")) == [])
        #expect(framer.feed(bytes("more and more")) == [])
        #expect(framer.feed(bytes("end\n{}\n")) == [.tooLong, .line(bytes("{}"))])
        #expect(framer.feed(bytes("123456789\nok\n")) == [.tooLong, .line(bytes("ok"))])
        #expect(framer.feed(bytes("12345678")) == [])
        #expect(framer.feed(bytes("\n")) == [.line(bytes("12345678"))])
    }

    @Test func anOverlongLastLineIsReportedAtTheEnd() {
        var framer = LineFramer(maxLineBytes: 4)
        #expect(framer.feed(bytes("123456")) == [])
        #expect(framer.finish() == [.tooLong])
    }
}
