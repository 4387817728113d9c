import Foundation
import Testing
@testable import SkillStore

/// What the graph extractor reads out of a skill's Markdown (docs/graph.md):
/// claims and their provenance labels, sentences, rules,
/// citations and cross-links, each at its line and column in the file.
///
/// Every document here is a SKILL.md with four lines of front-matter and a
/// blank line, so its body starts on line 6. A claim is summed up on one line:
///
///     line:column unit label [every label] {qualifier} | text
@Suite struct ClaimExtractionTests {
    // MARK: - Label forms

    @Test("*Measured* at the start of a sentence labels that sentence")
    func leadingEmphasizedLabel() throws {
        let graph = try extract("*Measured* The fold takes 3 s on the test phone.\n")
        #expect(claims(graph) == ["6:1 paragraph measured [measured] | Measured The fold takes 3 s on the test phone."])
    }

    @Test("*Measured:* with the colon inside the emphasis")
    func leadingLabelWithColonInside() throws {
        let graph = try extract("*Measured:* The fold takes 3 s on the test phone.\n")
        #expect(claims(graph) == ["6:1 paragraph measured [measured] | Measured: The fold takes 3 s on the test phone."])
    }

    @Test("*Measured*: with the colon after the emphasis")
    func leadingLabelWithColonAfter() throws {
        let graph = try extract("*Measured*: The fold takes 3 s on the test phone.\n")
        #expect(claims(graph) == ["6:1 paragraph measured [measured] | Measured: The fold takes 3 s on the test phone."])
    }

    @Test("(*measured*) labels the sentence it closes")
    func parentheticalLabel() throws {
        let graph = try extract("The fold takes 3 s (*measured*).\n")
        #expect(claims(graph) == ["6:1 paragraph measured [measured] | The fold takes 3 s (measured)."])
    }

