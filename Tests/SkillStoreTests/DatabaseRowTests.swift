import Testing
@testable import SkillStore

/// A row's numbers are what SQLite holds: a NULL or a word read as a
/// number is an error, never a zero that would pass for a real value.
@Suite struct DatabaseRowTests {
    private func row(_ sql: String) throws -> Row {
        let database = try Database(path: ":memory:")
        return try #require(try database.queryFirst(sql))
    }

    @Test func numbersReadAsNumbers() throws {
        let row = try row("SELECT 7 AS whole, 2.5 AS real, '12' AS text, 3.0 AS round")
        #expect(try row.int("whole") == 7)
        #expect(try row.double("real") == 2.5)
        #expect(try row.int("text") == 12)
        #expect(try row.int("round") == 3)
    }

    @Test func nullOrTextIsNoNumber() throws {
        let row = try row("SELECT NULL AS missing, 'seven' AS word, 2.5 AS real")
        let missing = #expect(throws: SkillStoreError.self) { try row.int("missing") }
        #expect(missing?.description.contains("NULL") == true)
        #expect(throws: SkillStoreError.self) { try row.double("missing") }
        #expect(throws: SkillStoreError.self) { try row.int("word") }
        #expect(throws: SkillStoreError.self) { try row.int("real") }
    }

    /// The readers that skip building a Row (`wholeNumbers` and kin) read
    /// numbers as `Row.int` and `Row.double` do, errors included.
    @Test func rowlessReadersReadAsRowsDo() throws {
        let database = try Database(path: ":memory:")
        #expect(try database.wholeNumbers("SELECT 7 UNION ALL SELECT 3.0 UNION ALL SELECT '12'") == [7, 3, 12])
        let pairs = try database.wholeNumberPairs("SELECT 1, '2' UNION ALL SELECT 3.0, 4")
        #expect(pairs.map(\.0) == [1, 3] && pairs.map(\.1) == [2, 4])
        let scored = try database.scoredNumbers("SELECT 1, 2.5 UNION ALL SELECT '2', 3 UNION ALL SELECT 3, '0.25'")
        #expect(scored.map(\.id) == [1, 2, 3] && scored.map(\.score) == [2.5, 3, 0.25])
        let missing = #expect(throws: SkillStoreError.self) { try database.wholeNumbers("SELECT NULL AS version") }
        #expect(missing?.description.contains("version") == true)
        #expect(throws: SkillStoreError.self) { try database.wholeNumbers("SELECT 2.5") }
        #expect(throws: SkillStoreError.self) { try database.wholeNumberPairs("SELECT 1, 'seven'") }
        #expect(throws: SkillStoreError.self) { try database.scoredNumbers("SELECT 1, NULL") }
        // A cached statement that failed part way reads whole on its next run.
        let list = "SELECT value FROM json_each(?)"
        #expect(throws: SkillStoreError.self) { try database.wholeNumbers(list, [.text("[1, \"x\", 3]")]) }
        #expect(try database.wholeNumbers(list, [.text("[4, 5, 6]")]) == [4, 5, 6])
    }

    /// Every kind of value read as text and as bytes: by a row, and by
    /// `Statement.string(at:)` and `bytes(at:)`, also after the column was
    /// looked at in place as text (`withBytes`, which has SQLite write a
    /// number as text). Invalid UTF-8 is repaired, a number is written as
    /// Swift writes it, and only text and blobs have bytes.
    @Test func textReadersReadAsRowsDo() throws {
        let database = try Database(path: ":memory:")
        let expected: [(sql: String, string: String, bytes: [UInt8])] = [
            ("'plain é'", "plain é", Array("plain é".utf8)),
            ("CAST(X'61FF62' AS TEXT)", "a\u{FFFD}b", Array("a\u{FFFD}b".utf8)),
            ("42", "42", []),
            ("0.1 + 0.2", "0.30000000000000004", []),
            ("1e20", "1e+20", []),
            ("X'6869'", "hi", [0x68, 0x69]),
            ("NULL", "", []),
            ("''", "", []),
        ]
        let sql = "SELECT " + expected.enumerated().map { "\($1.sql) AS c\($0)" }.joined(separator: ", ")
        let row = try #require(try database.queryFirst(sql))
        for (index, value) in expected.enumerated() {
            #expect(Array(row.string("c\(index)").utf8) == Array(value.string.utf8), "row, \(value.sql)")
            #expect(row.bytes("c\(index)") == value.bytes, "row, \(value.sql)")
        }
        for looked in [false, true] {
            let read = try database.eachRow(sql, []) { statement in
                expected.indices.map { index -> (String, [UInt8]) in
                    let column = Int32(index)
                    if looked { _ = statement.withBytes(at: column) { $0.count } }
                    return (statement.string(at: column), statement.bytes(at: column))
                }
            }
            for (value, (string, bytes)) in zip(expected, try #require(read.first)) {
                #expect(Array(string.utf8) == Array(value.string.utf8), "\(value.sql), looked at: \(looked)")
                #expect(bytes == value.bytes, "\(value.sql), looked at: \(looked)")
            }
        }
    }

    @Test func blobIDsAreCheckedWhenRead() throws {
        let row = try row("SELECT '9d4359094e2074e6' AS id, 'not-hex-at-all!!' AS bad, NULL AS missing")
        #expect(try row.blobID("id") == BlobID(bits: 0x9d43_5909_4e20_74e6))
        #expect(throws: SkillStoreError.self) { try row.blobID("bad") }
        #expect(throws: SkillStoreError.self) { try row.blobID("missing") }
    }
}
