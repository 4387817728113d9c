import Foundation
import SkillStore
import SkillStoreAPI

struct SearchCommand: Command {
    static let name = "search"
    static let summary = "Ranked full-text search over skills, sections, rules, claims and sources."
    static let discussion = """
        Searches the latest version of every skill (names, descriptions,
        headings, rules, prose, fenced code and the bundle's text files) and
        prints the skills that best answer the query, best first: address
        (NAMESPACE/NAME outside the default namespace), skill version, blob
        id and score, where else the same SKILL.md is published, then the
        skill's best passages (sections, rules, claims) with the text around
        the matched words. A skill whose name is the query comes first.
        A skill whose safety scan found something at or above high (what
        pull refuses) is marked [risky: SEVERITY] after its score; --json
        carries every result's verdict as 'scan' (absent when not judged).
        --limit counts skills. With --kind or --label, prints rows instead
        (skill, section, rule, claim or source hits), as ranked full-text
        hits. Finding nothing is not an error.

        The query is read as a question: any of its words may match, stop
        words (how, do, I, a, the...) are left out, and skills holding more
        of the words, and rarer ones, rank first. With --kind or --label,
        every word but the stop words must match. Words are matched by their
        stem: folding finds fold.
          fold hinge       skills about folding and hinges
          "fold line"      the phrase, required
          fold*            words starting with fold
          fold OR crease   either
          fold -hinge      fold, not hinge (also: fold NOT hinge)
        Anything else is searched as plain words; no input is a syntax error.
        So that -word is not read as an option, pass the query as one quoted
        argument ('fold -hinge') or after --. QUERY - reads the query from
        standard input (bytes that are not UTF-8 are replaced).

        --explain adds, under each skill, why it ranked there: the query's
        words with the fields each matched in, bm25, coverage and the score.

        Matched words are bold on a terminal, else [between brackets] (also
        with NO_COLOR set, and in --json).
        """
    static let kind = Option.value("--kind", "K", "only skill, section, rule, claim or source hits")
    static let label = Option.value(
        "--label", "L", "only claims with this label (measured, derived, judgement, unverified, cited, unlabelled)")
    static let skill = Option.value("--skill", "GLOB", "only hits in skills whose name matches (dough-*)")
    static let namespace = Option.value("--namespace", "NS", "only hits in skills of this namespace")
    static let limit = Option.value("--limit", "N", "at most N skills, or hits with --kind or --label (default 10, at most 1000)")
    static let allVersions = Option.flag("--all-versions", "search every version of each skill, not only the latest")
    static let explain = Option.flag("--explain", "say why each skill ranked where it did (words, fields, scores)")
    static let options = [kind, label, skill, namespace, limit, allVersions, explain]
    static let arguments = [Argument("QUERY")]
    static let usageForms = [
        UsageForm(arguments: arguments, options: options),
        UsageForm([.argument(Argument("-")), .text("[options] < query.txt")]),
    ]
    static let worksWithServer = true

