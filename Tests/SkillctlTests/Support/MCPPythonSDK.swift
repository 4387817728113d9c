import Foundation
import Testing
import TestSupport

/// The official MCP Python SDK (PyPI `mcp`) in a virtual environment under
/// `.build/mcp-venv`, installed on first use. Where it cannot be had (no
/// python3, no network to PyPI), the tests that need it are reported
/// skipped by the test run.
enum MCPPythonSDK {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let environment = packageRoot.appendingPathComponent(".build/mcp-venv")
    static let python = environment.appendingPathComponent("bin/python")
    static let checkScript = packageRoot.appendingPathComponent("scripts/mcp-sdk-check.py")

    /// Nil when the SDK is ready, else why it is not.
    static let unavailableReason: String? = {
        func run(_ executable: String, _ arguments: [String]) -> ProcessOutcome? {
            try? ProcessRunner.run(URL(fileURLWithPath: executable), arguments)
        }
        func importsSDK() -> Bool { run(python.path, ["-c", "import mcp, mcp_types"])?.status == 0 }
        if importsSDK() { return nil }
        guard let made = run("/usr/bin/env", ["python3", "-m", "venv", environment.path]), made.status == 0 else {
            return "python3 -m venv failed; the MCP Python SDK tests are skipped"
        }
        let install = run(python.path, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "mcp"])
        guard install?.status == 0, importsSDK() else {
            return "pip install mcp failed (is PyPI reachable?): \(install?.stderr.suffix(300) ?? "")"
        }
        return nil
    }()

    /// Whether the SDK is ready; the tests that need it are declared with
    /// `.enabled(if: available, ...)`, so a run without it reports them skipped.
    static var available: Bool { unavailableReason == nil }
}
