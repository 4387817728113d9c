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

    @Test func blobIDsAreCheckedWhenRead() throws {
        let row = try row("SELECT '9d4359094e2074e6' AS id, 'not-hex-at-all!!' AS bad, NULL AS missing")
        #expect(try row.blobID("id") == BlobID(bits: 0x9d43_5909_4e20_74e6))
        #expect(throws: SkillStoreError.self) { try row.blobID("bad") }
        #expect(throws: SkillStoreError.self) { try row.blobID("missing") }
    }
}
