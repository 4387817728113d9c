import Testing
@testable import BlobServer

@Suite struct RouterTests {
    @Test func unknownPathIs404WithJSONError() {
        let router = Router()
        let response = router.respond(to: HTTPRequest(method: "GET", path: "/nowhere"))
        #expect(response.status == 404)
        #expect(String(decoding: response.bodyBytes, as: UTF8.self).contains("\"code\":\"NOT_FOUND\""))
    }
}
