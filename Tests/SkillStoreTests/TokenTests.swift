import Foundation
import Testing
import TestSupport
@testable import SkillStore

/// Publishing tokens: a secret shown once, only its hash kept, a scope over
/// skill names, and a revoke that holds at once.
@Suite struct TokenTests {
    @Test func aNewTokensSecretFindsIt() throws {
        let fixture = try StoreFixture()
        let (token, secret) = try fixture.store.createToken(name: "ci", scope: "duo-*")
        #expect(secret.hasPrefix("sks_"))
        #expect(secret.count == 4 + 64)
        #expect(secret.dropFirst(4).allSatisfy { "0123456789abcdef".contains($0) })
        #expect(token.name == "ci" && token.scope == "duo-*" && token.revokedAt == nil)
        #expect(try fixture.store.token(forSecret: secret) == token)
        #expect(try fixture.store.token(forSecret: secret + "0") == nil)
        #expect(try fixture.store.token(forSecret: "sks_" + String(repeating: "0", count: 64)) == nil)
    }

    @Test func theScopeDefaultsToEverySkill() throws {
        let fixture = try StoreFixture()
        let token = try fixture.store.createToken(name: "all").token
        #expect(token.scope == "*")
        #expect(token.allows("any-skill"))
    }

    @Test func twoTokensHaveDifferentSecrets() throws {
        let fixture = try StoreFixture()
        let a = try fixture.store.createToken(name: "a").secret
        let b = try fixture.store.createToken(name: "b").secret
        #expect(a != b)
        #expect(try fixture.store.token(forSecret: a)?.name == "a")
        #expect(try fixture.store.token(forSecret: b)?.name == "b")
    }

    @Test func theDatabaseKeepsOnlyTheSecretsSHA256() throws {
        let fixture = try StoreFixture()
        let secret = try fixture.store.createToken(name: "ci").secret
        // What the sqlite3 CLI sees in the file, not what the store says.
        let rows = try sqlite3(fixture.databasePath, "SELECT name, hash, scope FROM tokens")
        #expect(rows == "ci|\(BlobDigest(of: Array(secret.utf8)).hex)|*\n")
        let columns = try sqlite3(fixture.databasePath, "SELECT name FROM pragma_table_info('tokens') ORDER BY cid")
        #expect(columns == "name\nhash\nscope\ncreated_at\nrevoked_at\nnamespace\n")
        // Neither the database nor its journal holds the secret's text.
        for suffix in ["", "-wal", "-journal"] {
            guard let bytes = FileManager.default.contents(atPath: fixture.databasePath + suffix) else { continue }
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(suffix)")
            #expect(bytes.range(of: Data(secret.dropFirst(4).utf8)) == nil, "\(suffix)")
        }
    }

    @Test func aListedTokenCarriesNoSecret() throws {
        let fixture = try StoreFixture()
        let secret = try fixture.store.createToken(name: "ci").secret
        let listed = try fixture.store.tokens()
        #expect(listed.map(\.name) == ["ci"])
        let json = String(decoding: try JSONEncoder().encode(listed), as: UTF8.self)
        #expect(!json.contains(secret.dropFirst(4)))
        #expect(Set(Mirror(reflecting: listed[0]).children.compactMap(\.label)) == ["name", "namespace", "scope", "createdAt", "revokedAt"])
    }

    @Test func aNameIsTakenOnceEvenAfterRevoking() throws {
        let fixture = try StoreFixture()
        _ = try fixture.store.createToken(name: "ci")
        #expect(throws: UsageProblem.self) { try fixture.store.createToken(name: "ci", scope: "other-*") }
        try fixture.store.revokeToken(name: "ci")
        #expect(throws: UsageProblem.self) { try fixture.store.createToken(name: "ci") }
        #expect(try fixture.store.tokens().map(\.scope) == ["*"])
    }

    @Test(arguments: ["", "has space", "slash/name", "ünïcode", String(repeating: "a", count: 65)])
    func aNameOutsideTheAllowedCharactersIsRefused(name: String) throws {
        let fixture = try StoreFixture()
        #expect(throws: UsageProblem.self) { try fixture.store.createToken(name: name) }
        #expect(try fixture.store.tokens().isEmpty)
    }

