import Testing
@testable import SkillStore
import struct SkillStore.SourceLocation

/// How front-matter YAML becomes typed values, where each value is said to
/// start, and what the reader refuses.
@Suite("YAMLReader")
struct YAMLReaderTests {
    private func parse(_ text: String) throws(YAMLError) -> YAMLNode {
        try YAMLReader().parse(text)
    }

    private func at(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(line: line, column: column)
    }

    // MARK: - Typed values

    @Test("plain scalars resolve by the YAML 1.2 core schema, each at its 1-based line:column")
    func plainScalarsAreTyped() throws {
        let root = try parse("""
            title: hello world
            count: 42
            ratio: 1.10
            exponent: 1e3
            negative: -7
            hex: 0x1F
            octal: 0o17
            yes: true
            no: False
            tilde: ~
            word-null: null
            empty:
            """)

        #expect(root.location == at(1, 1))
        #expect(root["title"] == YAMLNode(value: .string("hello world"), location: at(1, 8)))
        #expect(root["count"] == YAMLNode(value: .number(42, text: "42"), location: at(2, 8)))
        #expect(root["ratio"] == YAMLNode(value: .number(1.1, text: "1.10"), location: at(3, 8)))
        #expect(root["exponent"] == YAMLNode(value: .number(1000, text: "1e3"), location: at(4, 11)))
        #expect(root["negative"] == YAMLNode(value: .number(-7, text: "-7"), location: at(5, 11)))
        #expect(root["hex"] == YAMLNode(value: .number(31, text: "0x1F"), location: at(6, 6)))
        #expect(root["octal"] == YAMLNode(value: .number(15, text: "0o17"), location: at(7, 8)))
        #expect(root["yes"] == YAMLNode(value: .bool(true), location: at(8, 6)))
        #expect(root["no"] == YAMLNode(value: .bool(false), location: at(9, 5)))
        #expect(root["tilde"] == YAMLNode(value: .null, location: at(10, 8)))
        #expect(root["word-null"] == YAMLNode(value: .null, location: at(11, 12)))
        #expect(root["empty"]?.value == .null)
    }

    @Test("numbers keep their source text, so `1.10` is not read back as `1.1`")
    func numbersKeepTheirSourceText() throws {
        let root = try parse("a: 1.10\nb: 007\nc: +3\nd: .5\ne: 1.0\n")
        #expect(root["a"]?.scalarText == "1.10")
        #expect(root["b"]?.scalarText == "007")
        #expect(root["c"]?.scalarText == "+3")
        #expect(root["d"]?.scalarText == ".5")
        #expect(root["e"]?.scalarText == "1.0")
    }

    @Test("quoted scalars are always strings, whatever they look like")
    func quotedScalarsStayStrings() throws {
        let root = try parse("""
            double: "42"
            single: '1.10'
            flag: "true"
            nothing: "~"
            blank: ""
            """)
        #expect(root["double"] == YAMLNode(value: .string("42"), location: at(1, 9)))
        #expect(root["single"] == YAMLNode(value: .string("1.10"), location: at(2, 9)))
        #expect(root["flag"]?.value == .string("true"))
        #expect(root["nothing"]?.value == .string("~"))
        #expect(root["blank"]?.value == .string(""))
    }

    @Test("YAML 1.1 words (yes, no, on, off) and YAML-ish forms are strings under the 1.2 core schema")
    func yaml11BooleansAreStrings() throws {
        let root = try parse("a: yes\nb: no\nc: on\nd: off\ne: 1.2.3\nf: 12abc\ng: inf\n")
        for key in ["a", "b", "c", "d", "e", "f", "g"] {
            guard case .string = root[key]?.value else {
                Issue.record("'\(key)' resolved to \(String(describing: root[key]?.value)), expected a string")
                continue
            }
        }
    }

    @Test("non-finite numbers keep their YAML spelling")
    func nonFiniteNumbers() throws {
        let root = try parse("up: .inf\ndown: -.Inf\nnan: .NaN\n")
        #expect(root["up"]?.value == .number(.infinity, text: ".inf"))
        #expect(root["down"]?.value == .number(-.infinity, text: "-.Inf"))
        guard case .number(let nan, let text)? = root["nan"]?.value else {
            Issue.record("'.NaN' did not resolve to a number")
            return
        }
        #expect(nan.isNaN)
        #expect(text == ".NaN")
    }

    @Test("block scalars (| and >) are strings with YAML's line folding")
    func blockScalars() throws {
        let root = try parse("literal: |\n  line one\n  line two\nfolded: >\n  line one\n  line two\n")
        #expect(root["literal"] == YAMLNode(value: .string("line one\nline two\n"), location: at(1, 10)))
        #expect(root["folded"] == YAMLNode(value: .string("line one line two\n"), location: at(4, 9)))
    }

