import Foundation
import PackagePlugin

/// Embeds the commit the build was made from (`git rev-parse --short HEAD`,
/// or "unknown" outside a git checkout) into the target as `buildCommit`,
/// for `skillctl --version`.
///
/// Plugins run at every build, so git runs here (a few milliseconds); the
/// commit goes to a file that is rewritten only when it changes, and that
/// file is the build command's input: the module is recompiled after a new
/// commit, not on every build.
@main
struct EmbedBuildCommitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let commit = Self.commit(of: context.package.directoryURL) ?? "unknown"
        let recorded = context.pluginWorkDirectoryURL.appending(path: "commit.txt")
        if (try? String(contentsOf: recorded, encoding: .utf8)) != commit {
            try Data(commit.utf8).write(to: recorded, options: .atomic)
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        return [
            .buildCommand(
                displayName: "Embedding the build's commit",
                executable: try context.tool(named: "EmbedText").url,
                arguments: [output.path, "buildCommit", recorded.path],
                inputFiles: [recorded],
                outputFiles: [output])
        ]
    }

    /// The short hash of HEAD, or nil when the folder is in no git checkout
    /// or git is missing.
    static func commit(of folder: URL) -> String? {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", folder.path, "rev-parse", "--short", "HEAD"]
        let output = Pipe()
        git.standardOutput = output
        git.standardError = FileHandle.nullDevice
        guard (try? git.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // A hash is all EmbedText may write between its quotes.
        guard git.terminationStatus == 0, !text.isEmpty, text.allSatisfy(\.isHexDigit) else { return nil }
        return text
    }
}
