import Foundation
import Testing
import TestSupport

@testable import skillctl

/// `skillctl completions SHELL`: scripts made from the declarations, checked
/// by the shells themselves where the machine has them.
@Suite struct CompletionScriptTests {
    static let zsh = SystemTool(name: "zsh")
    static let fish = SystemTool(name: "fish")
    static let bash = SystemTool(name: "bash")

    static var commands: [any Command.Type] { CommandLineTool.commands }

    /// Each option a command accepts, its own and the global ones, by every spelling.
    static func spellings(of command: any Command.Type) -> Set<String> {
        Set((GlobalOptions.all + command.options).flatMap(\.spellings))
    }

    // MARK: what the scripts name

    @Test(arguments: Shell.allCases)
    func theScriptNamesEveryCommandAndEveryDeclaredOption(_ shell: Shell) {
        let script = shell.completionScript()
        for command in Self.commands {
            #expect(script.contains(command.name), "\(shell) leaves out the command \(command.name)")
            for option in GlobalOptions.all + command.options {
                for spelling in option.spellings {
                    let written = switch shell {
                    case .bash, .zsh: spelling
                    case .fish: spelling.hasPrefix("--") ? "-l '\(spelling.dropFirst(2))'" : "-s '\(spelling.dropFirst())'"
                    }
                    #expect(script.contains(written), "\(shell) leaves out \(command.name)'s \(spelling)")
                }
            }
        }
    }

    @Test func placeholdersThatNamePathsCompleteFilesOrFolders() {
        #expect(GlobalOptions.db.valueCompletion == .files)
        #expect(PullCommand.to.valueCompletion == .directories)
        #expect(PullCommand.lock.valueCompletion == .files)
        #expect(VerifyCommand.arguments[0].valueCompletion == .directories)
        #expect(PublishCommand.arguments[0].valueCompletion == .files)
        #expect(CheckCommand.arguments[0].valueCompletion == .files)  // PATH|SKILL[@LABEL]
        #expect(GlobalOptions.server.valueCompletion == .anything)
        #expect(PublishCommand.version.valueCompletion == .anything)
        #expect(GlobalOptions.json.valueCompletion == nil)
        #expect(CompletionsCommand.arguments[0].valueCompletion == .words(["bash", "zsh", "fish"]))
        // A word in one usage form and a query in another: nothing is offered.
        #expect(CommandCompletion(SearchCommand.self).argument(0) == .anything)
        #expect(CommandCompletion(TokenCommand.self).argument(0) == .words(["create", "list", "revoke"]))
        #expect(CommandCompletion(TokenCommand.self).argument(2) == nil)
        #expect(CommandCompletion(PublishCommand.self).argument(5) == .files)
    }

    // MARK: the shells read them