    @Test("block and flow lists hold typed items; a block list starts at its first dash")
    func lists() throws {
        let root = try parse("""
            block:
              - a
              - 2
            flow: [x, "3", false]
            """)
        #expect(root["block"] == YAMLNode(
            value: .list([
                YAMLNode(value: .string("a"), location: at(2, 5)),
                YAMLNode(value: .number(2, text: "2"), location: at(3, 5)),
            ]),
            location: at(2, 3)))
        #expect(root["flow"] == YAMLNode(
            value: .list([
                YAMLNode(value: .string("x"), location: at(4, 8)),
                YAMLNode(value: .string("3"), location: at(4, 11)),
                YAMLNode(value: .bool(false), location: at(4, 16)),
            ]),
            location: at(4, 7)))
    }

    @Test("nested maps keep their entries in order, each key with its own location")
    func nestedMaps() throws {
        let root = try parse("""
            metadata:
              version: 2.0
              owner:
                team: docs
              flow: {k: v}
            """)
        let metadata = try #require(root["metadata"])
        guard case .map(let entries) = metadata.value else {
            Issue.record("metadata is not a map: \(metadata.value)")
            return
        }
        #expect(entries.map(\.key) == ["version", "owner", "flow"])
        #expect(entries.map(\.keyLocation) == [at(2, 3), at(3, 3), at(5, 3)])
        #expect(metadata.location == at(2, 3))
        #expect(metadata["version"] == YAMLNode(value: .number(2, text: "2.0"), location: at(2, 12)))
        #expect(metadata["owner"]?["team"] == YAMLNode(value: .string("docs"), location: at(4, 11)))
        #expect(metadata["flow"]?.location == at(5, 9))
        #expect(metadata["flow"]?["k"] == YAMLNode(value: .string("v"), location: at(5, 13)))
    }

    @Test("columns count characters, not bytes: libyaml steps one column per code point")
    func columnsCountCharacters() throws {
        let root = try parse("é: à b\n")
        #expect(root["é"] == YAMLNode(value: .string("à b"), location: at(1, 4)))
    }

    @Test("subscripts and scalarText answer nil where they do not apply")
    func accessorsOnTheWrongShape() throws {
        let root = try parse("list: [1]\nmap: {a: 1}\nflag: true\nnothing: ~\n")
        #expect(root["missing"] == nil)
        #expect(root["list"]?["a"] == nil)
        #expect(root["list"]?.scalarText == nil)
        #expect(root["map"]?.scalarText == nil)
        #expect(root["nothing"]?.scalarText == nil)
        #expect(root["flag"]?.scalarText == "true")
    }

    @Test("an empty document, or one with only a comment, is null at 1:1",
          arguments: ["", "\n", "# only a comment\n"])
    func emptyDocumentIsNull(text: String) throws {
        #expect(try parse(text) == YAMLNode(value: .null, location: at(1, 1)))
    }

    @Test("a bare '---' document is null, located where libyaml puts its empty scalar: the next line")
    func startMarkerOnlyIsNull() throws {
        #expect(try parse("---\n") == YAMLNode(value: .null, location: at(2, 1)))
    }

    // MARK: - Refusals

    @Test("a duplicate key is refused at the second key's line:column")
    func duplicateKey() {
        let error = #expect(throws: YAMLError.self) {
            try parse("name: a\ndescription: b\nname: c\n")
        }
        #expect(error == YAMLError(message: "duplicate key 'name'", location: at(3, 1)))
    }

    @Test("a duplicate key inside a nested map is located in that map")
    func duplicateNestedKey() {
        let error = #expect(throws: YAMLError.self) {
            try parse("metadata:\n  a: 1\n  b: 2\n  a: 3\n")
        }
        #expect(error?.location == at(4, 3))
    }

    @Test("the same key in two different maps is not a duplicate")
    func sameKeyInSiblingMaps() throws {
        let root = try parse("one:\n  a: 1\ntwo:\n  a: 2\n")
        #expect(root["one"]?["a"]?.scalarText == "1")
        #expect(root["two"]?["a"]?.scalarText == "2")
    }

    @Test("an alias (*name) is refused at the asterisk, so a small file cannot expand")
    func aliasRefused() {
        let error = #expect(throws: YAMLError.self) {
            try parse("a: 1\nb: *x\n")
        }
        #expect(error == YAMLError(message: "YAML aliases (*name) are not allowed in front-matter", location: at(2, 4)))
    }

    @Test("an anchor (&name) is refused on a scalar, a list or a map",
          arguments: ["a: &x 1\n", "a: &x [1]\n", "a: &x {b: 1}\n"])
    func anchorRefused(text: String) {
        let error = #expect(throws: YAMLError.self) {
            try parse(text)
        }
        #expect(error == YAMLError(message: "YAML anchors (&name) are not allowed in front-matter", location: at(1, 4)))
    }

    @Test("a key that is a list or a map is refused")
    func complexKeyRefused() {
        let error = #expect(throws: YAMLError.self) {
            try parse("[a, b]: 1\n")
        }
        #expect(error?.message == "a front-matter key must be text, not a list or map")
        #expect(error?.location == at(1, 1))
    }

    @Test("a syntax error carries libyaml's message and the place to fix: where an unfinished construct opened", arguments: [
        ("a: b: c\n", SourceLocation(line: 1, column: 5), "mapping values are not allowed in this context"),
        ("a: [1, 2\n", SourceLocation(line: 1, column: 4), "did not find expected ',' or ']'"),
        ("key: \"open\n", SourceLocation(line: 1, column: 6), "found unexpected end of stream"),
    ])
    func syntaxErrorLocation(text: String, location: SourceLocation, problem: String) {
        let error = #expect(throws: YAMLError.self) {
            try parse(text)
        }
        #expect(error?.location == location)
        #expect(error?.message.hasPrefix("YAML syntax error: ") == true)
        #expect(error?.message.contains(problem) == true, "\(String(describing: error?.message))")
    }

    @Test("nesting up to maxDepth (32) is read; one level more is refused where it opens")
    func nestingDepthLimit() throws {
        let deepest = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(throws: Never.self) { try parse(deepest) }

        let tooDeep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        let error = #expect(throws: YAMLError.self) { try parse(tooDeep) }
        #expect(error == YAMLError(message: "front-matter nests deeper than 32 levels", location: at(1, 33)))
    }

    @Test("deep block nesting is refused as well, and a huge flow nest fails fast")
    func deepBlockNesting() {
        var text = ""
        for level in 0..<40 {
            text += String(repeating: "  ", count: level) + "k\(level):\n"
        }
        let error = #expect(throws: YAMLError.self) { try parse(text) }
        #expect(error?.message == "front-matter nests deeper than 32 levels")

        let huge = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: YAMLError.self) { try parse(huge) }
    }

    @Test("maxDepth is a setting of the reader")
    func customDepth() {
        var reader = YAMLReader()
        reader.maxDepth = 2
        #expect(throws: Never.self) { try reader.parse("a:\n  b: 1\n") }
        let error = #expect(throws: YAMLError.self) { try reader.parse("a:\n  b:\n    c: 1\n") }
        #expect(error?.location == at(3, 5))
    }

    @Test("maxNodes counts keys, values and collections; the first value past it is refused")
    func nodeLimit() throws {
        var reader = YAMLReader()
        reader.maxNodes = 3
        // `a`, `1` and the map itself: three nodes.
        #expect(try reader.parse("a: 1\n")["a"]?.scalarText == "1")
        let error = #expect(throws: YAMLError.self) { try reader.parse("a: 1\nb: 2\n") }
        #expect(error == YAMLError(message: "front-matter has more than 3 values", location: at(2, 4)))
    }

    @Test("the default maxNodes (10 000) refuses a long flat list")
    func defaultNodeLimit() {
        let text = "[" + Array(repeating: "1", count: 10_001).joined(separator: ",") + "]"
        let error = #expect(throws: YAMLError.self) { try parse(text) }
        #expect(error?.message == "front-matter has more than 10000 values")
    }

    // MARK: - JSON

    @Test("jsonText sorts map keys and writes no spaces")
    func jsonSortsKeys() throws {
        let root = try parse("""
            name: pdf
            B: 1
            _: 2
            a: [true, ~, "x"]
            nested: {z: 1, m: {y: 2, b: 3}}
            """)
        #expect(root.jsonText() == #"{"B":1,"_":2,"a":[true,null,"x"],"name":"pdf","nested":{"m":{"b":3,"y":2},"z":1}}"#)
    }

    @Test("jsonText escapes quotes, backslashes and control characters, and keeps other text as is")
    func jsonEscapes() throws {
        let root = try parse(#"s: "q\"b\\s\n\t\r\u0001/é""#)
        #expect(root.jsonText() == #"{"s":"q\"b\\s\n\t\r\u0001/é"}"#)
    }

    @Test("jsonText writes integers without a fraction and non-finite numbers as their YAML text")
    func jsonNumbers() throws {
        let root = try parse("a: 1e3\nb: 1.5\nc: 1.10\nd: .inf\ne: .nan\nf: 0x1F\ng: -0\nh: 1e400\n")
        #expect(root.jsonText() == #"{"a":1000,"b":1.5,"c":1.1,"d":".inf","e":".nan","f":31,"g":0,"h":"1e400"}"#)
    }

    @Test("jsonText of a scalar document is that scalar")
    func jsonOfScalars() throws {
        #expect(try parse("").jsonText() == "null")
        #expect(try parse("plain text").jsonText() == #""plain text""#)
        #expect(try parse("- 1\n- two\n").jsonText() == #"[1,"two"]"#)
    }

    // MARK: - Known bugs (each test states the correct behaviour)

    @Test("a second YAML document is refused, not silently read in place of the first")
    func secondDocumentRefused() {
        #expect(throws: YAMLError.self) {
            try parse("name: a\n---\nname: b\n")
        }
    }

    @Test("hex and octal forms take no sign (YAML 1.2: 0x[0-9a-fA-F]+, 0o[0-7]+)",
          arguments: ["0x-1", "0x+1F", "0o-7"])
    func signedHexIsAString(text: String) throws {
        let node = try parse(text)
        #expect(node.value == .string(text))
    }

    @Test("an explicit !!str tag keeps a number-like scalar a string")
    func explicitStringTag() throws {
        let root = try parse("a: !!str 12\n")
        #expect(root["a"]?.value == .string("12"))
    }
}
