import Foundation
import SkillStore
import SkillStoreAPI
import Synchronization

/// A publish to a server: the bundles are read and checked here (so that
/// local mistakes are reported with local paths), packed into one tar
/// archive with a top-level folder per skill, and sent in one request.
struct RemotePublish {
    let sources: [SkillSource]
    let limits: BundleReader.Limits

    func send(to server: RemoteCatalog, version: String?, skipInvalid: Bool) throws -> PublishReport {
        // A --version that is no label refuses every skill, as a local
        // publish does (the server would read an empty one as absent).
        if let version, let problem = VersionLabel.problem(with: version) {
            let refusals = sources.map { source in
                InputRefused([Diagnostic(
                    path: source.skillFilePath, location: nil, message: "version label '\(version)' \(problem)",
                    code: "version-invalid")])
            }
            guard skipInvalid else { throw InputRefused(refusals.flatMap(\.diagnostics)) }
            var report = PublishReport()
            report.refused = refusals
            return report
        }
        var localPath: [String: String] = [:]  // top-level name in the archive -> path here
        var problems: [Diagnostic] = []
        var bundles: [(source: SkillSource, top: String, files: [BundleFile])] = []
        let reader = BundleReader(limits: limits)
        for source in sources {
            let top = source.folderName ?? (source.path as NSString).lastPathComponent
            if let earlier = localPath[top] {
                problems.append(Diagnostic(
                    path: source.path, location: nil,
                    message: "has the same name as \(earlier); a server publish sends each skill under its folder's name",
                    code: "name-duplicate"))
                continue
            }
            localPath[top] = source.path
            do {
                bundles.append((source, top, try reader.read(source)))
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw InputRefused(problems) }

        // git runs a few processes per skill: on every core, as a local publish does.
        let labels = Mutex([GitVersionLabel.Outcome?](repeating: nil, count: bundles.count))
        if version == nil {
            let bundles = bundles
            DispatchQueue.concurrentPerform(iterations: bundles.count) { index in
                let label = Self.gitLabel(for: bundles[index].source, skillFile: bundles[index].files.first)
                labels.withLock { $0[index] = label }
            }
        }
        var entries: [TarArchive.Entry] = []
        for (index, (source, top, files)) in bundles.enumerated() {
            let attributes = labels.withLock { $0[index] }.map(TarArchive.attributes) ?? [:]
            if source.kind == .folder {
                entries += files.map { file in
                    TarArchive.Entry(
                        path: top + "/" + file.path, bytes: file.bytes, executable: file.executable,
                        attributes: file.path == "SKILL.md" ? attributes : [:])
                }
            } else if let file = files.first {
                entries.append(TarArchive.Entry(path: top, bytes: file.bytes, executable: false, attributes: attributes))
            }
        }

        func local(_ path: String) -> String {
            let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
            guard let first = parts.first, let root = localPath[first] else { return path }
            return parts.count == 2 ? (root as NSString).appendingPathComponent(parts[1]) : root
        }
        let reply: PublishReply
        do {
            reply = try server.publish(archive: TarArchive.write(entries), version: version, skipInvalid: skipInvalid)
        } catch let refused as InputRefused {
            throw InputRefused(refused.diagnostics.map { $0.relocated(local) })
        }
        var report = PublishReport()
        report.results = reply.published.map { result in
            var result = result
            result.path = local(result.path)
            return result
        }
        // One refusal per skill, as a local publish counts them.
        var bySkill: [(String, [Diagnostic])] = []
        for diagnostic in reply.refused {
            let skill = String(diagnostic.path.split(separator: "/").first ?? "")
            if let index = bySkill.firstIndex(where: { $0.0 == skill }) {
                bySkill[index].1.append(diagnostic.relocated(local))
            } else {
                bySkill.append((skill, [diagnostic.relocated(local)]))
            }
        }
        report.refused = bySkill.map { InputRefused($0.1) }
        return report
    }

    /// The git label of a skill that declares no version, derived here as a
    /// local publish would (the server's copy is in no git checkout); nil
    /// when the skill declares one, or cannot be read (the server says why).
    private static func gitLabel(for source: SkillSource, skillFile: BundleFile?) -> GitVersionLabel.Outcome? {
        guard let skillFile, let document = try? SkillDocument.parse(skillFile.bytes, path: source.skillFilePath),
              document.declaredVersion == nil
        else { return nil }
        return GitVersionLabel.derive(for: source)
    }

}