    @Test func anEmptyScopeIsRefused() throws {
        let fixture = try StoreFixture()
        #expect(throws: UsageProblem.self) { try fixture.store.createToken(name: "ci", scope: "") }
    }

    @Test func tokensAreListedByNameWithTheRevokedOnesToo() throws {
        let fixture = try StoreFixture()
        let zed = try fixture.store.createToken(name: "zed").secret
        _ = try fixture.store.createToken(name: "alpha", scope: "duo-*")
        _ = try fixture.store.createToken(name: "Mid_1.x")
        try fixture.store.revokeToken(name: "zed")
        let listed = try fixture.store.tokens()
        #expect(listed.map(\.name) == ["Mid_1.x", "alpha", "zed"])
        #expect(listed.map { $0.revokedAt != nil } == [false, false, true])
        #expect(try fixture.store.token(forSecret: zed) == nil)
    }

    @Test func aRevokedTokenIsNotFoundBySecret() throws {
        let fixture = try StoreFixture()
        let (token, secret) = try fixture.store.createToken(name: "ci")
        try fixture.store.revokeToken(name: "ci")
        #expect(try fixture.store.token(forSecret: secret) == nil)
        let listed = try #require(try fixture.store.tokens().first)
        #expect(listed.name == "ci" && listed.createdAt == token.createdAt)
        let revokedAt = try #require(listed.revokedAt)
        #expect(revokedAt >= token.createdAt)
        // Revoking again keeps the first time and is no error.
        try fixture.store.revokeToken(name: "ci")
        #expect(try fixture.store.tokens().first?.revokedAt == revokedAt)
    }

    @Test func revokingAnUnknownNameIsNotFound() throws {
        let fixture = try StoreFixture()
        #expect(throws: SkillStoreError.notFound("no token named 'ghost'")) { try fixture.store.revokeToken(name: "ghost") }
    }

    @Test(arguments: [
        ("duo-*", "duo-x", true), ("duo-*", "duo-", true), ("duo-*", "duo-fold-tips", true),
        ("duo-*", "other", false), ("duo-*", "xduo-a", false), ("duo-*", "duo", false),
        ("*", "anything-at-all", true), ("exact-name", "exact-name", true), ("exact-name", "exact-names", false),
        ("team-?", "team-a", true), ("team-?", "team-ab", false),
    ])
    func theScopeIsAGlobOverSkillNames(scope: String, skill: String, allowed: Bool) {
        let token = PublishToken(name: "t", namespace: "*", scope: scope, createdAt: "2026-01-01T00:00:00Z", revokedAt: nil)
        #expect(token.allows(SkillKey(skill)) == allowed)
    }

    @Test func aScopedTokenPublishesItsSkillsAndIsRefusedTheRest() throws {
        let fixture = try StoreFixture()
        let token = try fixture.store.createToken(name: "duo", scope: "duo-*").token
        let inside = try fixture.skill("duo-x")
        let outside = try fixture.skill("other")
        func publish(_ paths: [String]) throws -> PublishReport {
            try fixture.publish(paths) { options in
                options.publisher = "token:\(token.name)"
                options.allowsSkill = { token.allows($0) }
                options.scopeDescription = "the scope '\(token.scope)' of token '\(token.name)'"
            }
        }
        let refused = try #require(throws: InputRefused.self) { try publish([inside, outside]) }
        #expect(refused.diagnostics.map(\.code) == ["token-scope"])
        #expect(refused.diagnostics.first?.message == "skill 'other' is outside the scope 'duo-*' of token 'duo'")
        #expect(try fixture.store.skills().isEmpty)

        #expect(try publish([inside]).results.map(\.name) == ["duo-x"])
        #expect(try fixture.store.version(of: "duo-x").publishedBy == "token:duo")
    }
}

/// The output of the `sqlite3` command-line shell on `path`, read only.
private func sqlite3(_ path: String, _ sql: String) throws -> String {
    String(decoding: try runTool("sqlite3", ["-readonly", path, sql]), as: UTF8.self)
}
