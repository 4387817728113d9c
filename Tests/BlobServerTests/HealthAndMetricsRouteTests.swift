import Foundation
import Testing
@testable import BlobServer
@testable import SkillStore
import SkillStoreAPI

/// GET /healthz and /metrics.
@Suite struct HealthAndMetricsRouteTests {
    let fixture: ServerFixture
    init() throws { fixture = try ServerFixture() }

    @Test func healthzIsOK() {
        let response = fixture.get("/healthz")
        #expect(response.status == 200)
        #expect(response.text == "{\"status\":\"ok\"}\n")
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test func metricsAreThePrometheusTextFormat() {
        let response = fixture.get("/metrics")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/plain; version=0.0.4")
        let text = response.text
        #expect(text.contains("# TYPE skillstore_http_requests_total counter\n"))
        #expect(text.contains("# TYPE skillstore_http_request_duration_seconds histogram\n"))
        #expect(text.contains("skillstore_http_request_duration_seconds_bucket{le=\"+Inf\"} "))
        #expect(text.contains("skillstore_http_open_connections 0\n"))
        #expect(text.contains("skillstore_uptime_seconds "))
        #expect(text.hasSuffix("\n"))
    }
}