    @Test("(*measured*, detail): the detail is the label's qualifier")
    func parentheticalLabelWithQualifier() throws {
        let graph = try extract("The fold takes 3 s (*measured*, closed and open).\n")
        #expect(claims(graph) == [
            "6:1 paragraph measured [measured] {closed and open} | The fold takes 3 s (measured, closed and open)."
        ])
    }

    @Test("(*measured* detail) without a comma: the words after the label are its qualifier")
    func parentheticalLabelWithBareQualifier() throws {
        let graph = try extract("The fold takes 3 s (*measured* on the test phone).\n")
        #expect(claims(graph) == [
            "6:1 paragraph measured [measured] {on the test phone} | The fold takes 3 s (measured on the test phone)."
        ])
    }

    @Test("(*measured*: detail) is a claim of its own; the sentence keeps its own label")
    func parentheticalLabelWithDetail() throws {
        // Column 46 is the "3" after "(*measured*: ".
        let graph = try extract("*Derived* The lid closes in 4 s (*measured*: 3 s with a cold cache).\n")
        #expect(claims(graph) == [
            "6:1 paragraph derived [derived] | Derived The lid closes in 4 s (measured: 3 s with a cold cache).",
            "6:46 parenthetical measured [measured] | 3 s with a cold cache",
        ])
    }

    @Test("(*measured*: detail) in an unlabelled sentence leaves the sentence unlabelled")
    func parentheticalDetailDoesNotLabelItsSentence() throws {
        let graph = try extract("The lid closes quickly (*measured*: 3 s with a cold cache).\n")
        #expect(claims(graph) == [
            "6:1 paragraph unlabelled [] | The lid closes quickly (measured: 3 s with a cold cache).",
            "6:37 parenthetical measured [measured] | 3 s with a cold cache",
        ])
    }

    @Test("(*measured* closed: detail): a qualifier before the colon stays with the detail")
    func parentheticalDetailWithQualifierBeforeTheColon() throws {
        // "(" is column 30; the "3" after "closed: " is column 50.
        let graph = try extract("*Judgement* The lid is quick (*measured* closed: 3 s with a cold cache).\n")
        #expect(claims(graph) == [
            "6:1 paragraph judgement [judgement] | Judgement The lid is quick (measured closed: 3 s with a cold cache).",
            "6:50 parenthetical measured [measured] {closed} | 3 s with a cold cache",
        ])
    }

    @Test("A label word marked up inside the sentence labels it")
    func labelInsideTheSentence() throws {
        let graph = try extract("Both hinge positions are *unverified*.\n")
        #expect(claims(graph) == ["6:1 paragraph unverified [unverified] | Both hinge positions are unverified."])
    }

    @Test("Bare label words in parentheses in a table cell; the weakest is the claim's label")
    func bareLabelWordsInATableCell() throws {
        // "Side pocket" starts in column 10 of the row "| Tent | Side pocket ... |".
        let graph = try extract("""
            | Pose | Where |
            |---|---|
            | Tent | Side pocket (derived; unverified) |

            """)
        #expect(claims(graph) == ["8:10 table-row unverified [unverified, derived] | Side pocket (derived; unverified)"])
        #expect(graph.claims.map(\.context) == ["Tent · Where"])
    }

    @Test("Bare words that are not all labels: only the label words count")
    func bareWordsMixedWithOtherWords() throws {
        let graph = try extract("The cover bends (our reading of the photos; unverified).\n")
        #expect(claims(graph) == [
            "6:1 paragraph unverified [unverified] | The cover bends (our reading of the photos; unverified)."
        ])
    }

    @Test("Several labels in one sentence: all are kept, weakest first, and the weakest wins")
    func severalLabelsInOneSentence() throws {
        let graph = try extract("*Measured* The fold takes 3 s, *derived* from the log, and is *unverified* on tablets.\n")
        #expect(claims(graph) == [
            "6:1 paragraph unverified [unverified, derived, measured] "
                + "| Measured The fold takes 3 s, derived from the log, and is unverified on tablets."
        ])
    }

    @Test("Several labels marked up in one parenthetical all count")
    func severalLabelsInOneParenthetical() throws {
        let graph = try extract("The hinge lasts a year (*derived*, *judgement*).\n")
        #expect(graph.claims.map(\.label) == [.judgement])
        #expect(graph.claims.map(\.labels) == [[.judgement, .derived]])
        #expect(graph.claims.map(\.location.description) == ["6:1"])
    }

    @Test("'judgment' is the same label as 'judgement'")
    func judgmentSpelling() throws {
        let graph = try extract("*Judgment* Short names read better. Long names are skipped (*judgement*).\n")
        #expect(claims(graph) == [
            "6:1 paragraph judgement [judgement] | Judgment Short names read better.",
            "6:37 paragraph judgement [judgement] | Long names are skipped (judgement).",
        ])
    }

    @Test("Labels are matched whatever their case")
    func labelsIgnoreCase() throws {
        let graph = try extract("*MEASURED* The fold takes 3 s. The hinge takes 2 s (*Derived*).\n")
        #expect(claims(graph) == [
            "6:1 paragraph measured [measured] | MEASURED The fold takes 3 s.",
            "6:32 paragraph derived [derived] | The hinge takes 2 s (Derived).",
        ])
    }

    @Test("A leading label covers its own sentence only")
    func leadingLabelCoversOneSentence() throws {
        let graph = try extract("*Measured* The fold takes 3 s. The hinge takes 2 s.\n")
        #expect(claims(graph) == [
            "6:1 paragraph measured [measured] | Measured The fold takes 3 s.",
            "6:32 paragraph unlabelled [] | The hinge takes 2 s.",
        ])
    }

    @Test("A configured word for a label is read like the standard ones")
    func configuredVocabulary() throws {
        var vocabulary = LabelVocabulary.standard
        vocabulary.add("tested", meaning: .measured)
        let body = "*Tested* The fold takes 3 s.\n"

        let graph = try extract(body, vocabulary: vocabulary)
        #expect(claims(graph) == ["6:1 paragraph measured [measured] | Tested The fold takes 3 s."])
        // Without the word, the same sentence has no label.
        #expect(try extract(body).claims.map(\.label) == [.unlabelled])
    }

    @Test("A configured word beyond ASCII is read in any case, marked up or bare")
    func configuredVocabularyBeyondASCII() throws {
        var vocabulary = LabelVocabulary.standard
        vocabulary.add("geprüft", meaning: .measured)
        let graph = try extract("*GEPRÜFT* The fold takes 3 s. The hinge takes 2 s (derived; Geprüft).\n", vocabulary: vocabulary)
        #expect(claims(graph) == [
            "6:1 paragraph measured [measured] | GEPRÜFT The fold takes 3 s.",
            "6:32 paragraph derived [derived, measured] | The hinge takes 2 s (derived; Geprüft).",
        ])
    }

    // MARK: - Legend, negation, cited and unlabelled

    @Test("Legend sentences declare the skill's labels and are not claims")
    func legendSentences() throws {
        let graph = try extract("""
            *Measured* means we timed it on a device. *Derived* means worked out from measured numbers; \
            *unverified* means nobody checked yet. A link means the source says it.

            The fold takes 3 s (*measured*).

            """)
        #expect(graph.legend == ["measured", "derived", "unverified", "cited"])
        #expect(graph.legendLocations.map(\.line) == [6, 6, 6])
        #expect(claims(graph) == ["8:1 paragraph measured [measured] | The fold takes 3 s (measured)."])
    }

    @Test("A negated label is not that label")
    func negatedLabels() throws {
        let graph = try extract("The fold is not *measured* yet. The hinge is not yet *measured*, only *derived*.\n")
        #expect(claims(graph) == [
            "6:1 paragraph unlabelled [] | The fold is not measured yet.",
            "6:33 paragraph derived [derived] | The hinge is not yet measured, only derived.",
        ])
    }

    @Test("A negation is read among words beyond ASCII as among ASCII ones")
    func negationBeyondASCII() throws {
        let graph = try extract("The façade is not *measured*. The café was *measured*.\n")
        #expect(claims(graph) == [
            "6:1 paragraph unlabelled [] | The façade is not measured.",
            "6:32 paragraph measured [measured] | The café was measured.",
        ])
    }

    @Test("An unlabelled sentence with a link is cited; without one, unlabelled")
    func citedAndUnlabelled() throws {
        let graph = try extract("The guide says so ([guide](https://example.org/guide)). Nobody says why.\n")
        #expect(claims(graph) == [
            "6:1 paragraph cited [] | The guide says so (guide).",
            "6:57 paragraph unlabelled [] | Nobody says why.",
        ])
        #expect(graph.claims[0].citations == [0])
        #expect(graph.citations.map(\.claim) == [0])
    }

    @Test("A labelled sentence with a link keeps its label and the citation")
    func labelledSentenceWithALink() throws {
        let graph = try extract("The fold takes 3 s (*measured*, see [the log](logs/run.md)).\n")
        #expect(claims(graph) == [
            "6:1 paragraph measured [measured] {see the log} | The fold takes 3 s (measured, see the log)."
        ])
        #expect(graph.claims[0].citations == [0])
    }

    @Test("A sentence that opens with markup starts where the markup does, as a link does")
    func sentenceOpeningWithMarkupStartsAtTheMarkup() throws {
        let graph = try extract("[The guide](https://example.org/guide) says so. **Fold** it *first*.\n")
        #expect(graph.citations.map(\.location.description) == ["6:1"])
        // "**Fold**" opens the second sentence in column 49.
        #expect(claims(graph) == [
            "6:1 paragraph cited [] | The guide says so.",
            "6:49 paragraph unlabelled [] | Fold it first.",
        ])
    }

    // MARK: - Tables

    @Test("A table cell is a claim in the context 'row key · column header'; the first column is not a claim")
    func tableRows() throws {
        // "[Menu](...)" is columns 3-34; "Top bar" starts in 38, "Hidden" in 61.
        let graph = try extract("""
            | Control | Where | Notes |
            |---|---|---|
            | [Menu](https://example.org/menu) | Top bar (*measured*) | Hidden when folded |

            """)
        #expect(claims(graph) == [
            "8:38 table-row measured [measured] | Top bar (measured)",
            "8:61 table-row unlabelled [] | Hidden when folded",
        ])
        #expect(graph.claims.map(\.context) == ["Menu · Where", "Menu · Notes"])
        // The first column's link is still a citation, of no claim.
        #expect(graph.citations.count == 1)
        #expect(graph.citations.first?.url == "https://example.org/menu")
        #expect(graph.citations.first?.location.description == "8:3")
        #expect(graph.citations.first?.claim == nil)
    }

    // MARK: - Sentences

    @Test("Abbreviations are known in any case")
    func abbreviationsInAnyCase() throws {
        let graph = try extract("Bring a stand, a cloth, ETC. Then see Fig. The small one. Done.\n")
        #expect(graph.claims.map(\.text) == ["Bring a stand, a cloth, ETC. Then see Fig. The small one.", "Done."])
    }

    @Test("White space beyond ASCII around a heading is trimmed: the rules list under it is read")
    func headingTrimmedOfNonBreakingSpaces() throws {
        let graph = try extract("## Rules\u{00A0}\n\n1. Fold it (*judgement*).\n")
        #expect(graph.sections.map(\.path) == [["Rules"]])
        #expect(rules(graph) == ["R1 8:1 - in Rules"])
    }

    @Test("Abbreviations do not end a sentence")
    func abbreviationsDoNotEndSentences() throws {
        let graph = try extract("Use a stand, e.g. The small one. Then fold it, i.e. Close the lid.\n")
        #expect(graph.claims.map(\.text) == ["Use a stand, e.g. The small one.", "Then fold it, i.e. Close the lid."])
    }

    @Test("A decimal point does not end a sentence")
    func decimalsDoNotEndSentences() throws {
        let graph = try extract("The fold took 27.1 s on average. It was 3.5 s faster closed.\n")
        #expect(graph.claims.map(\.text) == ["The fold took 27.1 s on average.", "It was 3.5 s faster closed."])
        #expect(graph.claims.map(\.location.description) == ["6:1", "6:34"])
    }

    @Test("A dot in a code span does not end a sentence, and columns count the backticks")
    func codeSpansDoNotEndSentences() throws {
        let graph = try extract("Set `.bottomBar. Then` in code. It ends here.\n")
        #expect(graph.claims.map(\.text) == ["Set .bottomBar. Then in code.", "It ends here."])
        #expect(graph.claims.map(\.location.description) == ["6:1", "6:33"])
    }

    @Test("A sentence ends only before a capital, a digit or an opening mark")
    func sentencesEndBeforeACapital() throws {
        let graph = try extract("One ends here. two does not start. 3 starts. *Four* starts too.\n")
        #expect(graph.claims.map(\.text) == [
            "One ends here. two does not start.", "3 starts.", "Four starts too.",
        ])
    }

    @Test("'No.' as an answer ends its sentence")
    func noAsAnAnswerEndsASentence() throws {
        let graph = try extract("Can it stand alone? No. Use the tent pose.\n")
        #expect(graph.claims.map(\.text) == ["Can it stand alone?", "No.", "Use the tent pose."])
    }

    @Test("'No.' before a number is an abbreviation")
    func noBeforeANumberIsAnAbbreviation() throws {
        let graph = try extract("Use pose No. 5 on tablets. It stands best.\n")
        #expect(graph.claims.map(\.text) == ["Use pose No. 5 on tablets.", "It stands best."])
    }

    // MARK: - Rules

    @Test("A numbered list under '## Rules' is rules R1...Rn, titled by their leading bold text")
    func rulesUnderRules() throws {
        let graph = try extract("""
            ## Rules

            1. **Keep it short.** Short rules are read.
            2. Plain rule with no title.

            """)
        #expect(rules(graph) == ["R1 8:1 'Keep it short.' in Rules", "R2 9:1 - in Rules"])
    }

    @Test("A numbered list under '## Rules of thumb' is rules too")
    func rulesUnderRulesOfThumb() throws {
        let graph = try extract("""
            ## Rules of thumb

            1. **Fold first.** Then open.

            """)
        #expect(rules(graph) == ["R1 8:1 'Fold first.' in Rules of thumb"])
    }

    @Test("A numbered list under another heading is not rules")
    func numberedListElsewhereIsNotRules() throws {
        let graph = try extract("""
            ## Steps

            1. **Open the lid.** Then fold it.

            """)
        #expect(graph.rules.isEmpty)
        #expect(graph.claims.map(\.rule) == [nil, nil])
    }

    @Test("An item starting with its own id keeps it, and the id is not its title")
    func rulesWithTheirOwnIDs() throws {
        let graph = try extract("""
            ## Rules

            1. **R7** Bold id alone.
            2. R9. Plain id with a dot.
            3. **R12. Keep the lid shut.** Bold id and title.

            """)
        #expect(rules(graph) == ["R7 8:1 - in Rules", "R9 9:1 - in Rules", "R12 10:1 'Keep the lid shut.' in Rules"])
        #expect(graph.rules.map(\.number) == [7, 9, 12])
    }

    @Test("A rule's own id is neither a claim of its own nor a link to itself")
    func aRulesOwnIDIsNotAClaimOrALink() throws {
        let graph = try extract("""
            ## Rules

            1. R9. Plain id with a dot.

            """)
        #expect(graph.claims.map(\.text) == ["Plain id with a dot."])
        #expect(graph.links.isEmpty)
    }

    @Test("A list starting at 3 numbers its rules from R3")
    func rulesNumberedFromTheListStart() throws {
        let graph = try extract("""
            ## Rules

            3. **Third.** Starts at three.
            4. **Fourth.** Then four.

            """)
        #expect(rules(graph) == ["R3 8:1 'Third.' in Rules", "R4 9:1 'Fourth.' in Rules"])
    }

    @Test("Claims inside a rule carry its id")
    func claimsCarryTheirRule() throws {
        let graph = try extract("""
            ## Rules

            1. **Keep it short.** Long ones are skipped (*judgement*).
            2. **R7** The fold takes 3 s (*measured*).

            Outside any rule.

            """)
        #expect(claims(graph) == [
            "8:4 list-item unlabelled [] | Keep it short.",
            "8:23 list-item judgement [judgement] | Long ones are skipped (judgement).",
            "9:4 list-item measured [measured] | R7 The fold takes 3 s (measured).",
            "11:1 paragraph unlabelled [] | Outside any rule.",
        ])
        #expect(graph.claims.map(\.rule) == ["R1", "R1", "R7", nil])
        #expect(graph.claims.map(\.section) == [["Rules"], ["Rules"], ["Rules"], ["Rules"]])
    }

    // MARK: - Citations

    @Test("A relative path is a bundle citation, with its fragment")
    func bundleCitation() throws {
        let graph = try extract("See [the tent pose](references/tent.md#setup).\n")
        #expect(citations(graph) == ["6:5 bundle references/tent.md #setup | the tent pose"])
    }

    @Test("A URL equal to metadata.sources (without fragment) is a registry citation; others are external")
    func registryAndExternalCitations() throws {
        let graph = try extract(
            "See [entry a2](https://example.org/pack/sources.md#a2) and [the page](https://Example.org:443/guide?x=1#Vertical-controls).\n",
            frontMatter: "metadata:\n  sources: https://example.org/pack/sources.md#top\n")
        // Two more front-matter lines: the body starts on line 8.
        #expect(citations(graph) == [
            "8:5 registry https://example.org/pack/sources.md #a2 | entry a2",
            "8:60 external https://example.org/guide #Vertical-controls | the page",
        ])
    }

    @Test("The time in a URL: ?time=70, ?t=70, &t=1m10s and #t=70 are all 70 s")
    func urlTimes() throws {
        let graph = try extract("""
            A [clip](https://video.example.org/v?time=70). \
            B [clip](https://video.example.org/v?t=70). \
            C [clip](https://video.example.org/v?list=2&t=1m10s). \
            D [clip](https://video.example.org/v#t=70). \
            E [clip](https://video.example.org/v).

            """)
        #expect(graph.citations.map(\.urlTime) == [70, 70, 70, 70, nil])
        #expect(Set(graph.citations.map(\.target)) == ["https://video.example.org/v"])
    }

    @Test("Times written in link text: 1:10, 0:41 to 1:02, 1:02:03")
    func textTimes() throws {
        let graph = try extract("""
            Watch [the fold at 1:10](https://video.example.org/v?t=70). \
            Then [0:41 to 1:02](https://video.example.org/v?t=41). \
            Then [1:02:03](https://video.example.org/v?t=3723).

            """)
        #expect(graph.citations.map(\.textTimes) == [[70], [41, 62], [3723]])
        #expect(graph.citations.map(\.urlTime) == [70, 41, 3723])
    }

    @Test("TimeText reads m:ss and h:mm:ss, and leaves other numbers alone")
    func timeText() {
        #expect(TimeText.times(in: "at 1:10") == [70])
        #expect(TimeText.times(in: "0:41 to 1:02") == [41, 62])
        #expect(TimeText.times(in: "1:02:03") == [3723])
        #expect(TimeText.times(in: "3.5 s, version 1.2, ratio 16:9") == [])
        #expect(TimeText.duration("1m10s") == 70)
        #expect(TimeText.duration("1h2m3s") == 3723)
        #expect(TimeText.duration("70") == 70)
    }

    // MARK: - Cross-links

    @Test("A hyphenated name in backticks is a certain skill link; a plain word is uncertain; the skill's own name is none")
    func skillLinks() throws {
        // cmark places a code span at its first character, after the backtick.
        let graph = try extract("Use `other-skill` to fold and `frame` to box, not `test-skill` itself.\n")
        #expect(links(graph) == ["6:6 skill other-skill certain", "6:32 skill frame uncertain"])
    }

    @Test("Rule ids are tied to the nearest skill named before them")
    func ruleLinksTiedToTheNearestSkill() throws {
        let graph = try extract("As `duo-navigation` says in rules R4, R7 and R13, and `tent-poses` in R2.\n")
        #expect(links(graph) == [
            "6:5 skill duo-navigation certain",
            "6:56 skill tent-poses certain",
            "6:35 rule duo-navigation#R4",
            "6:39 rule duo-navigation#R7",
            "6:46 rule duo-navigation#R13",
            "6:71 rule tent-poses#R2",
        ])
    }

    @Test("A rule id with no skill named is a link to the skill itself")
    func bareRuleLinksToItself() throws {
        let graph = try extract("Our own R2 covers it.\n")
        #expect(links(graph) == ["6:9 rule test-skill#R2"])
    }

    // MARK: - Helpers

    private func extract(
        _ body: String, frontMatter: String = "", vocabulary: LabelVocabulary = .standard
    ) throws -> SkillGraph {
        let text = "---\nname: test-skill\ndescription: A skill for tests.\n\(frontMatter)---\n\n\(body)"
        return GraphExtractor.extract(
            from: try SkillDocument.parse(Array(text.utf8), path: "SKILL.md"), vocabulary: vocabulary)
    }

    /// `line:column unit label [labels] {qualifier} | text`, one per claim.
    private func claims(_ graph: SkillGraph) -> [String] {
        graph.claims.map { claim in
            let labels = claim.labels.map(\.rawValue).joined(separator: ", ")
            let qualifier = claim.qualifier.map { " {\($0)}" } ?? ""
            return "\(claim.location) \(claim.unit.rawValue) \(claim.label.rawValue) [\(labels)]\(qualifier) | \(claim.text)"
        }
    }

    /// `id line:column 'title' in section`, one per rule.
    private func rules(_ graph: SkillGraph) -> [String] {
        graph.rules.map { rule in
            "\(rule.id) \(rule.location) \(rule.title.map { "'\($0)'" } ?? "-") in \(rule.section.joined(separator: " > "))"
        }
    }

    /// `line:column kind target #fragment | text`, one per citation.
    private func citations(_ graph: SkillGraph) -> [String] {
        graph.citations.map { citation in
            let fragment = citation.fragment.map { " #\($0)" } ?? ""
            return "\(citation.location) \(citation.kind.rawValue) \(citation.target)\(fragment) | \(citation.text)"
        }
    }

    /// `line:column skill name certain|uncertain` or `line:column rule skill#R4`.
    private func links(_ graph: SkillGraph) -> [String] {
        graph.links.map { link in
            switch link.kind {
            case .skill: "\(link.location) skill \(link.skill) \(link.certain ? "certain" : "uncertain")"
            case .rule: "\(link.location) rule \(link.skill)#\(link.rule ?? "?")"
            }
        }
    }
}

