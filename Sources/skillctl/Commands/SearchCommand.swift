import Foundation
import SkillStore

struct SearchCommand: Command {
    static let name = "search"
    static let summary = "Ranked full-text search over skills, sections, rules, claims and sources."
    static let discussion = """
        Searches the latest version of every skill (names, descriptions,
        sections with their headings, rules, claims) and the source pages
        published with 'publish --source', and prints the best hits first:
        address (NAMESPACE/NAME outside the default namespace), kind (with
        the claim's label), skill version, blob id and
        score, then the text around the matched words. A skill whose name
        is the query comes first. Finding nothing is not an error.

        Query language (words are matched by their stem: folding finds fold):
          fold hinge       both words (AND is the default and may be written)
          "fold line"      the phrase
          fold*            words starting with fold
          fold OR crease   either
          fold -hinge      fold, not hinge (also: fold NOT hinge)
        Anything else is searched as plain words; no input is a syntax error.
        So that -word is not read as an option, pass the query as one quoted
        argument ('fold -hinge') or after --. QUERY - reads the query from
        standard input (bytes that are not UTF-8 are replaced).

        Matched words are bold on a terminal, else [between brackets] (also
        with NO_COLOR set, and in --json).
        """
    static let kind = Option.value("--kind", "K", "only skill, section, rule, claim or source hits")
    static let label = Option.value(
        "--label", "L", "only claims with this label (measured, derived, judgement, unverified, cited, unlabelled)")
    static let skill = Option.value("--skill", "GLOB", "only hits in skills whose name matches (dough-*)")
    static let namespace = Option.value("--namespace", "NS", "only hits in skills of this namespace")
    static let limit = Option.value("--limit", "N", "at most N hits (default 10, at most 1000)")
    static let allVersions = Option.flag("--all-versions", "search every version of each skill, not only the latest")
    static let options = [kind, label, skill, namespace, limit, allVersions]
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
                allVersions: arguments.has(Self.allVersions))
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
        let hits = try context.catalog().search(request)
        if context.json {
            context.output.json(hits.map(SearchHitEntry.init))
            return .success
        }
        let bold = context.output.standardOutputIsTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty
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
            fields.append(String(format: "%.3g", hit.score))
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
}

extension String {
    /// Every run of white space (new lines included) as one space, without leading or trailing space.
    var collapsingWhitespace: String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
