import SkillStoreAPI
import Testing

@Suite struct ListPagingTests {
    @Test(arguments: ["alpha", "https://example.org/a?b=c", "12", "é-ü", "a"])
    func aCursorCarriesItsKey(key: String) {
        let cursor = ListPaging.cursor(after: key)
        #expect(!cursor.contains("=") && !cursor.contains("+") && !cursor.contains("/"))
        #expect(ListPaging.key(of: cursor) == key)
    }

    /// Padded, non-base64url, truncated or non-UTF-8 text is no cursor.
    @Test(arguments: ["", "YWxwaGE=", "!!", "a", "/w", "//8", "YW xw"])
    func textThatNoCursorSpellsIsRefused(text: String) {
        #expect(ListPaging.key(of: text) == nil)
    }
}
