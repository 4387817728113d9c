import Foundation

/// Derives a version label from git for a skill inside a checkout:
/// `git:<YYYYMMDD>.<sha7><A|M>`, from the last commit that touched the skill
/// (its committer date, in the commit's own time zone), and whether that
/// commit added (`A`) or modified (`M`) the skill's Markdown file. A commit
/// that touched only other files of the bundle counts as `M`.
public enum GitVersionLabel {
    public enum Outcome: Sendable, Equatable {
        case label(String)
        /// Why no label could be derived, said to a person.
        case unavailable(String)
    }

    /// `skillPath` is a skill folder or a lone skill file.
    static func derive(for source: SkillSource) -> Outcome {
        let isFolder = source.kind == .folder
        let folder = isFolder ? source.path : (source.path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        let pathspec = isFolder ? "." : (source.path as NSString).lastPathComponent
        let skillFile = isFolder ? "SKILL.md" : pathspec

        // Most skills published from a download are in no checkout: finding
        // no `.git` above them costs a few stat calls, where asking git
        // costs a process per skill (a third of a publish of real packs).
        guard mayBeInCheckout(directory),
              let top = git(["rev-parse", "--show-toplevel"], in: directory), !top.isEmpty
        else {
            return .unavailable("not inside a git checkout")
        }
        guard let status = git(["status", "--porcelain", "--untracked-files=all", "--", pathspec], in: directory) else {
            return .unavailable("git status failed")
        }
        // Hidden files are never published, so their state does not matter.
        let changes = status.split(separator: "\n").filter { line in
            let path = line.dropFirst(3).split(separator: " -> ").last ?? ""
            return !path.split(separator: "/").contains { $0.hasPrefix(".") }
        }
        if let first = changes.first {
            return .unavailable("the skill has uncommitted changes in git (\(first.trimmingCharacters(in: .whitespaces)))")
        }
        guard let log = git(["log", "-1", "--format=%H %cd", "--date=format:%Y%m%d", "--", pathspec], in: directory),
              !log.isEmpty
        else {
            return .unavailable("no git commit contains the skill")
        }
        let parts = log.split(separator: " ")
        guard parts.count == 2 else { return .unavailable("unexpected git log output: \(log)") }
        let commit = String(parts[0])
        let date = String(parts[1])
        let touched = git(
            ["diff-tree", "--no-commit-id", "--name-status", "-r", "--root", commit, "--", skillFile],
            in: directory) ?? ""
        let letter = touched.hasPrefix("A") ? "A" : "M"
        return .label("git:\(date).\(commit.prefix(7))\(letter)")
    }

    /// False when git would find no repository for `directory`: no `.git`
    /// in it or any folder above it, up to the file system's root or a
    /// folder of `GIT_CEILING_DIRECTORIES` (which git does not enter). True
    /// when one is there, or when the environment points git elsewhere
    /// (`GIT_DIR`), so that git itself decides.
    static func mayBeInCheckout(_ directory: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if let gitDirectory = environment["GIT_DIR"], !gitDirectory.isEmpty { return true }
        let ceilings = Set((environment["GIT_CEILING_DIRECTORIES"] ?? "").split(separator: ":").map {
            URL(fileURLWithPath: String($0)).standardizedFileURL.resolvingSymlinksInPath().path
        })
        // git walks the real path: a symlink into a checkout is in it.
        var current = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
        while true {
            if FileKind((current as NSString).appendingPathComponent(".git"), followingLinks: true) != .missing { return true }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty || ceilings.contains(parent) { return false }
            current = parent
        }
    }

    /// Runs git, returning its trimmed standard output, or nil if it failed.
    private static func git(_ arguments: [String], in directory: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        // Reading status must not write git's index.
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
