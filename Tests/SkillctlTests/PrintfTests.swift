import Foundation
import Testing
@testable import skillctl

/// `String(printf:)` writes numbers as Foundation's `String(format:)` did
/// before it, so that no printed score changes with the helper.
@Suite struct PrintfTests {
    @Test(arguments: [
        0, 1, -1, 0.5, 1.0 / 3, 2.0 / 3, 12_345.678, -0.000_123_456, 1e-300, 9.995, 0.999_5, 123_456_789,
        .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
    ] as [Double])
    func significantDigitsMatchFoundation(value: Double) {
        #expect(String(printf: "%.3g", value) == String(format: "%.3g", value))
        #expect(String(printf: "; weight %.3g)", value) == String(format: "; weight %.3g)", value))
        #expect(String(printf: "%.0f%%", value) == String(format: "%.0f%%", value))
    }

    @Test func textLongerThanTheFirstBufferIsWrittenWhole() {
        // 309 digits for the largest Double: past the 64 bytes tried first.
        let expected = String(format: "%.0f and more", Double.greatestFiniteMagnitude)
        #expect(expected.count > 64)
        #expect(String(printf: "%.0f and more", Double.greatestFiniteMagnitude) == expected)
    }
}
