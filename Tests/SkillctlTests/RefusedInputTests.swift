import Foundation
import Testing
import TestSupport

/// Bad input is refused with exit status 4 and an error in the compiler form
/// `path:line:col: error: message`, and it changes nothing: the database file
/// keeps every byte it had, and `ls` lists only the skill that was there before.
///
/// Every test starts from a store that already holds one skill, so that
/// "unchanged" is about a real database and not an empty one. Paths are
/// passed relative to the store's folder, as a user in that folder would, and
/// each error must name the path as it was given.
///
/// The Agent Skills rules that lenient intake turns into warnings (name,
/// description, no front-matter) are refused here under --strict; what
/// cannot be read safely is refused without it.
@Suite struct RefusedInputTests {
    // MARK: - The front-matter fences

    @Test("With --strict, a SKILL.md that starts with '# Title' instead of front-matter is refused at 1:1")
    func missingFrontMatter() throws {
        let store = try StoreWithOneSkill()
        try store.folder.write("no-front-matter/SKILL.md", "# Title\n\nSome text.\n")

        let result = try store.refusedPublish(["--strict", "no-front-matter"])

        expectError(result, at: "no-front-matter/SKILL.md:1:1", saying: "must start with a '---' line")
    }

    @Test("Front-matter that is opened and never closed is refused at its opening fence")
    func unterminatedFrontMatter() throws {
        let store = try StoreWithOneSkill()
        try store.folder.write(
            "unterminated/SKILL.md",
            "---\nname: unterminated\ndescription: Never closed.\nversion: \"1.0\"\n\n# Title\n\nSome text.\n")

        let result = try store.refusedPublish(["unterminated"])

        expectError(result, at: "unterminated/SKILL.md:1:1", saying: "never closed")
    }

    // MARK: - YAML

    @Test("A YAML syntax error is located at its line in the file, not in the front-matter")
    func yamlSyntaxErrorCountsFileLines() throws {
        let store = try StoreWithOneSkill()
        // The YAML text starts on file line 2, so its second line is file line 3;
        // column 15 is the second ':' of "description: a: b #c" (the comment
        // keeps lenient intake from reading the value as text).
        try store.folder.write(
            "bad-yaml/SKILL.md", skillMarkdown(name: "bad-yaml", description: "a: b #c"))

        let result = try store.refusedPublish(["bad-yaml"])

        expectError(result, at: "bad-yaml/SKILL.md:3:15", saying: "YAML syntax error: mapping values are not allowed")
    }

    @Test("An unclosed flow list is refused, located where the list opens")
    func unclosedFlowList() throws {
        let store = try StoreWithOneSkill()
        try store.folder.write(
            "unclosed-list/SKILL.md", skillMarkdown(name: "unclosed-list", description: "[unclosed"))

        let result = try store.refusedPublish(["unclosed-list"])

        #expect(result.stderr.hasPrefix("unclosed-list/SKILL.md:"), "\(result.stderr)")
        #expect(result.stderr.contains(": error: YAML syntax error: while parsing a flow sequence"), "\(result.stderr)")
        expectError(result, at: "unclosed-list/SKILL.md:3:14", saying: "YAML syntax error")
    }

    @Test("Anchors and aliases (the 'billion laughs') are refused at the first anchor")
    func billionLaughs() throws {
        let store = try StoreWithOneSkill()
        let laughs = """
            a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]
            b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
            c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
            d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
            version: "1.0"
            """
        try store.folder.write("laughs/SKILL.md", skillMarkdown(name: "laughs", extraFrontMatter: laughs))

        let result = try store.refusedPublish(["laughs"])

        // Line 4 is "a: &a [...]"; the anchor is in column 4.
        expectError(result, at: "laughs/SKILL.md:4:4", saying: "YAML anchors (&name) are not allowed")
    }

    @Test("An alias is refused where it stands, even without an anchor before it")
    func aliasAlone() throws {
        let store = try StoreWithOneSkill()
        try store.folder.write(
            "alias-only/SKILL.md", skillMarkdown(name: "alias-only", extraFrontMatter: "version: \"1.0\"\ntags: *elsewhere"))

        let result = try store.refusedPublish(["alias-only"])

        expectError(result, at: "alias-only/SKILL.md:5:7", saying: "YAML aliases (*name) are not allowed")
    }

