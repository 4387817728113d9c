import Foundation
import Testing
import TestSupport

/// A lock file that is not one is said plainly, not as the decoder's dump.
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
}
