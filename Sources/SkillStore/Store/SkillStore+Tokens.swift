import Foundation

extension SkillStore {
    /// Creates a token and returns its secret, which is not kept: only its
    /// SHA-256 is stored. Names are unique, and a revoked name stays taken.
    /// The token publishes skills whose name matches the glob `scope` into
    /// the namespaces the glob `namespace` matches.
    public func createToken(
        name: String, scope: String = "*", namespace: String = Namespace.defaultName
    ) throws -> (token: PublishToken, secret: String) {
        guard !name.isEmpty, name.count <= 64, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
        else {
            throw UsageProblem("a token name is 1-64 letters, digits, '-', '_' or '.', not '\(name)'")
        }
        guard !scope.isEmpty else { throw UsageProblem("a token scope is a glob over skill names, such as '*' or 'duo-*'") }
        guard !namespace.isEmpty, namespace.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || "-*?[]!".contains($0)) })
        else {
            throw UsageProblem("a token's namespace is a namespace or a glob over namespaces, such as 'acme', 'acme-*' or '*', not '\(namespace)'")
        }
        var generator = SystemRandomNumberGenerator()
        let secret = "sks_" + (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let token = PublishToken(name: name, namespace: namespace, scope: scope, createdAt: Timestamp.now(), revokedAt: nil)
        try database.transaction {
            if try database.queryFirst("SELECT 1 AS taken FROM tokens WHERE name = ?", [.text(name)]) != nil {
                throw UsageProblem("a token named '\(name)' already exists (names stay taken after revoking)")
            }
            try database.statement("INSERT INTO tokens (name, hash, namespace, scope, created_at) VALUES (?, ?, ?, ?, ?)").run([
                .text(name), .text(BlobDigest(of: Array(secret.utf8)).hex), .text(namespace), .text(scope), .text(token.createdAt),
            ])
        }
        return (token, secret)
    }

    /// Every token, revoked ones included, by name.
    public func tokens() throws -> [PublishToken] {
        try database.query("SELECT name, namespace, scope, created_at, revoked_at FROM tokens ORDER BY name").map(Self.token)
    }

    /// Revokes the token `name`; it can no longer publish.
    public func revokeToken(name: String) throws {
        try database.statement("UPDATE tokens SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL")
            .run([.text(Timestamp.now()), .text(name)])
        guard database.changes == 1 else {
            if try database.queryFirst("SELECT 1 AS found FROM tokens WHERE name = ?", [.text(name)]) != nil {
                return  // already revoked: the outcome asked for holds
            }
            throw SkillStoreError.notFound("no token named '\(name)'")
        }
    }

    /// The live token whose secret this is, or nil.
    public func token(forSecret secret: String) throws -> PublishToken? {
        try database.queryFirst(
            "SELECT name, namespace, scope, created_at, revoked_at FROM tokens WHERE hash = ? AND revoked_at IS NULL",
            [.text(BlobDigest(of: Array(secret.utf8)).hex)]
        ).map(Self.token)
    }

    private static func token(_ row: Row) -> PublishToken {
        PublishToken(
            name: row.string("name"), namespace: row.string("namespace"), scope: row.string("scope"), createdAt: row.string("created_at"),
            revokedAt: row.optionalString("revoked_at"))
    }
}