    @Test("A key given twice is refused at the second one")
    func duplicateKey() throws {
        let store = try StoreWithOneSkill()
        try store.folder.write(
            "twice-named/SKILL.md", skillMarkdown(name: "twice-named", extraFrontMatter: "name: twice-named\nversion: \"1.0\""))

        let result = try store.refusedPublish(["twice-named"])

        expectError(result, at: "twice-named/SKILL.md:4:1", saying: "duplicate key 'name'")
    }

    // MARK: - name and description

    @Test("With --strict, an invalid name is refused at its value", arguments: InvalidName.all)
    func invalidName(_ invalid: InvalidName) throws {
        let store = try StoreWithOneSkill()
        // The folder carries the same name, so the only fault is the name itself.
        try store.folder.write("\(invalid.name)/SKILL.md", skillMarkdown(name: invalid.name))

        // "--" because "-lead" would otherwise read as an option.
        let result = try store.refusedPublish(["--strict", "--", invalid.name])

        expectError(result, at: "\(invalid.name)/SKILL.md:2:7", saying: "name '\(invalid.name)' \(invalid.problem)")
    }

    @Test("With --strict, a name that differs from its folder's name is refused at the name")
    func nameNotMatchingFolder() throws {
        let store = try StoreWithOneSkill()
        try store.folder.write("folder-name/SKILL.md", skillMarkdown(name: "other-name"))

        let result = try store.refusedPublish(["--strict", "folder-name"])

        expectError(
            result, at: "folder-name/SKILL.md:2:7", saying: "name 'other-name' does not match its folder 'folder-name'")
    }

    @Test("A name over 64 bytes of non-ASCII letters is refused for its letters, not its length")
    func nonASCIIName() throws {
        let store = try StoreWithOneSkill()
        // 33 characters, 66 bytes: too long in bytes, and not a-z either.
        let name = String(repeating: "é", count: 33)
        try store.folder.write("accented.md", skillMarkdown(name: name))

        let result = try store.refusedPublish(["accented.md"])

        expectError(result, at: "accented.md:2:7", saying: "name '\(name)'")
        expectError(result, at: "accented.md:2:7", saying: "may hold only lowercase letters a-z, digits and hyphens")
    }

    @Test("With --strict, front-matter without a description is refused")
    func missingDescription() throws {
        let store = try StoreWithOneSkill()
        try store.folder.write(
            "no-description/SKILL.md", "---\nname: no-description\nversion: \"1.0\"\n---\n\n# Title\n")

        let result = try store.refusedPublish(["--strict", "no-description"])

        expectError(result, at: "no-description/SKILL.md:1:1", saying: "front-matter has no 'description'")
    }

    @Test("With --strict, a description of 1025 characters is refused at its value")
    func descriptionTooLong() throws {
        let store = try StoreWithOneSkill()
        try store.folder.write(
            "long-description/SKILL.md",
            skillMarkdown(name: "long-description", description: String(repeating: "d", count: 1025)))

        let result = try store.refusedPublish(["--strict", "long-description"])

        expectError(
            result, at: "long-description/SKILL.md:3:14",
            saying: "'description' is 1025 characters; at most 1024 are allowed")
    }

    @Test("The limits are inclusive: a 64-character name and a 1024-character description are accepted")
    func limitsAreInclusive() throws {
        let store = try StoreWithOneSkill()
        let name = String(repeating: "n", count: 64)
        try store.folder.write(
            "\(name)/SKILL.md", skillMarkdown(name: name, description: String(repeating: "d", count: 1024)))

        let result = try store.run(["publish", name])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(try store.listedNames() == ["first-skill", name])
    }

    // MARK: - Bytes that are not text