    @Test func bashReadsItsScript() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("skillctl.bash", Shell.bash.completionScript())
        let outcome = try Self.bash.run(["-n", script.path])
        #expect(outcome.status == 0, "bash -n: \(outcome.stderr)")
    }

    @Test(.enabled(if: zsh.available, zsh.skipReason))
    func zshReadsItsScript() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("_skillctl", Shell.zsh.completionScript())
        let outcome = try Self.zsh.run(["-n", script.path])
        #expect(outcome.status == 0 && outcome.stderr.isEmpty, "zsh -n: \(outcome.stderr)")
    }

    @Test(.enabled(if: fish.available, fish.skipReason))
    func fishReadsItsScript() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("skillctl.fish", Shell.fish.completionScript())
        let outcome = try Self.fish.run(["-n", script.path])
        #expect(outcome.status == 0 && outcome.stderr.isEmpty, "fish -n: \(outcome.stderr)")
    }

    // MARK: what bash offers

    /// What bash's completion function offers for each line (its words, the
    /// last one being completed), run in `folder`.
    static func bashOffers(_ lines: [[String]], in folder: TemporaryFolder) throws -> [[String]] {
        let scripts = try TemporaryFolder()  // outside `folder`, whose files are what is offered
        let script = try scripts.write("skillctl.bash", Shell.bash.completionScript())
        var driver = "source \(Shell.quoted(script.path))\n"
        for words in lines {
            driver += "COMP_WORDS=(\(words.map(Shell.quoted).joined(separator: " "))); COMP_CWORD=\(words.count - 1)\n"
            driver += "COMPREPLY=(); _skillctl; printf '%s\\t' \"${COMPREPLY[@]}\"; echo\n"
        }
        let outcome = try bash.run(["-c", driver], in: folder.url)
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let replies = outcome.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(replies.count == lines.count, "\(outcome.output)")
        return replies.map { $0.split(separator: "\t").map(String.init) }
    }

    /// A folder holding one file and one folder, to see which a completion offers.
    static func folderWithAFileAndAFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("notes.txt", "")
        try folder.write("skills/SKILL.md", "")
        return folder
    }

    @Test func bashCompletesCommandNames() throws {
        let folder = try TemporaryFolder()
        let offers = try Self.bashOffers([["skillctl", ""], ["skillctl", "pu"], ["skillctl", "--db", "x", "ver"]], in: folder)
        #expect(offers[0] == Self.commands.map { $0.name })
        #expect(offers[1] == ["publish", "pull"])
        #expect(offers[2] == ["versions", "verify"])
    }

    @Test func bashOffersEachCommandsOptionsAndTheGlobalOnes() throws {
        let folder = try TemporaryFolder()
        let offers = try Self.bashOffers(Self.commands.map { ["skillctl", $0.name, "-"] }, in: folder)
        for (command, offered) in zip(Self.commands, offers) {
            #expect(Set(offered) == Self.spellings(of: command), "skillctl \(command.name) -<TAB>")
        }
        let beforeTheCommand = try Self.bashOffers([["skillctl", "--"]], in: folder)[0]
        #expect(Set(beforeTheCommand) == Set(GlobalOptions.all.map(\.name)))
    }

    @Test func bashCompletesPathValuesWithFilesOrFolders() throws {
        let folder = try Self.folderWithAFileAndAFolder()
        var lines: [[String]] = []
        var expected: [(String, [String])] = []
        for command in Self.commands {
            for option in GlobalOptions.all + command.options {
                let offered: [String]? = switch option.valueCompletion {
                case .files: ["notes.txt", "skills"]
                case .directories: ["skills"]
                case .anything: []
                case .words, nil: nil
                }
                guard let offered else { continue }
                for spelling in option.spellings {
                    lines.append(["skillctl", command.name, spelling, ""])
                    expected.append(("\(command.name) \(spelling) <TAB>", offered))
                    lines.append(["skillctl", command.name, spelling, "=", ""])
                    expected.append(("\(command.name) \(spelling)=<TAB>", offered))
                }
            }
            if let first = CommandCompletion(command).argument(0) {
                let offered: [String] = switch first {
                case .files: ["notes.txt", "skills"]
                case .directories: ["skills"]
                case .anything: []
                case .words(let words): words
                }
                lines.append(["skillctl", command.name, ""])
                expected.append(("\(command.name) <TAB>", offered))
            }
        }
        let offers = try Self.bashOffers(lines, in: folder)
        for ((line, wanted), offered) in zip(expected, offers) {
            #expect(offered.sorted() == wanted.sorted(), "skillctl \(line)")
        }
    }

    @Test func bashSkipsOptionValuesWhenCountingArguments() throws {
        let folder = try Self.folderWithAFileAndAFolder()
        let offers = try Self.bashOffers([
            ["skillctl", "--db", "x.db", "token", ""],
            ["skillctl", "token", "--scope", "a*", ""],
            ["skillctl", "token", "create", ""],
            ["skillctl", "completions", "z"],
            ["skillctl", "pull", "pdf", "--to", "s"],
            ["skillctl", "pull", "pdf", "--to=s"],
            ["skillctl", "verify", "--", ""],
        ], in: folder)
        #expect(offers[0] == ["create", "list", "revoke"])
        #expect(offers[1] == ["create", "list", "revoke"])
        #expect(offers[2] == [])
        #expect(offers[3] == ["zsh"])
        #expect(offers[4] == ["skills"])
        #expect(offers[5] == ["--to=skills"])
        #expect(offers[6] == ["skills"])
    }

    // MARK: what fish offers

    static func fishOffers(_ lines: [String], in folder: TemporaryFolder) throws -> [[String]] {
        let scripts = try TemporaryFolder()
        let script = try scripts.write("skillctl.fish", Shell.fish.completionScript())
        var driver = "source \(FishCompletionScript.quoted(script.path))\n"
        for line in lines { driver += "complete -C \(FishCompletionScript.quoted(line)); echo '<end>'\n" }
        let outcome = try fish.run(["-c", driver], in: folder.url)
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let replies = outcome.output.components(separatedBy: "<end>\n").dropLast()
        try #require(replies.count == lines.count, "\(outcome.output)")
        return replies.map { reply in
            reply.split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1)[0]) }
        }
    }

    @Test(.enabled(if: fish.available, fish.skipReason))
    func fishOffersCommandsOptionsAndPaths() throws {
        let folder = try Self.folderWithAFileAndAFolder()
        let lines = ["skillctl ", "skillctl --server x ", "skillctl token ", "skillctl pull --to ", "skillctl pull --to=",
                     "skillctl --db ", "skillctl publish --version "]
            + Self.commands.map { "skillctl \($0.name) -" }
        let offers = try Self.fishOffers(lines, in: folder)
        #expect(Set(offers[0]) == Set(Self.commands.map { $0.name }))
        #expect(Set(offers[1]) == Set(Self.commands.map { $0.name }))
        #expect(offers[2].sorted() == ["create", "list", "revoke"])
        #expect(offers[3] == ["skills/"])
        #expect(offers[4] == ["--to=skills/"])
        #expect(offers[5].sorted() == ["notes.txt", "skills/"])
        #expect(offers[6] == [])
        for (command, offered) in zip(Self.commands, offers.dropFirst(7)) {
            #expect(Set(offered) == Self.spellings(of: command), "skillctl \(command.name) -<TAB>")
        }
    }

    // MARK: the command

    @Test func theCommandPrintsTheScriptAndRefusesAnUnknownShell() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        for shell in Shell.allCases {
            let printed = try skillctl.run(["completions", shell.rawValue])
            #expect(printed.status == 0)
            #expect(printed.output == shell.completionScript())
        }
        let unknown = try skillctl.run(["completions", "tcsh"])
        #expect(unknown.status == 2)
        #expect(unknown.output.isEmpty)
        #expect(unknown.stderr.contains("unknown shell 'tcsh'; the supported shells are bash, zsh and fish"))
        let none = try skillctl.run(["completions"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("bash, zsh and fish"))
        #expect(!FileManager.default.fileExists(atPath: skillctl.database.path), "completions opened the database")
    }
}
