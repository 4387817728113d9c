import Foundation
import Testing
import TestSupport

/// A program some tests run when the machine has it (zsh, fish, groff),
/// found on PATH; without it, those tests are skipped and say why.
struct SystemTool {
    let name: String
    /// The Debian package that has it.
    var package: String? = nil

    var path: String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    var available: Bool { path != nil }

    var skipReason: Comment {
        Comment(rawValue: "\(name) is not installed (apt-get install \(package ?? name)); this check needs it")
    }

    /// Runs the tool with `arguments`, `stdin` on its standard input.
    func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> ProcessOutcome {
        let path = try #require(path, "\(name) is not installed")
        return try ProcessRunner.run(URL(fileURLWithPath: path), arguments, environment: ["LC_ALL": "C.UTF-8"], in: directory, stdin: stdin)
    }
}
