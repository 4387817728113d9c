import SkillStore

struct TokenCommand: Command {
    static let name = "token"
    static let summary = "Create, list and revoke the tokens that may publish to a server."
    static let discussion = """
        Tokens live in the server's database (run these where the server's
        --db is). 'create' prints the secret once, on standard output: only
        its SHA-256 is stored, so it cannot be shown again. Clients send it
        as 'Authorization: Bearer <secret>' (skillctl publish --server URL
        --token SECRET, or SKILLSTORE_TOKEN).

        A token writes (publishes, yanks) only in the namespaces its
        --namespace glob matches, and only skills its --scope glob matches:
        a token for 'acme' cannot publish to 'other'. Tokens made before
        namespaces reach the default namespace only.
        """
    static let scope = Option.value(
        "--scope", "GLOB", "the skills the token may publish, as a glob over names ('duo-*'); default '*' (every skill)")
    static let namespace = Option.value(
        "--namespace", "GLOB", "the namespaces the token may write in ('acme', 'acme-*', '*'); default 'default'")
    static let options = [scope, namespace]
    static let usageForms = [
        UsageForm([.argument(Argument("create")), .argument(Argument("NAME")), .optional(namespace), .optional(scope)]),
        UsageForm([.argument(Argument("list"))]),
        UsageForm([.argument(Argument("revoke")), .argument(Argument("NAME"))]),
    ]

    enum Action {
        case create(name: String, scope: String, namespace: String)
        case list
        case revoke(name: String)
    }

    let action: Action

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let words = arguments.positionals
        switch (words.first, words.count) {
        case ("create", 2):
            action = .create(
                name: words[1], scope: arguments.value(Self.scope) ?? "*",
                namespace: arguments.value(Self.namespace) ?? Namespace.defaultName)
        case ("list", 1):
            action = .list
        case ("revoke", 2):
            action = .revoke(name: words[1])
        case ("create", _), ("revoke", _):
            throw UsageError("token \(words[0]) needs exactly one NAME", command: Self.name)
        case ("list", _):
            throw UsageError("token list takes no arguments", command: Self.name)
        default:
            throw UsageError("token needs an action: create NAME, list, or revoke NAME", command: Self.name)
        }
        for option in [Self.scope, Self.namespace] where arguments.value(option) != nil && words.first != "create" {
            throw UsageError("\(option.name) goes with 'token create'", command: Self.name)
        }
    }

    struct Created: Encodable {
        var token: PublishToken
        var secret: String
    }

    func run(_ context: Context) throws -> ExitCode {
        switch action {
        case .create(let name, let scope, let namespace):
            let (token, secret) = try context.openForWriting().createToken(name: name, scope: scope, namespace: namespace)
            if context.json {
                context.output.json(Created(token: token, secret: secret))
            } else {
                context.output.line(secret)
                if !context.quiet {
                    context.output.error("token '\(name)' may publish \(token.reach); the secret above is shown only once")
                }
            }
        case .list:
            let tokens = try context.openForReading().tokens()
            if context.json {
                context.output.json(tokens)
            } else if tokens.isEmpty {
                if !context.quiet { context.output.error("no tokens yet; create one with 'skillctl token create NAME'") }
            } else {
                context.output.table(
                    [["NAME", "NAMESPACE", "SCOPE", "CREATED", "REVOKED"]]
                        + tokens.map { [$0.name, $0.namespace, $0.scope, $0.createdAt, $0.revokedAt ?? "-"] })
            }
        case .revoke(let name):
            try context.openForWriting().revokeToken(name: name)
            if !context.quiet { context.output.error("token '\(name)' revoked") }
        }
        return .success
    }
}