/// "means" as a noun does not make a legend.
@Suite struct LegendWordingTests {
    @Test func aLabelMidPhraseBeforeMeansIsAClaimNotALegend() throws {
        let text = "---\nname: test-skill\ndescription: d\n---\n\nThe *derived* means of the runs differ by 2 s. Labels: *measured* means we ran it.\n"
        let graph = GraphExtractor.extract(from: try SkillDocument.parse(Array(text.utf8), path: "SKILL.md"))
        #expect(graph.claims.map(\.text) == ["The derived means of the runs differ by 2 s."])
        #expect(graph.claims.first?.label == .derived)
        #expect(graph.legend == ["measured"])
    }
}

/// Prose that once fooled the reader.
@Suite struct ProseEdgeTests {
    func graph(_ body: String) throws -> SkillGraph {
        let text = "---\nname: test-skill\ndescription: d\n---\n\n" + body
        return GraphExtractor.extract(from: try SkillDocument.parse(Array(text.utf8), path: "SKILL.md"))
    }

    @Test(arguments: [
        "We never *measured* it.", "It has not been *measured*.", "No one *measured* this.",
        "It wasn't *measured*.", "It was never *derived*.",
    ])
    func negatedLabelsDoNotCount(sentence: String) throws {
        #expect(try graph(sentence + "\n").claims.map(\.label) == [.unlabelled])
    }