    @Test("Invalid UTF-8 is refused at the line and column of the bad byte")
    func invalidUTF8() throws {
        let store = try StoreWithOneSkill()
        // Line 5, after "author: Ren" (11 characters): column 12.
        let bytes = Data("---\nname: bad-bytes\ndescription: Not text.\nversion: \"1.0\"\nauthor: Ren".utf8)
            + Data([0xFF]) + Data("\n---\n\n# Title\n".utf8)
        try store.folder.write("bad-bytes/SKILL.md", bytes)

        let result = try store.refusedPublish(["bad-bytes"])

        expectError(result, at: "bad-bytes/SKILL.md:5:12", saying: "invalid UTF-8 (byte 0xFF")
    }

    @Test("A NUL byte is refused at its line and column")
    func nulByte() throws {
        let store = try StoreWithOneSkill()
        // skillMarkdown's body starts on line 7 ("# Title"); line 9 is "Some\0text.".
        try store.folder.write(
            "nul-byte/SKILL.md", skillMarkdown(name: "nul-byte", body: "# Title\n\nSome\u{0}text.\n"))

        let result = try store.refusedPublish(["nul-byte"])

        expectError(result, at: "nul-byte/SKILL.md:9:5", saying: "NUL byte")
    }

    // MARK: - What a skill folder may hold

    @Test("A 5 MiB file in references/ is over the 4 MiB limit and refuses the whole skill")
    func fileOverSizeLimit() throws {
        let store = try StoreWithOneSkill()
        try store.folder.write("big-reference/SKILL.md", skillMarkdown(name: "big-reference"))
        try store.folder.write("big-reference/references/big.txt", Data(repeating: 0x61, count: 5 << 20))

        let result = try store.refusedPublish(["big-reference"])

        // A whole-file problem has no line: the error names the file alone.
        expectError(
            result, at: "big-reference/references/big.txt",
            saying: "file is 5242880 bytes; the limit is 4194304 bytes")
    }

    @Test("A symlink pointing outside the skill folder is refused", arguments: [
        "/etc/hostname",
        "../first-skill/SKILL.md",
    ])
    func symlinkOutsideFolder(target: String) throws {
        let store = try StoreWithOneSkill()
        try store.folder.write("linked/SKILL.md", skillMarkdown(name: "linked"))
        try FileManager.default.createSymbolicLink(atPath: store.folder.path("linked/escape"), withDestinationPath: target)

        let result = try store.refusedPublish(["linked"])

        expectError(result, at: "linked/escape", saying: "symlink points outside the skill folder")
    }

    @Test("A FIFO in the skill folder is refused, not read")
    func specialFile() throws {
        let store = try StoreWithOneSkill()
        try store.folder.write("with-fifo/SKILL.md", skillMarkdown(name: "with-fifo"))
        let mkfifo = Process()
        mkfifo.executableURL = URL(fileURLWithPath: "/usr/bin/mkfifo")
        mkfifo.arguments = [store.folder.path("with-fifo/pipe")]
        try mkfifo.run()
        mkfifo.waitUntilExit()
        try #require(mkfifo.terminationStatus == 0, "mkfifo failed")

        // Reading a FIFO with no writer would block: a hang here is a failure too.
        let result = try store.refusedPublish(["with-fifo"])

        expectError(result, at: "with-fifo/pipe", saying: "special files (devices, sockets, FIFOs) are not published")
    }

    @Test("A folder with no SKILL.md in it or below it is refused")
    func noSkillFile() throws {
        let store = try StoreWithOneSkill()
        try store.folder.write("notes/drafts/README.md", "# Not a skill\n")

        let result = try store.refusedPublish(["notes"])

        expectError(result, at: "notes", saying: "no SKILL.md in this folder or any folder below it")
    }

