// swift-tools-version: 6.0
import PackageDescription

// Every dependency is a Debian C library linked as a system-library target;
// no Swift package from outside the toolchain can be fetched on our machines.
let package = Package(
    name: "SkillStore",
    products: [
        .library(name: "SkillStore", targets: ["SkillStore"]),
        .library(name: "SkillStoreAPI", targets: ["SkillStoreAPI"]),
        .library(name: "BlobServer", targets: ["BlobServer"]),
        .library(name: "SkillStoreMCP", targets: ["SkillStoreMCP"]),
        .executable(name: "skillctl", targets: ["skillctl"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        // libmicrohttpd, loaded with dlopen when the server starts rather
        // than linked: it brings GnuTLS and seven more libraries, which every
        // command paid for at start-up. Headers from libmicrohttpd-dev.
        .target(name: "CMicroHTTPD", publicHeadersPath: "."),
        // libcrypto's SHA-256, loaded with dlopen on the first digest rather
        // than linked, so that commands that never hash do not load it at
        // start. Headers from libssl-dev.
        .target(name: "COpenSSL", publicHeadersPath: "."),
        // glibc calls the Swift Glibc module leaves out (renameat2, snprintf
        // of a double).
        .systemLibrary(name: "CLinux"),
        // libcurl's easy API through dlopen, for skillctl's remote client:
        // linked, libcurl and its thirty libraries would load at every start,
        // local commands included. Its headers come from libcurl4-openssl-dev.
        .target(name: "CCurl"),

        // Build-time tool: turns migrations/*.sql into Swift source, so the
        // binary carries its schema and never looks for the source tree.
        .executableTarget(name: "EmbedMigrations"),
        .plugin(
            name: "EmbedMigrationsPlugin", capability: .buildTool(),
            dependencies: ["EmbedMigrations"]),
        // Build-time tool: turns one text file into a Swift string constant
        // (the OpenAPI document), for the same reason.
        .executableTarget(name: "EmbedText"),
        .plugin(
            name: "EmbedAPIDocumentPlugin", capability: .buildTool(),
            dependencies: ["EmbedText"]),
        // The commit a build was made from, for `skillctl --version`: git
        // asked before every build, written as a Swift constant.
        .plugin(name: "EmbedBuildCommitPlugin", capability: .buildTool()),

        .target(
            name: "SkillStore",
            dependencies: ["CSQLite", "CCmarkGFM", "CYAML", "COpenSSL", "CLinux"],
            plugins: ["EmbedMigrationsPlugin"]),
        // The wire contract both ends share: route paths, request and reply
        // shapes, the JSON settings, the OpenAPI document. No HTTP of its own.
        .target(
            name: "SkillStoreAPI", dependencies: ["SkillStore"], exclude: ["openapi.json"],
            plugins: ["EmbedAPIDocumentPlugin"]),
        // HTTP on libmicrohttpd: the transport owns the C daemon, the routes
        // only ever see Swift requests and responses.
        // It serves MCP at /mcp: the HTTP of it here, the protocol in SkillStoreMCP.
        .target(name: "BlobServer", dependencies: ["SkillStore", "SkillStoreAPI", "SkillStoreMCP", "CMicroHTTPD"]),
        // MCP (JSON-RPC 2.0) over a store: the protocol, the skill:// resources,
        // the Skills extension and the tools. Transport-neutral but for stdio;
        // BlobServer carries it over HTTP.
        .target(name: "SkillStoreMCP", dependencies: ["SkillStore", "SkillStoreAPI"]),
        // mimalloc replaces glibc's malloc in the executable: a publish
        // allocates millions of small strings on three threads, and glibc's
        // allocator cost 13% of a 20,000-skill publish (docs/benchmarks.md).
        .executableTarget(
            name: "skillctl", dependencies: ["SkillStore", "SkillStoreAPI", "BlobServer", "SkillStoreMCP", "CCurl", "CLinux"],
            linkerSettings: [.linkedLibrary("mimalloc")], plugins: ["EmbedBuildCommitPlugin"]),

        // Helpers every test target shares: temporary folders, a process
        // runner, SKILL.md fixtures, a store fixture and the seeds' location.
        .target(name: "TestSupport", dependencies: ["SkillStore"], path: "Tests/TestSupport"),
        .testTarget(name: "SkillStoreTests", dependencies: ["SkillStore", "TestSupport"]),
        .testTarget(name: "SkillStoreAPITests", dependencies: ["SkillStoreAPI", "SkillStore", "TestSupport"]),
        .testTarget(
            name: "BlobServerTests", dependencies: ["BlobServer", "SkillStoreAPI", "SkillStore", "SkillStoreMCP", "TestSupport"]),
        .testTarget(name: "SkillStoreMCPTests", dependencies: ["SkillStoreMCP", "SkillStore", "TestSupport"]),
        .testTarget(name: "SkillctlTests", dependencies: ["skillctl", "SkillStore", "BlobServer", "TestSupport"]),
    ]
)
