import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// The one place errors become answers.
@Suite struct ErrorResponderTests {
    static func refused(_ code: String, kind: FailureKind = .refused) -> InputRefused {
        InputRefused([Diagnostic(path: "my-skill/SKILL.md", location: nil, message: "refused", code: code)], kind: kind)
    }

    @Test func aBlobIDCollisionIs409() throws {
        let response = ErrorResponder.response(for: Self.refused("blob-id-collision", kind: .conflict))
        #expect(response.status == 409)
        #expect(response.errorDetail?.code == "BLOB_ID_COLLISION")
        #expect(response.errorDetail?.diagnostics?.map(\.code) == ["blob-id-collision"])
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test func aTokenScopeRefusalIs403AndAnyOtherRefusal400() {
        #expect(ErrorResponder.response(for: Self.refused("token-scope", kind: .forbidden)).status == 403)
        let other = ErrorResponder.response(for: Self.refused("name-folder-mismatch"))
        #expect(other.status == 400)
        #expect(other.errorDetail?.code == "BUNDLE_INVALID")
        #expect(other.errorDetail?.message == "the bundle was refused; nothing was published")
    }

    @Test func notFoundIs404AndAnythingUnexpected500() {
        let missing = ErrorResponder.response(for: SkillStoreError.notFound("no skill named 'x'"))
        #expect(missing.status == 404)
        #expect(missing.text == "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"no skill named 'x'\"}}\n")
        let corrupt = ErrorResponder.response(for: SkillStoreError.corrupt("blob 0123"))
        #expect(corrupt.status == 500)
        #expect(corrupt.errorDetail?.code == "INTERNAL")
        #expect(ErrorResponder.response(for: CocoaError(.fileReadUnknown)).status == 500)
    }

    @Test func anUnexpectedErrorsDetailsGoToTheLogNotTheClient() {
        struct Leaky: Error, CustomStringConvertible { var description: String { "SELECT * FROM /srv/secret.db" } }
        let response = ErrorResponder.response(for: Leaky())
        #expect(response.status == 500)
        #expect(!response.text.contains("secret"))
        #expect(response.internalError == "SELECT * FROM /srv/secret.db")
    }

    @Test func anErrorsOwnHeadersAreKept() {
        let response = ErrorResponder.response(for: HTTPError(
            429, "SLOW_DOWN", "later", headers: [("Retry-After", "5"), ("Cache-Control", "private")]))
        #expect(response.status == 429)
        #expect(response.header("Retry-After") == "5")
        #expect(response.headers.filter { $0.0 == "Cache-Control" }.map(\.1) == ["private"])
    }
}
