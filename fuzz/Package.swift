// swift-tools-version: 5.4
import PackageDescription

// Tools version 5.4 on purpose: from 5.5 SwiftPM renames an executable's
// entry point and links `main` to it, which leaves these targets, whose
// `main` is libFuzzer's, with an undefined symbol.

// libFuzzer targets for the code that reads hostile input, kept out of the
// root package so that `swift build`, `make build` and CI never compile them.
// Each target is an executable whose `main` is libFuzzer's: its one file
// exports `LLVMFuzzerTestOneInput` and is compiled as a library file (no
// top-level code), and only its link asks for libFuzzer.
//
// The root package's modules get their coverage and address checks from the
// command line (`make fuzz-build`: `-sanitize=address -sanitize-coverage=...`
// and `-enable-testing`, for the `@testable` imports). Not `-sanitize=fuzzer`
// there: command-line flags also reach the build-tool executables the root
// package's plugins run, which must keep their own `main`.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name, dependencies: dependencies,
        swiftSettings: [.unsafeFlags(["-parse-as-library"])],
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])])
}

let skillStore: Target.Dependency = .product(name: "SkillStore", package: "SkillStore")

let package = Package(
    name: "SkillStoreFuzz",
    dependencies: [.package(name: "SkillStore", path: "..")],
    targets: [
        fuzzTarget("FuzzSkillDocument", [skillStore]),
        fuzzTarget("FuzzSkillGraph", [skillStore]),
        fuzzTarget("FuzzTarArchive", [skillStore]),
        fuzzTarget("FuzzIdentity", [skillStore]),
        fuzzTarget("FuzzSearchQuery", [skillStore, "FuzzSupport"]),
        fuzzTarget("FuzzHTTPRouter", [skillStore, .product(name: "BlobServer", package: "SkillStore"), "FuzzSupport"]),
        fuzzTarget("FuzzLockFile", [skillStore]),
        fuzzTarget("FuzzSkillScanner", [skillStore]),
        // A store with a few skills in it, for the targets that query one.
        .target(name: "FuzzSupport", dependencies: [skillStore]),
    ]
)