    @Test("A file name that is not UTF-8 is refused for that reason")
    func fileNameNotUTF8() throws {
        let store = try StoreWithOneSkill()
        try store.folder.write("odd-name/SKILL.md", skillMarkdown(name: "odd-name"))
        // Swift strings are UTF-8, so the name is made from raw bytes: "odd-name/\xFF.md".
        let path = Array((store.folder.path("odd-name") + "/").utf8) + [0xFF] + Array(".md".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(descriptor >= 0, "cannot create a file with a non-UTF-8 name")
        close(descriptor)

        let result = try store.refusedPublish(["odd-name"])

        #expect(result.stderr.contains("[path-invalid]"), "\(result.stderr)")
    }

    // MARK: - All or nothing

    @Test("With --strict, a pack with 2 invalid skills among 5 publishes none and lists both errors")
    func packIsAllOrNothing() throws {
        let store = try StoreWithOneSkill()
        try writePackWithTwoInvalidSkills(in: store.folder)

        let result = try store.refusedPublish(["--strict", "pack"])

        expectError(result, at: "pack/tools/twice-named/SKILL.md:4:1", saying: "duplicate key 'name'")
        expectError(result, at: "pack/writing/no-front-matter/SKILL.md:1:1", saying: "must start with a '---' line")
    }

    @Test("With --skip-invalid --strict the same pack publishes its 3 valid skills, lists the 2 others, and exits 1")
    func packWithSkipInvalid() throws {
        let store = try StoreWithOneSkill()
        try writePackWithTwoInvalidSkills(in: store.folder)

        let result = try store.run(["publish", "--skip-invalid", "--strict", "pack"])

        #expect(result.status == 1, "\(result.stderr)")
        expectError(result, at: "pack/tools/twice-named/SKILL.md:4:1", saying: "duplicate key 'name'")
        expectError(result, at: "pack/writing/no-front-matter/SKILL.md:1:1", saying: "must start with a '---' line")
        #expect(result.stderr.contains("3 new, 0 unchanged, 2 refused"), "\(result.stderr)")
        #expect(try store.listedNames() == ["first-skill", "pack-one", "pack-three", "pack-two"])
    }

    /// Five skills at two depths; in path order the two invalid ones come
    /// between valid ones, so the valid skills on both sides of them are tested.
    private func writePackWithTwoInvalidSkills(in folder: TemporaryFolder) throws {
        try folder.write("pack/tools/pack-one/SKILL.md", skillMarkdown(name: "pack-one"))
        try folder.write("pack/tools/pack-two/SKILL.md", skillMarkdown(name: "pack-two"))
        try folder.write(
            "pack/tools/twice-named/SKILL.md",
            skillMarkdown(name: "twice-named", extraFrontMatter: "name: twice-named\nversion: \"1.0\""))
        try folder.write("pack/writing/no-front-matter/SKILL.md", "# Notes\n")
        try folder.write("pack/writing/pack-three/SKILL.md", skillMarkdown(name: "pack-three"))
    }

    // MARK: - Usage errors (2) and what is not there (3)

    @Test("'publish' with no PATH is a usage error")
    func publishWithoutPath() throws {
        let store = try StoreWithOneSkill()
        let result = try store.run(["publish"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("publish needs at least one PATH"), "\(result.stderr)")
        try store.expectUnchanged()
    }

    @Test("An unknown command is a usage error")
    func unknownCommand() throws {
        let store = try StoreWithOneSkill()
        let result = try store.run(["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command 'frobnicate'"), "\(result.stderr)")
        try store.expectUnchanged()
    }

    @Test("'cat' with something that is not a blob id is a usage error")
    func catWithoutBlobID() throws {
        let store = try StoreWithOneSkill()
        let result = try store.run(["cat", "nothex"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'nothex' is not a blob id"), "\(result.stderr)")
    }

    @Test("'cat' of a well-formed id that is not stored is not found")
    func catOfMissingBlob() throws {
        let store = try StoreWithOneSkill()
        let result = try store.run(["cat", "0123456789abcdef"])
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no blob 0123456789abcdef"), "\(result.stderr)")
    }

    @Test("'get' of a skill that is not published is not found")
    func getOfMissingSkill() throws {
        let store = try StoreWithOneSkill()
        let result = try store.run(["get", "no-such-skill"])
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no skill named 'no-such-skill'"), "\(result.stderr)")
    }
}

extension RefusedInputTests {
    /// A name that breaks the Agent Skills rules, and the reason skillctl gives.
    struct InvalidName: Sendable, CustomTestStringConvertible {
        var name: String
        var problem: String

        var testDescription: String { name.count > 20 ? "\(name.count) characters" : "'\(name)'" }

        static let all = [
            InvalidName(name: "Bad_Name", problem: "may hold only lowercase letters a-z, digits and hyphens"),
            InvalidName(name: "-lead", problem: "may not start or end with a hyphen"),
            InvalidName(name: "a--b", problem: "may not contain two hyphens in a row"),
            InvalidName(name: String(repeating: "a", count: 65), problem: "is 65 characters; at most 64 are allowed"),
        ]
    }
}

/// Expects a line of `result`'s standard error that starts with
/// `<place>: error: ` (place is `path:line:col`, or the path alone for a
/// problem with no line) and holds `message`.
private func expectError(
    _ result: Skillctl.Result, at place: String, saying message: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let prefix = "\(place): error: "
    let found = result.stderr.split(separator: "\n").contains { $0.hasPrefix(prefix) && $0.contains(message) }
    #expect(found, "no line '\(prefix)...\(message)...' in standard error:\n\(result.stderr)", sourceLocation: sourceLocation)
}

/// A store that already holds one published skill, `first-skill`, and the
/// means to show that a command left it exactly as it was.
private final class StoreWithOneSkill {
    let folder: TemporaryFolder
    private let skillctl: Skillctl
    private let before: DatabaseFiles

    init() throws {
        folder = try TemporaryFolder()
        skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let created = try skillctl.run(["init"])
        try #require(created.status == 0, "init: \(created.stderr)")
        try folder.write("first-skill/SKILL.md", skillMarkdown(name: "first-skill"))
        let published = try skillctl.run(["publish", "first-skill"], in: folder.url)
        try #require(published.status == 0, "publish: \(published.stderr)")
        // Read once the process has exited: its connection is closed, so the
        // write-ahead log has been checkpointed into the file and removed, and
        // the file alone is the whole database.
        before = try DatabaseFiles(database: skillctl.database)
        try #require(before.writeAheadLog == nil, "a -wal file remained after a publish exited")
    }

    /// Runs skillctl in the store's folder.
    func run(_ arguments: [String]) throws -> Skillctl.Result {
        try skillctl.run(arguments, in: folder.url)
    }

    /// Runs `publish arguments...` and expects it refused: exit 4, nothing on
    /// standard output, and the database unchanged.
    @discardableResult
    func refusedPublish(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Skillctl.Result {
        let result = try run(["publish"] + arguments)
        #expect(result.status == 4, "exit status; standard error:\n\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(result.output)", sourceLocation: sourceLocation)
        #expect(
            result.stderr.contains("skillctl: input refused; nothing was changed"), "\(result.stderr)",
            sourceLocation: sourceLocation)
        try expectUnchanged(sourceLocation: sourceLocation)
        return result
    }

    /// Expects the database byte-for-byte as it was after `first-skill` was
    /// published, with no write-ahead log left, and `ls` listing only that skill.
    func expectUnchanged(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let after = try DatabaseFiles(database: skillctl.database)
        #expect(after.writeAheadLog == nil, "a -wal file remained", sourceLocation: sourceLocation)
        // A Bool, not `after.main == before.main` in the macro: on failure Swift
        // Testing would diff the two byte arrays, which for megabytes never ends.
        let sameBytes = after.main == before.main
        #expect(
            sameBytes, "the database file changed (\(before.main.count) bytes before, \(after.main.count) after)",
            sourceLocation: sourceLocation)
        #expect(try listedNames() == ["first-skill"], sourceLocation: sourceLocation)
    }

    /// The names `ls --json` lists, in its order.
    func listedNames() throws -> [String] {
        let result = try run(["ls", "--json"])
        try #require(result.status == 0, "ls: \(result.stderr)")
        let skills = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        return skills.map { $0["name"] as? String ?? "" }
    }
}

/// The bytes of a SQLite database file and of its write-ahead log, if any.
private struct DatabaseFiles {
    var main: Data
    var writeAheadLog: Data?

    init(database: URL) throws {
        main = try Data(contentsOf: database)
        writeAheadLog = try? Data(contentsOf: URL(fileURLWithPath: database.path + "-wal"))
    }
}
