// swift-tools-version:6.0
// In-process search latency: SkillStore's search API timed without process
// start-up. Built and run by bench/search.sh, which links .deps/skillstore to
// the repository so that the package's identity does not depend on the
// folder the repository was cloned into. Not part of the main package: the
// project ships one executable.
import PackageDescription

let package = Package(
    name: "search-latency",
    dependencies: [.package(path: ".deps/skillstore")],
    targets: [
        .executableTarget(
            name: "search-latency", dependencies: [.product(name: "SkillStore", package: "skillstore")]),
    ]
)
