import Foundation
import Testing
import TestSupport

/// A lock file that is not one, or a DIR that is a file, is said plainly
/// (not as the decoder's dump, not as a missing lock).
@Suite struct MalformedLockTests {
    @Test func verifyOutdatedAndPullNameWhatIsWrongWithTheLock() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        #expect(try skillctl.run(["init"]).status == 0)
        try folder.write("text/skills.lock.json", "not json\n")
        try folder.write("partial/skills.lock.json", #"{"format":"skillstore.lock.v1","skills":[{"name":"x"}]}"#)
        for (dir, reason) in [("text", "it is not JSON"), ("partial", #"skills[0] has no "label""#)] {
            let lock = folder.path("\(dir)/skills.lock.json")
            for arguments in [["verify", folder.path(dir)], ["outdated", folder.path(dir)],
                              ["pull", "--locked", "--to", folder.path("fresh"), "--lock", lock]] {
                let result = try skillctl.run(arguments)
                #expect(result.status == 1, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains("skillctl: \(lock) is not a valid lock file: \(reason)\n"), "\(result.stderr)")
                #expect(!result.stderr.contains("DecodingError"), "\(result.stderr)")
            }
        }
    }

    @Test func verifyAndOutdatedOfAFileAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        #expect(try skillctl.run(["init"]).status == 0)
        try folder.write("README.md", "# Read me\n")
        for command in ["verify", "outdated"] {
            let result = try skillctl.run([command, "README.md"], in: folder.url)
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("skillctl: README.md is a file, not a folder of pulled skills"), "\(result.stderr)")
        }
    }
}
