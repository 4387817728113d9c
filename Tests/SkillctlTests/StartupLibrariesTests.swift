import Foundation
import Testing
import TestSupport

/// Local commands start without the libraries only some commands use:
/// libcurl (and the thirty libraries it brings) for a server, libmicrohttpd
/// (and GnuTLS) for `serve`, libcrypto for hashing. Each is loaded when a
/// command first needs it; the dynamic loader's own log (LD_DEBUG=libs)
/// says which libraries a run loaded.
@Suite struct StartupLibrariesTests {
    static let onDemand = ["libcurl", "libmicrohttpd", "libgnutls", "libcrypto"]

    /// The on-demand libraries the loader reported loading in `result`.
    static func loaded(_ result: Skillctl.Result) -> [String] {
        onDemand.filter { name in
            result.stderr.split(separator: "\n").contains { $0.contains("find library=\(name)") }
        }
    }

    @Test func localCommandsLoadNoLibraryTheyDoNotUse() throws {
        let folder = try TemporaryFolder()
        var skillctl = Skillctl(database: folder.url.appendingPathComponent("local.db"))
        #expect(try skillctl.run(["init"]).status == 0)
        skillctl.environment["LD_DEBUG"] = "libs"
        for arguments in [["--help"], ["--version"], ["ls"], ["versions", "nothing-here"]] {
            let result = try skillctl.run(arguments)
            // The log must be there for its silence to mean anything.
            #expect(result.stderr.contains("find library="), "\(arguments): no loader log")
            #expect(Self.loaded(result).isEmpty, "\(arguments) loaded \(Self.loaded(result))")
        }
    }

    @Test func aRemoteCommandLoadsLibcurlWhenItRuns() throws {
        let folder = try TemporaryFolder()
        var skillctl = Skillctl(database: folder.url.appendingPathComponent("unused.db"))
        skillctl.environment["LD_DEBUG"] = "libs"
        let result = try skillctl.run(["--server", "http://127.0.0.1:1", "ls"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot reach http://127.0.0.1:1: "), "\(result.stderr)")
        // libcurl brings its TLS libraries with it; the server's stays out.
        #expect(Self.loaded(result).first == "libcurl", "\(Self.loaded(result))")
        #expect(!Self.loaded(result).contains("libmicrohttpd"))
    }

    @Test func hashingLoadsLibcrypto() throws {
        let folder = try TemporaryFolder()
        let skill = folder.url.appendingPathComponent("hashed-skill")
        try FileManager.default.createDirectory(at: skill, withIntermediateDirectories: true)
        try Data("---\nname: hashed-skill\ndescription: Hashed when published.\n---\n\n# Hashed\n".utf8)
            .write(to: skill.appendingPathComponent("SKILL.md"))
        var skillctl = Skillctl(database: folder.url.appendingPathComponent("hashed.db"))
        skillctl.environment["LD_DEBUG"] = "libs"
        let result = try skillctl.run(["publish", skill.path])
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        #expect(Self.loaded(result) == ["libcrypto"])
    }
}
