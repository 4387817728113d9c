import Foundation
@testable import SkillStore
import Testing
import TestSupport

/// Whether a skill folder may be in a git checkout is decided without
/// running git when no `.git` is above it, and left to git otherwise.
@Suite struct GitCheckoutProbeTests {
    @Test func aFolderWithNoGitAboveItIsInNoCheckout() throws {
        let folder = try TemporaryFolder()
        try folder.write("pack/skill/SKILL.md", "x\n")
        let skill = folder.url.appendingPathComponent("pack/skill").path
        // The ceiling stands for "nothing above the temporary folder", whatever the machine has there.
        #expect(!GitVersionLabel.mayBeInCheckout(skill, environment: ["GIT_CEILING_DIRECTORIES": folder.url.path]))
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("pack/.git"), withIntermediateDirectories: true)
        #expect(GitVersionLabel.mayBeInCheckout(skill, environment: ["GIT_CEILING_DIRECTORIES": folder.url.path]))
    }

    /// A worktree's `.git` is a file naming the repository.
    @Test func aGitFileCountsAsACheckout() throws {
        let folder = try TemporaryFolder()
        try folder.write("pack/.git", "gitdir: /elsewhere\n")
        try folder.write("pack/skill/SKILL.md", "x\n")
        let skill = folder.url.appendingPathComponent("pack/skill").path
        #expect(GitVersionLabel.mayBeInCheckout(skill, environment: ["GIT_CEILING_DIRECTORIES": folder.url.path]))
    }

    @Test func gitDirInTheEnvironmentLeavesItToGit() throws {
        let folder = try TemporaryFolder()
        #expect(GitVersionLabel.mayBeInCheckout(
            folder.url.path, environment: ["GIT_DIR": "/some/repo.git", "GIT_CEILING_DIRECTORIES": folder.url.path]))
    }

    @Test func aCeilingFolderIsNotEntered() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try folder.write("pack/skill/SKILL.md", "x\n")
        let skill = folder.url.appendingPathComponent("pack/skill").path
        let pack = folder.url.appendingPathComponent("pack").path
        #expect(GitVersionLabel.mayBeInCheckout(skill, environment: [:]))
        #expect(!GitVersionLabel.mayBeInCheckout(skill, environment: ["GIT_CEILING_DIRECTORIES": folder.url.path + ":" + pack]))
    }
}
