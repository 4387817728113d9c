import Foundation
import Testing
import TestSupport

@testable import skillctl

/// A mistyped command or option is still a usage error (exit 2), with the
/// declared name it most likely meant.
@Suite struct DidYouMeanTests {
    static func run(_ arguments: [String]) throws -> Skillctl.Result {
        let folder = try TemporaryFolder()
        return try Skillctl(database: folder.url.appendingPathComponent("unused.db")).run(arguments, in: folder.url)
    }

    @Test(arguments: [
        (["pubish", "dir"], "skillctl: unknown command 'pubish'; did you mean 'publish'?"),
        (["serach", "fold"], "skillctl: unknown command 'serach'; did you mean 'search'?"),
        (["help", "pubish"], "skillctl: unknown command 'pubish'; did you mean 'publish'?"),
        (["--verison"], "skillctl: unknown option --verison; did you mean '--version'?"),
        (["ls", "--jsno"], "skillctl: unknown option --jsno; did you mean '--json'?"),
        (["search", "fold", "--limt", "3"], "skillctl: unknown option --limt; did you mean '--limit'?"),
        (["publish", "--verison", "1.0", "dir"], "skillctl: unknown option --verison; did you mean '--version'?"),
        (["--serer=http://x", "ls"], "skillctl: unknown option --serer; did you mean '--server'?"),
    ])
    func aTypoIsAnsweredWithTheNearestDeclaredName(_ arguments: [String], _ expected: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(expected + "\n"), "\(arguments): \(result.stderr)")
    }

    @Test func anUnknownCommandIsReportedBeforeItsOptions() throws {
        let result = try Self.run(["pubish", "--verison", "1.0"])
        #expect(result.stderr.hasPrefix("skillctl: unknown command 'pubish'; did you mean 'publish'?"), "\(result.stderr)")
    }

    @Test func nothingCloseMeansNoSuggestion() throws {
        let result = try Self.run(["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("skillctl: unknown command 'frobnicate'\n"), "\(result.stderr)")
        let short = try Self.run(["ls", "-x"])
        #expect(short.stderr.hasPrefix("skillctl: unknown option -x\n"), "\(short.stderr)")
    }

    @Test func editDistanceCountsASwapOfNeighboursAsOneEdit() {
        #expect(NearestSpelling.editDistance("verison", "version") == 1)
        #expect(NearestSpelling.editDistance("pubish", "publish") == 1)
        #expect(NearestSpelling.editDistance("", "abc") == 3)
        #expect(NearestSpelling.editDistance("kitten", "sitting") == 3)
        #expect(NearestSpelling.editDistance("same", "same") == 0)
    }

    @Test func onlyATyposReachIsSuggested() {
        #expect(NearestSpelling.suggestion(for: "pubish", among: ["pull", "publish"]) == "publish")
        #expect(NearestSpelling.suggestion(for: "lss", among: ["ls", "links"]) == "ls")
        // Three edits from anything: another word, not a typo.
        #expect(NearestSpelling.suggestion(for: "frobnicate", among: ["fsck", "init"]) == nil)
        // Two letters are too few to tell a typo from another option.
        #expect(NearestSpelling.suggestion(for: "-x", among: ["-q", "-h"]) == nil)
    }
}
