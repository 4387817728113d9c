import Foundation
@testable import SkillStoreAPI
import Testing

@Suite struct APIPathTests {
    @Test func aPathFillsTheParametersInOrder() {
        #expect(APIPath.skillVersion.path("oven-spring", "1.2.0") == "/api/v1/skills/oven-spring/versions/1.2.0")
        #expect(APIPath.blob.path("9d4359094e2074e6") == "/api/v1/blob/9d4359094e2074e6")
        #expect(APIPath.skills.path() == "/api/v1/skills")
        #expect(APIPath.skillManifest.parameterNames == ["name", "label"])
    }

    /// A value is one segment however it is spelled: the characters that
    /// would end or split a segment are percent-encoded.
    @Test func aValueCannotLeaveItsSegment() {
        #expect(APIPath.skillVersion.path("a", "x/y;z?q#f") == "/api/v1/skills/a/versions/x%2Fy%3Bz%3Fq%23f")
        #expect(APIPath.skillVersion.path("a", "git:2026+1 é") == "/api/v1/skills/a/versions/git:2026+1%20%C3%A9")
    }

    @Test func everyRouteIsDeclaredOnce() {
        #expect(Set(APIPath.all).count == APIPath.all.count)
        #expect(Set(APIPath.all.map(\.pattern)).count == APIPath.all.count)
    }
}
