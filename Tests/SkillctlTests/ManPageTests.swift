import Foundation
import Testing
import TestSupport

@testable import skillctl

/// `skillctl man`: a manual page made from the declarations the help uses.
@Suite struct ManPageTests {
    static let groff = SystemTool(name: "groff", package: "groff-base")

    static var page: String { ManPage(commands: CommandLineTool.commands).roff }

    /// The roff with its escapes for `-` undone, to look for option names in.
    static var plainPage: String { page.replacingOccurrences(of: "\\-", with: "-") }

    @Test func thePageHasEverySectionAndNamesEveryCommandAndOption() {
        let page = Self.page
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GLOBAL OPTIONS", "EXIT STATUS", "ENVIRONMENT"] {
            #expect(page.contains("\n.SH \(heading)\n"), "no \(heading) section")
        }
        let plain = Self.plainPage
        for command in CommandLineTool.commands {
            #expect(page.contains("\n.SS \(command.name)\n"), "no section for \(command.name)")
            for option in GlobalOptions.all + command.options {
                for spelling in option.spellings {
                    #expect(plain.contains("\\fB\(spelling)\\fR"), "\(command.name)'s \(spelling) is not on the page")
                }
            }
        }
        for variable in ["SKILLSTORE_DB", "SKILLSTORE_SERVER", "SKILLSTORE_TOKEN", "SKILLSTORE_MAX_ANSWER_MB", "XDG_DATA_HOME"] {
            #expect(page.contains(".TP\n\\fB\(variable)\\fR\n"), "\(variable) is not under ENVIRONMENT")
        }
        for status in 0...4 { #expect(page.contains(".TP\n\\fB\(status)\\fR\n"), "exit status \(status)") }
    }

    @Test func eachCommandsSectionHasItsUsageDiscussionAndOptions() throws {
        let page = Self.plainPage
        let start = try #require(page.range(of: "\n.SS pull\n"))
        let end = try #require(page.range(of: "\n.SS ", range: start.upperBound..<page.endIndex))
        let section = String(page[start.upperBound..<end.lowerBound])
        #expect(section.contains(#"\fBskillctl pull\fR \fI[NS/]NAME[@LABEL]|ID\fR... \fB--to\fR \fIDIR\fR"#))
        #expect(section.contains(#"\fBskillctl pull\fR \fB--locked\fR \fB--to\fR \fIDIR\fR [\fB--lock\fR \fIFILE\fR]"#))
        #expect(section.contains("Writes each skill\\(aqs whole folder"))
        #expect(section.contains(".TP\n\\fB--to\\fR \\fIDIR\\fR\nthe folder to install into (created when missing)\n"))
    }

    @Test func rawTextCannotBecomeARequestOrAnEscape() {
        #expect(Roff.escaped(".TH nothing") == #"\&.TH nothing"#)
        #expect(Roff.escaped("'br") == #"\(aqbr"#)
        #expect(Roff.escaped(#"a\fBb"#) == #"a\efBb"#)
        #expect(Roff.escaped("--db") == #"\-\-db"#)
        #expect(Roff.escaped("é") == #"\[u00E9]"#)
        #expect(Roff.paragraphs("first\n.second line\n\n  .example\n  two") == [
            ".PP", "first .second line", ".PP", ".RS 4", ".nf", #"\&.example"#, "two", ".fi", ".RE",
        ])
    }

    @Test(.enabled(if: groff.available, groff.skipReason))
    func groffRendersThePageWithoutWarnings() throws {
        let outcome = try Self.groff.run(["-man", "-Tutf8", "-ww", "-P-cbou"], stdin: Data(Self.page.utf8))
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty, "groff warned: \(outcome.stderr)")
        let text = outcome.output
        for command in CommandLineTool.commands {
            #expect(text.contains("skillctl \(command.name)"), "the rendered page has no usage of \(command.name)")
            for option in GlobalOptions.all + command.options {
                for spelling in option.spellings {
                    #expect(text.contains(spelling), "the rendered page leaves out \(command.name)'s \(spelling)")
                }
            }
        }
        #expect(text.contains("'fold -hinge'"), "quotes and hyphens are not printed as typed")
    }

    @Test func theCommandPrintsThePage() throws {
        let folder = try TemporaryFolder()
        let skillctl = Skillctl(database: folder.url.appendingPathComponent("store.db"))
        let printed = try skillctl.run(["man"])
        #expect(printed.status == 0)
        #expect(printed.output == Self.page)
        #expect(try skillctl.run(["man", "extra"]).status == 2)
    }
}