    @Test func closingQuotesStayWithTheirSentenceAndTitlesDoNotEndOne() throws {
        let claims = try graph("He said \"Stop.\" Then he left. Ask Dr. Smith first.\n").claims.map(\.text)
        #expect(claims == ["He said \"Stop.\"", "Then he left.", "Ask Dr. Smith first."])
    }

    @Test func aLongNumberInLinkTextIsNoTime() throws {
        let citations = try graph("See [order 12345678901234567890](https://example.com/) and [99999999999999999999:00](https://example.com/x).\n").citations
        #expect(citations.map(\.textTimes) == [[], []])
    }

    @Test func ruleIDsTieToASkillNamedInTheirOwnSentence() throws {
        let links = try graph("See R9. Use `kg-two` for bars. Then apply R2.\n\nSee rules R1 and R2 of `kg-two`. Our own R3 matters too.\n").links
        let rules = links.filter { $0.kind == .rule }.map { "\($0.skill)#\($0.rule!)" }
        #expect(rules == ["test-skill#R9", "test-skill#R2", "kg-two#R1", "kg-two#R2", "test-skill#R3"])
    }

    @Test func namesAfterLowerCaseWordsAndBrandNamesEndAndStartSentences() throws {
        let claims = try graph("Use plan B. Then fold it. It runs iOS 27. iOS handles it. Ask J. Smith. John F. Kennedy spoke.\n").claims.map(\.text)
        #expect(claims == ["Use plan B.", "Then fold it.", "It runs iOS 27.", "iOS handles it.", "Ask J. Smith.", "John F. Kennedy spoke."])
    }
}