    let request: SearchRequest
    /// `search -`: the query comes from standard input.
    let readsStandardInput: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("search needs a query", command: Self.name)
        }
        readsStandardInput = arguments.positionals == ["-"]
        do {
            request = try SearchRequest(
                userQuery: arguments.positionals.joined(separator: " "), kind: arguments.value(Self.kind),
                label: arguments.value(Self.label), skill: arguments.value(Self.skill),
                namespace: arguments.value(Self.namespace), limit: arguments.value(Self.limit),
                allVersions: arguments.has(Self.allVersions), explain: arguments.has(Self.explain))
        } catch {
            throw UsageError(error.message { parameter in
                switch parameter {
                case .query: "QUERY"
                case .kind: Self.kind.name
                case .label: Self.label.name
                case .skill: Self.skill.name
                case .namespace: Self.namespace.name
                case .limit: Self.limit.name
                }
            }, command: Self.name)
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        var request = request
        if readsStandardInput {
            request.query = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let bold = context.output.standardOutputIsTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty
        if request.bySkill { return try runBySkill(request, context, bold: bold) }
        let hits = try context.catalog().search(request)
        if context.json {
            context.output.json(hits.map(SearchHitEntry.init))
            return .success
        }
        for hit in hits {
            var kind = hit.kind.rawValue
            if let label = hit.label { kind += " " + label.rawValue }
            var fields = [hit.address, kind]
            if let skill = hit.skill, let version = hit.version {
                fields.append("\(SkillKey(namespace: hit.namespace ?? Namespace.defaultName, name: skill))@\(version)")
            }
            fields.append(hit.id.hex)
            // Three significant digits: in a small store bm25 gives words
            // that most rows hold almost no weight, and scores get tiny.
            fields.append(String(printf: "%.3g", hit.score))
            context.output.line(fields.joined(separator: "  "))
            // The stored text is escaped run by run before the bold is added,
            // so that only the tool's own escape sequences style the line.
            let snippet = hit.snippet.reduce(TerminalText("")) { line, run in
                line + (!run.matched ? TerminalText(run.text) : bold ? .bold(run.text) : TerminalText("[\(run.text)]"))
            }
            context.output.line(TerminalText("    ") + snippet.collapsingWhitespace)
        }
        if !context.quiet { context.output.error(plural(hits.count, "hit")) }
        return .success
    }

    /// Skills, each with its passages: `ADDRESS  VERSION  ID  SCORE`
    /// (and `[risky: SEVERITY]`), then `also in:`, each passage's address, kind and snippet, and `why:`
    /// with --explain.
    private func runBySkill(_ request: SearchRequest, _ context: Context, bold: Bool) throws -> ExitCode {
        let skills = try context.catalog().searchSkills(request)
        if context.json {
            // JSONEncoder's bytes, written without its first use (`SearchEntryJSON`).
            context.output.write(SearchEntryJSON.text(skills, pretty: true) + [0x0A])
            return .success
        }
        // One write for the whole answer, not a system call per line.
        var lines: [TerminalText] = []
        for skill in skills {
            var fields = [skill.address, skill.version, skill.id, String(printf: "%.3g", skill.score)]
            if let risk = Self.riskTag(skill.scan) { fields.append(risk) }
            lines.append(TerminalText(fields.joined(separator: "  ")))
            if !skill.alsoIn.isEmpty { lines.append(TerminalText("    also in: " + skill.alsoIn.joined(separator: ", "))) }
            for passage in skill.passages {
                var kind = passage.kind
                if let label = passage.label { kind += " " + label }
                lines.append(
                    TerminalText("    \(passage.address)  \(kind)  ") + Self.marked(passage.snippet, bold: bold).collapsingWhitespace)
            }
            if let why = skill.explain {
                let words = why.words.map { word in
                    word.word + " (" + (word.fields.isEmpty ? "no field" : word.fields.joined(separator: ", "))
                        + String(printf: "; weight %.3g)", word.weight)
                }
                let scores = String(printf: "; coverage %.3g", why.coverage) + String(printf: ", bm25 %.3g", why.bm25)
                    + String(printf: ", name %.3g", why.name) + String(printf: ", description %.3g", why.description)
                    + String(printf: ", score %.3g", why.score)
                lines.append(TerminalText(
                    "    why: " + words.joined(separator: ", ") + scores + (why.exactName ? ", exact name: first" : "")))
            }
        }
        context.output.lines(lines)
        if !context.quiet { context.output.error(plural(skills.count, "skill")) }
        return .success
    }

    /// `[risky: high]` for a verdict that `pull` would refuse without
    /// `--allow-risky`; nil for one below that, and for no verdict.
    static func riskTag(_ verdict: ScanSummary?) -> String? {
        guard let verdict, verdict.reaches(PullCommand.refusedSeverity), let highest = verdict.highest else { return nil }
        return "[risky: \(highest.rawValue)]"
    }

    /// A snippet with its `[matched]` words bold on a terminal, as they are.
    private static func marked(_ snippet: String, bold: Bool) -> TerminalText {
        guard bold else { return TerminalText(snippet) }
        var text = TerminalText("")
        var rest = Substring(snippet)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            text = text + TerminalText(String(rest[..<open])) + .bold(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return text + TerminalText(String(rest))
    }
}
