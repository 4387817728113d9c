import Foundation
import SkillStore
import SkillStoreAPI
import Synchronization

/// A publish to a server: the bundles are read and checked here (so that
/// local mistakes are reported with local paths), packed into one tar
/// archive with a top-level folder per skill, and sent in one request.
struct RemotePublish {
    let sources: [SkillSource]

    func send(to server: RemoteCatalog, version: String?, skipInvalid: Bool, strict: Bool) throws -> PublishReport {
        // One request is one transaction on the server, into one namespace.
        let namespaces = Dictionary(grouping: sources, by: \.namespace)
        guard namespaces.count <= 1, let namespace = namespaces.keys.first ?? Optional(Namespace.defaultName) else {
            let listed = namespaces.keys.sorted().map { "\($0) (\(namespaces[$0]!.count) skills)" }.joined(separator: ", ")
            throw UsageProblem(
                "a publish to a server goes into one namespace, and these skills are in \(namespaces.count): \(listed); "
                    + "publish each pack on its own, or name one with --namespace")
        }
        // A --version that is no label refuses every skill, as a local
        // publish does (the server would read an empty one as absent).
        if let version, VersionLabel.problem(with: version) != nil {
            let refusals = sources.compactMap { source in
                VersionLabel.refusal(of: version, path: source.skillFilePath).map { InputRefused([$0]) }
            }
            guard skipInvalid else { throw InputRefused(refusals.flatMap(\.diagnostics)) }
            var report = PublishReport()
            report.refused = refusals
            return report
        }
        var localPath: [String: String] = [:]  // top-level name in the archive -> path here
        // Skills refused here, one entry each: with --skip-invalid the rest
        // is still sent, as a local publish goes on past a refused skill.
        var refusedHere: [InputRefused] = []
        var bundles: [(name: String, bundle: SkillBundle)] = []
        for source in sources {
            let name = source.folderName ?? (source.path as NSString).lastPathComponent
            if let earlier = localPath[name] {
                refusedHere.append(InputRefused([Diagnostic(
                    path: source.path, location: nil,
                    message: "has the same name as \(earlier); a server publish sends each skill under its folder's name",
                    code: "name-duplicate")]))
                continue
            }
            do {
                bundles.append((name, try SkillBundle(reading: source)))
                localPath[name] = source.path
            } catch {
                refusedHere.append(error)
            }
        }
        if !refusedHere.isEmpty && !skipInvalid { throw InputRefused(merging: refusedHere) }
        var report = PublishReport()
        report.refused = refusedHere
        if bundles.isEmpty { return report }

        // git runs a few processes per skill: on every core, as a local publish does.
        let labels = Mutex([GitVersionLabel.Outcome?](repeating: nil, count: bundles.count))
        if version == nil {
            let bundles = bundles
            DispatchQueue.concurrentPerform(iterations: bundles.count) { index in
                let label = Self.gitLabel(for: bundles[index].bundle)
                labels.withLock { $0[index] = label }
            }
        }
        let entries = bundles.enumerated().flatMap { index, item in
            item.bundle.archiveEntries(named: item.name, gitLabel: labels.withLock { $0[index] })
        }

        // The server names files by their path in the archive; say them as
        // the paths here.
        func pathHere(_ path: String) -> String {
            let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
            guard let first = parts.first, let root = localPath[first] else { return path }
            return parts.count == 2 ? (root as NSString).appendingPathComponent(parts[1]) : root
        }
        func local(_ diagnostic: Diagnostic) -> Diagnostic {
            var diagnostic = diagnostic
            diagnostic.path = pathHere(diagnostic.path)
            return diagnostic
        }
        let reply: PublishReply
        do {
            reply = try server.publish(
                archive: TarArchive.write(entries), namespace: namespace, version: version, skipInvalid: skipInvalid,
                strict: strict)
        } catch let refused as InputRefused {
            throw InputRefused(refused.diagnostics.map(local), kind: refused.kind)
        }
        report.results = reply.published.map { result in
            var result = result
            result.path = pathHere(result.path)
            // Said with the paths here, as a local publish says them.
            result.warnings = result.warnings?.map(local)
            return result
        }
        // One refusal per skill, as a local publish counts them.
        var bySkill: [(String, [Diagnostic])] = []
        for diagnostic in reply.refused {
            let skill = String(diagnostic.path.split(separator: "/").first ?? "")
            if let index = bySkill.firstIndex(where: { $0.0 == skill }) {
                bySkill[index].1.append(local(diagnostic))
            } else {
                bySkill.append((skill, [local(diagnostic)]))
            }
        }
        report.refused += bySkill.map { InputRefused($0.1) }
        return report
    }

    /// The git label of a skill that declares no version, derived here as a
    /// local publish would (the server's copy is in no git checkout); nil
    /// when the skill declares one, or cannot be read (the server says why).
    private static func gitLabel(for bundle: SkillBundle) -> GitVersionLabel.Outcome? {
        guard let skillFile = bundle.skillFile,
              let document = try? SkillDocument.parse(skillFile.bytes, path: bundle.source.skillFilePath),
              document.declaredVersion == nil
        else { return nil }
        return bundle.derivedGitLabel()
    }
}
