import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// Review findings on what the server writes down.
@Suite struct AccessLogAndMetricsTests {
    @Test func theAccessLogEscapesWhatCouldForgeALine() {
        #expect(AccessLogLine.escape("/api/v1/blob/x\n127.0.0.1 fake \"GET /\"") == "/api/v1/blob/x\\x0A127.0.0.1 fake \\x22GET /\\x22")
        #expect(AccessLogLine.escape("/plain/path") == "/plain/path")
    }

    @Test func aSkillAnsweredAsTextOrJSONVariesByAccept() throws {
        let fixture = try ServerFixture()
        try fixture.publish([try fixture.skill("vary-me")])
        #expect(fixture.get("/api/v1/skills/vary-me").header("Vary") == "Accept")
        #expect(fixture.get("/api/v1/skills/vary-me", headers: ["Accept": "application/json"]).header("Vary") == "Accept")
    }
}
